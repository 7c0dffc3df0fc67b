import { eq } from "drizzle-orm";
import { bookmarks, searchQueryDays, tags, type watchedTerms } from "../../../db/schema";
import { berlinDate } from "~/lib/berlin-time";
import { tagSlug } from "~/lib/tags";
import { findViewer } from "~/server/accounts";
import { watchTag } from "~/server/notifications";
import { normaliseSearchQuery, refreshSearchWords } from "~/server/search";
import type { Database, Transaction } from "~/server/db";
import { bookmarkReminder } from "~/server/bookmarks";
import { DAY, HOUR } from "./demo-time.server";

/** What the demo sets up around its discussions: the watch list, members' bookmarks, the community's events, a tag watch. */

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

/** What the demo's visitors searched in the last weeks: [query, searches, of which found nothing], spread over days. */
const demoSearches: Array<[string, number, number]> = [
  ["core web vitals", 41, 0],
  ["ga4", 37, 0],
  ["performance max", 29, 0],
  ["backlinks kaufen", 22, 0],
  ["llms.txt", 18, 0],
  ["suchmaschinenoptimierung", 15, 0],
  ["ai overviews", 14, 0],
  ["consent mode", 11, 0],
  ["core web vitls", 6, 6],
  ["tiktok ads", 9, 9],
  ["pinterest seo", 7, 7],
  ["shopware 7", 4, 4],
];

/**
 * The search's demo (the synonyms come with the migration): a few weeks of statistics, so /admin/synonyms shows what
 * is searched and what finds nothing, and the vocabulary of "Meinten Sie …?", since the demo's titles were inserted
 * as rows that announced nothing.
 */
export async function seedSearchDemo(database: Database, now: Date) {
  await database.transaction((tx) => seedSearchStatistics(tx, now));
  await refreshSearchWords(database);
}

async function seedSearchStatistics(tx: Transaction, now: Date) {
  const rows = demoSearches.flatMap(([query, searches, zeroHits], index) => {
    // Spread each query's searches over up to five days of the last three weeks.
    const days = Math.min(5, searches);
    return Array.from({ length: days }, (_, day) => {
      const share = Math.floor(searches / days) + (day < searches % days ? 1 : 0);
      const zero = Math.floor(zeroHits / days) + (day < zeroHits % days ? 1 : 0);
      return {
        day: berlinDate(new Date(now.getTime() - ((index + day * 4) % 21) * DAY)),
        query: normaliseSearchQuery(query),
        searches: share,
        zeroHits: zero,
      };
    });
  });
  await tx.insert(searchQueryDays).values(rows).onConflictDoNothing();
}

/**
 * The demo's tag watch (decision 0056): the member watches "GA4" as the tag page's switch sets it, so a new GA4
 * discussion rings their bell.
 */
export async function seedTagWatch(database: Database, memberId: string, tagName = "GA4") {
  const [tag] = await database
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.slug, tagSlug(tagName)));
  const member = await findViewer(memberId);
  if (!tag || !member) throw new Error(`Demo-Inhalt: kein Schlagwort "${tagName}" oder kein Mitglied ${memberId}`);
  const watched = await watchTag(member, { tagId: tag.id, level: "watching" });
  if (!watched.ok) throw new Error(`Demo-Inhalt: Schlagwort "${tagName}" nicht beobachtet (${watched.reason})`);
}
