import { bookmarks, type watchedTerms } from "../../../db/schema";
import type { Transaction } from "~/server/db";
import { bookmarkReminder } from "~/server/bookmarks";
import { DAY, HOUR } from "./demo-time.server";

/** What the demo sets up around its discussions: the watch list, members' bookmarks, the community's events. */

export const demoWatchedTerms: Array<Pick<typeof watchedTerms.$inferInsert, "kind" | "term" | "action" | "replacement">> = [
  { kind: "word", term: "casino", action: "block" },
  { kind: "word", term: "viagra", action: "block" },
  { kind: "word", term: "platz-1-garantie", action: "replace", replacement: "[Werbeversprechen entfernt]" },
  { kind: "link-domain", term: "billige-backlinks.example", action: "block" },
];

const bookmarkNotes = [
  "Für das nächste Kunden-Reporting",
  "Mit dem Team besprechen",
  "Checkliste daraus bauen",
  "Beim nächsten Relaunch daran denken",
];

/**
 * Every approved demo member (and the administrator) keeps two bookmarks: someone else's answer with a note, and a discussion with a
 * reminder in three days (a job of the runner, as a member's own would be), so /bookmarks and the reminder show.
 */
export async function seedBookmarks(
  tx: Transaction,
  now: Date,
  members: { key: string; id: string }[],
  seeded: { id: string; author: string; comments: { id: string; author: string }[] }[],
) {
  for (const [index, { key, id: memberId }] of members.entries()) {
    const answered = seeded.filter((discussion) => discussion.comments.length > 0);
    const thread = answered[(index * 3) % answered.length]!;
    const answer = thread.comments.find((comment) => comment.author !== key) ?? thread.comments[0]!;
    const later = seeded[(index * 5 + 1) % seeded.length]!;
    await tx.insert(bookmarks).values({
      memberId,
      discussionId: thread.id,
      commentId: answer.id,
      note: bookmarkNotes[index % bookmarkNotes.length]!,
      createdAt: new Date(now.getTime() - (index + 1) * HOUR),
    });
    const remindAt = new Date(now.getTime() + 3 * DAY);
    const [kept] = await tx
      .insert(bookmarks)
      .values({ memberId, discussionId: later.id, commentId: null, remindAt, createdAt: new Date(now.getTime() - index * HOUR) })
      .onConflictDoNothing()
      .returning({ id: bookmarks.id });
    if (kept) await bookmarkReminder.enqueue(tx, { bookmarkId: kept.id }, { runAt: remindAt });
  }
}

export function demoEvents(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      title: "SEO-Stammtisch Berlin",
      description: "Monatliches Treffen für SEOs aus Berlin und Umgebung.",
      location: "Berlin",
      startsAt: at(12),
      createdAt: at(-20),
      updatedAt: at(-20),
    },
    {
      title: "SMX München – Community-Treffen",
      description: "Wir treffen uns am Abend des ersten Konferenztags.",
      location: "München",
      startsAt: at(95),
      createdAt: at(-4),
      updatedAt: at(-4),
    },
    {
      title: "Online-Meetup: KI-Suche und AI Overviews",
      description: "Erfahrungsaustausch per Video-Call, 60 Minuten.",
      location: "Online",
      startsAt: at(5),
      createdAt: at(-2),
      updatedAt: at(-2),
    },
  ];
}
