import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  comments,
  discussions,
  notificationKinds,
  notificationMailLog,
  notifications,
  notificationSettings,
  profiles,
  type NotificationKind,
} from "../../../db/schema";
import { isCategory } from "~/lib/categories";
import { alwaysMailedKinds, DIGEST_MAIL_KIND, kindList, notificationText } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { signingSecret } from "~/server/accounts";
import { commentHref } from "~/server/discussions";
import { db, defineService, excluded, queryRows, type Transaction } from "~/server/db";
import { env, fail, ok, type Outcome, hiddenFromPublic } from "~/server/platform";
import { notificationMail, queueMail } from "~/server/mail";
import { defineSchedule } from "~/server/jobs";
import { isMessageRow, readableMessageRow } from "./message-notifications.server";
import {
  ABOUT_THE_MEMBER,
  countedByRow,
  kindsMailedOnlyOnRequest,
  notificationRow,
  targetComment,
  targetDiscussion,
  visibleItems,
} from "./notifications.server";

/** At most one mail per member and discussion within this time; what comes later waits and goes out as one. */
export const MAIL_INTERVAL_MINUTES = 60;

/**
 * A message is mailed only if it is still unread this long after it came (decision 0062): a member who is on the
 * site reads it there, and the mail is for the one who is away. Later messages of the conversation join the same mail.
 */
export const MESSAGE_MAIL_DELAY_MINUTES = 15;

// ---------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058): a signed token names the member and the
// kinds of one mail (a bundle may hold several); it turns their e-mail off
// without signing in.
// ---------------------------------------------------------------------------

function signature(memberId: string, kinds: string): string {
  return createHmac("sha256", signingSecret).update(`unsubscribe\n${memberId}\n${kinds}`).digest("base64url");
}

/** What a token can name: a notification kind's e-mail, or the digest mail. */
export type MailKind = NotificationKind | typeof DIGEST_MAIL_KIND;

export function unsubscribeToken(memberId: string, kinds: readonly MailKind[]): string {
  const listed = [...new Set(kinds)].join(",");
  return `${Buffer.from(`${memberId}\n${listed}`).toString("base64url")}.${signature(memberId, listed)}`;
}

/** Kinds whose e-mail a member can turn off: all but the approval, which the spec announces (worker skips it); and the digest. */
const unsubscribable = (kind: string): kind is MailKind =>
  kind === DIGEST_MAIL_KIND ||
  ((notificationKinds as readonly string[]).includes(kind) && !alwaysMailedKinds.includes(kind as NotificationKind));

/** The kinds as tokens in mails sent before decision 0022 spell them: those links still unsubscribe. */
const formerKindNames: Readonly<Record<string, NotificationKind>> = {
  reply_to_discussion: "reply-to-discussion",
  reply_to_comment: "reply-to-comment",
  watched_category: "watched-category",
  watched_discussion: "watched-discussion",
};

/** The member and kinds a token was made for, or null for anything not signed by us. */
export function readUnsubscribeToken(token: string): { memberId: string; kinds: MailKind[] } | null {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const [memberId, listed, ...extra] = Buffer.from(payload, "base64url").toString("utf8").split("\n");
  if (!memberId || !listed || extra.length > 0) return null;
  // The signature covers the list as it was written; only its reading is translated.
  const kinds = listed.split(",").map((kind) => formerKindNames[kind] ?? kind);
  if (!kinds.every(unsubscribable)) return null;
  const expected = Buffer.from(signature(memberId, listed));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { memberId, kinds };
}

/**
 * Turns the e-mail of the token's kinds off for its member (in-page notifications stay as they were); the digest's
 * period becomes "never". The signed token is the permission: whoever holds the mail's link acts for its member,
 * signed in or not.
 */
export async function unsubscribe(token: string): Promise<Outcome<{ kinds: MailKind[] }>> {
  const target = readUnsubscribeToken(token);
  if (!target) return fail("invalid", "Dieser Abmeldelink ist ungültig.");
  return turnMailsOff({ id: target.memberId }, { kinds: target.kinds });
}

const turnMailsOff = defineService<{ id: string }, { kinds: MailKind[] }, true, { kinds: MailKind[] }>({
  policy: () => true,
  load: async () => true,
  async change(tx, { actor, input: { kinds } }) {
    const [member] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, actor.id));
    if (!member) return fail("not-found", "Dieses Konto gibt es nicht mehr.");
    const notificationKindsOff = kinds.filter((kind): kind is NotificationKind => kind !== DIGEST_MAIL_KIND);
    if (notificationKindsOff.length > 0)
      await tx
        .insert(notificationSettings)
        .values(notificationKindsOff.map((kind) => ({ memberId: actor.id, kind, email: false })))
        .onConflictDoUpdate({ target: [notificationSettings.memberId, notificationSettings.kind], set: { email: false } });
    if (kinds.includes(DIGEST_MAIL_KIND)) await tx.update(profiles).set({ digestPeriod: "never" }).where(eq(profiles.id, actor.id));
    return ok({ kinds });
  },
});

// ---------------------------------------------------------------------------
// The worker: notifications that still want a mail, bundled per member and
// discussion, at most one mail per hour each.
// ---------------------------------------------------------------------------

interface DueRow extends Record<string, unknown> {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  count: number;
  detail: string | null;
  discussion_id: string | null;
  comment_id: string | null;
  conversation_id: string | null;
  topic: string;
  email: string;
  first_name: string;
  wants: boolean;
  visible: boolean;
  title: string | null;
  slug: string | null;
  category: string | null;
  target_discussion_id: string | null;
  discussion_hidden: boolean | null;
  actor_first: string | null;
  actor_last: string | null;
}

const n = notificationRow;
const p = alias(profiles, "p");
const s = alias(notificationSettings, "s");
const d = alias(discussions, "d");
const tc = alias(comments, "tc");
const a = alias(profiles, "a");
const l = alias(notificationMailLog, "l");

/** What one mail is about, at most one an hour each: a discussion, a conversation, or the member's own account. */
const topic = sql`coalesce(${n.discussionId}::text, 'conversation:' || ${n.conversationId}::text, 'member')`;

/**
 * Mails what is due, in one transaction: rows nobody wants mailed (master
 * switch or the kind's e-mail off, content hidden since, the approval that has its
 * own mail) are marked done; the rest go out one mail per member and
 * discussion, a group counting and linking only its visible items
 * (notifications.server.ts). A discussion mailed within the hour is left out by the query
 * itself, so its notifications wait and go out together after the hour.
 * SKIP LOCKED lets every app server run it. Returns how many notifications
 * it settled and how many mails it queued.
 */
export async function mailDueNotifications(limit = 500): Promise<{ settled: number; mails: number }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<DueRow>(
      sql`
      select ${n.id}, ${n.recipientId}, ${n.kind}, case when ${countedByRow} then ${n.count} else v.visible end as count,
        ${n.detail}, ${n.discussionId}, ${tc.id} as comment_id, ${n.conversationId},
        ${topic} as topic, ${p.email}, ${p.firstName},
        (${p.newsletterSubscribed} and coalesce(${s.email}, ${n.kind} not in ${kindsMailedOnlyOnRequest}) and ${n.kind} not in (${sql.join(
          alwaysMailedKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}) and (not ${isMessageRow} or ${n.readAt} is null)) as wants,
        (${n.kind} in ${ABOUT_THE_MEMBER} or ${readableMessageRow} or v.visible > 0) as visible,
        ${d.title}, ${d.slug}, ${d.category}, ${d.id} as target_discussion_id, ${hiddenFromPublic.discussion(d)} as discussion_hidden,
        ${a.firstName} as actor_first, ${a.lastName} as actor_last
      from ${notifications} ${n}
      join ${profiles} ${p} on ${p.id} = ${n.recipientId}
      left join ${notificationSettings} ${s} on ${s.memberId} = ${n.recipientId} and ${s.kind} = ${n.kind}
      cross join ${visibleItems}
      left join ${discussions} ${d} on ${d.id} = ${targetDiscussion}
      left join ${comments} ${tc} on ${tc.id} = ${targetComment}
      left join ${profiles} ${a} on ${a.id} = ${n.actorId}
      where ${n.mailedAt} is null
        and not exists (
          select 1 from ${notificationMailLog} ${l}
          where ${l.memberId} = ${n.recipientId} and ${l.topic} = ${topic}
            and ${l.sentAt} > now() - make_interval(mins => ${MAIL_INTERVAL_MINUTES})
        )
        -- A message waits its delay unless it was read meanwhile (then it is settled without a mail).
        and (not ${isMessageRow} or ${n.readAt} is not null or ${n.createdAt} <= now() - make_interval(mins => ${MESSAGE_MAIL_DELAY_MINUTES}))
      order by ${n.createdAt}
      limit ${limit}
      for update of n skip locked`,
      tx,
    );
    if (rows.length === 0) return { settled: 0, mails: 0 };
    const bundles = new Map<string, DueRow[]>();
    for (const row of rows) {
      if (!row.wants || !row.visible) continue;
      const key = `${row.recipient_id}\n${row.topic}`;
      bundles.set(key, [...(bundles.get(key) ?? []), row]);
    }
    for (const bundle of bundles.values()) await mailBundle(tx, bundle);
    await tx
      .update(notifications)
      .set({ mailedAt: sql`now()` })
      .where(
        inArray(
          notifications.id,
          rows.map((row) => row.id),
        ),
      );
    return { settled: rows.length, mails: bundles.size };
  });
}

/** Batches until nothing is due (a fan-out to thousands leaves several). */
export async function mailAllDueNotifications(): Promise<number> {
  let mails = 0;
  for (;;) {
    const batch = await mailDueNotifications();
    mails += batch.mails;
    if (batch.settled === 0) return mails;
  }
}

async function mailBundle(tx: Transaction, bundle: DueRow[]): Promise<void> {
  const first = bundle[0]!;
  const lines = bundle.map((row) =>
    notificationText({
      kind: row.kind,
      count: Number(row.count),
      detail: row.detail,
      actorName: row.actor_first === null ? null : `${row.actor_first} ${row.actor_last ?? ""}`.trim(),
      discussionTitle: row.title,
      category: isCategory(row.category) ? row.category : null,
    }),
  );
  // A hidden discussion is a 404 for its author (decision 0007): the notice about it links the list instead.
  const path = first.conversation_id
    ? paths.conversation(first.conversation_id)
    : first.slug === null || first.target_discussion_id === null || first.discussion_hidden
      ? paths.notifications
      : first.comment_id === null
        ? paths.discussion(first.slug)
        : await commentHref({ id: first.target_discussion_id, slug: first.slug }, first.comment_id, tx);
  const kinds = [...new Set(bundle.map((row) => row.kind))];
  const unsubscribeUrl = `${env.PUBLIC_URL}${paths.unsubscribe(unsubscribeToken(first.recipient_id, kinds))}`;
  await queueMail(
    notificationMail({
      to: first.email,
      name: first.first_name,
      lines,
      discussionTitle: first.title,
      url: `${env.PUBLIC_URL}${path}`,
      kinds: kindList(kinds),
      unsubscribeUrl,
      settingsUrl: `${env.PUBLIC_URL}${paths.profile(first.recipient_id)}`,
    }),
    tx,
  );
  await tx
    .insert(notificationMailLog)
    .values({ memberId: first.recipient_id, topic: first.topic, sentAt: sql`now()` })
    .onConflictDoUpdate({
      target: [notificationMailLog.memberId, notificationMailLog.topic],
      set: { sentAt: excluded(notificationMailLog.sentAt) },
    });
}

/** The mails of what is due, every few seconds, on one app server at a time. */
defineSchedule("notification-mails", {
  everySeconds: 5,
  async run() {
    await mailAllDueNotifications();
  },
});
