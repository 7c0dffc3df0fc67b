import { sql, type SQL } from "drizzle-orm";
import { discussionWatches, type NotificationKind } from "../../../db/schema";
import { queryRows, type Database, type Transaction } from "~/server/db";

/**
 * Fan-out (issue 18): who hears of a change is decided by one set-based
 * statement in the change's own transaction, so the member's request costs the
 * same with 2,000 watchers as with none, and a rolled-back write tells nobody.
 * Unread notifications with the same group key are one row that counts up.
 * E-mails are left to the notification mail worker (notification-mail.server.ts).
 */

/**
 * An unread row with the same group key counts up instead (its new item is
 * added by the caller's statement); the mail worker looks at it again.
 */
const GROUP_UPSERT = sql`on conflict (recipient_id, group_key) where read_at is null
    do update set count = notifications.count + 1, updated_at = now(), actor_id = excluded.actor_id, mailed_at = null`;

/**
 * Whether `member` muted the discussion: their own level for it, or, where
 * they chose none, their category's (as in Discourse, a muted category mutes
 * its discussions; writing in one watches it, which lifts that). A muted
 * discussion tells them nothing, mentions included.
 */
function mutedFor(member: SQL, discussionId: string): SQL {
  return sql`coalesce(
    (select m.level from discussion_watches m where m.member_id = ${member} and m.discussion_id = ${discussionId}),
    (select cw.level from category_watches cw join discussions cd on cd.category = cw.category where cd.id = ${discussionId} and cw.member_id = ${member} and cw.level = 'muted'),
    'normal') = 'muted'`;
}

/** NOTIFY channel (migration 0014_notifications): payload a member's id (their unread count changed) or '*' (many changed). */
export const NOTIFICATIONS_CHANNEL = "notifications";

/**
 * A new comment tells, in one statement in the comment's own transaction, the
 * answered comment's author, the discussion's author and everyone watching the
 * discussion; each member once, by the most specific kind. Nobody hears of
 * their own comment, of a discussion they muted (or whose category they muted,
 * mutedFor), or of a hidden discussion.
 * The writer then watches the discussion, unless they chose a level before.
 */
export async function notifyComment(
  tx: Transaction,
  input: { discussionId: string; commentId: string; actorId: string; parentAuthorId: string | null; alreadyTold?: string[] },
): Promise<void> {
  const { discussionId, commentId, actorId, parentAuthorId } = input;
  // Members this comment mentions heard of it by the more specific kind already (notifyMentions).
  const alreadyTold = input.alreadyTold?.length ? sql`and candidate.recipient not in (${sql.join(input.alreadyTold.map((id) => sql`${id}`), sql`, `)})` : sql``;
  await tx.execute(sql`
    with told as (
    insert into notifications (recipient_id, kind, group_key, discussion_id, comment_id, actor_id, shown)
    select distinct on (candidate.recipient) candidate.recipient, candidate.kind, candidate.kind || ':' || ${discussionId}::text,
      ${discussionId}::uuid, ${commentId}::uuid, ${actorId}, coalesce(s.in_page, true)
    from (
      select ${parentAuthorId}::text as recipient, 'reply_to_comment'::text as kind, 1 as rank where ${parentAuthorId}::text is not null
      union all
      select d.author_id, 'reply_to_discussion', 2 from discussions d where d.id = ${discussionId} and d.author_id is not null
      union all
      select w.member_id, 'watched_discussion', 3 from discussion_watches w where w.discussion_id = ${discussionId} and w.level = 'watching'
    ) candidate
    join profiles p on p.id = candidate.recipient
    left join notification_settings s on s.member_id = candidate.recipient and s.kind = candidate.kind
    where candidate.recipient <> ${actorId} ${alreadyTold}
      and exists (select 1 from discussions d where d.id = ${discussionId} and d.hidden_at is null)
      and not ${mutedFor(sql`candidate.recipient`, discussionId)}
      and (coalesce(s.in_page, true) or (coalesce(s.email, true) and p.newsletter_subscribed))
    order by candidate.recipient, candidate.rank
    ${GROUP_UPSERT}
    returning id
    )
    insert into notification_items (notification_id, discussion_id, comment_id) select id, ${discussionId}::uuid, ${commentId}::uuid from told
  `);
  await tx.insert(discussionWatches).values({ memberId: actorId, discussionId, level: "watching" }).onConflictDoNothing();
}

/**
 * A new discussion tells everyone watching its category (grouped per category
 * while unread); its author watches it from now on.
 */
export async function notifyDiscussion(tx: Transaction, input: { discussionId: string; category: string; actorId: string }): Promise<void> {
  const { discussionId, category, actorId } = input;
  await tx.execute(sql`
    with told as (
    insert into notifications (recipient_id, kind, group_key, discussion_id, actor_id, shown)
    select w.member_id, 'watched_category', 'watched_category:' || ${category}::text, ${discussionId}::uuid, ${actorId}, coalesce(s.in_page, true)
    from category_watches w
    join profiles p on p.id = w.member_id
    left join notification_settings s on s.member_id = w.member_id and s.kind = 'watched_category'
    where w.category = ${category} and w.level = 'watching' and w.member_id <> ${actorId}
      and (coalesce(s.in_page, true) or (coalesce(s.email, true) and p.newsletter_subscribed))
    ${GROUP_UPSERT}
    returning id
    )
    insert into notification_items (notification_id, discussion_id) select id, ${discussionId}::uuid from told
  `);
  await tx.insert(discussionWatches).values({ memberId: actorId, discussionId, level: "watching" }).onConflictDoNothing();
}

/** One notification for one member about their account or post (approval, moderation); never for their own action. */
export async function notifyMember(
  tx: Transaction | Database,
  input: { recipientId: string; kind: Extract<NotificationKind, "account_approved" | "moderated">; actorId: string | null; discussionId?: string; commentId?: string; detail?: string },
): Promise<void> {
  if (input.actorId !== null && input.actorId === input.recipientId) return;
  const groupKey = `${input.kind}:${input.detail ?? ""}:${input.commentId ?? input.discussionId ?? input.recipientId}`;
  await tx.execute(sql`
    insert into notifications (recipient_id, kind, group_key, discussion_id, comment_id, actor_id, detail, shown)
    select p.id, ${input.kind}, ${groupKey}, ${input.discussionId ?? null}::uuid, ${input.commentId ?? null}::uuid, ${input.actorId}, ${input.detail ?? null}, coalesce(s.in_page, true)
    from profiles p
    left join notification_settings s on s.member_id = p.id and s.kind = ${input.kind}
    where p.id = ${input.recipientId} and (coalesce(s.in_page, true) or (coalesce(s.email, true) and p.newsletter_subscribed))
    ${GROUP_UPSERT}
  `);
}


/**
 * Members named in a post (mentions.server.ts resolved them: approved, at most
 * ten) hear of it in the post's transaction; never the author, never about a
 * hidden discussion, never who muted it (Discourse does the same). On an edit the caller passes only the newly added ones.
 * Unread mentions in one discussion are one row that counts up. Returns who was told.
 */
export async function notifyMentions(
  tx: Transaction,
  input: { discussionId: string; commentId?: string; actorId: string; memberIds: string[] },
): Promise<string[]> {
  const recipients = input.memberIds.filter((id) => id !== input.actorId);
  if (recipients.length === 0) return [];
  const { discussionId, actorId } = input;
  const told = await queryRows<{ recipient_id: string }>(sql`
    with told as (
    insert into notifications (recipient_id, kind, group_key, discussion_id, comment_id, actor_id, shown)
    select p.id, 'mention', 'mention:' || ${discussionId}::text, ${discussionId}::uuid, ${input.commentId ?? null}::uuid, ${actorId}, coalesce(s.in_page, true)
    from profiles p
    left join notification_settings s on s.member_id = p.id and s.kind = 'mention'
    where p.id in (${sql.join(recipients.map((id) => sql`${id}`), sql`, `)})
      and p.approval_status = 'approved'
      and exists (select 1 from discussions d where d.id = ${discussionId} and d.hidden_at is null)
      and not ${mutedFor(sql`p.id`, discussionId)}
      and (coalesce(s.in_page, true) or (coalesce(s.email, true) and p.newsletter_subscribed))
    ${GROUP_UPSERT}
    returning id, recipient_id
    ), items as (
      insert into notification_items (notification_id, discussion_id, comment_id) select id, ${discussionId}::uuid, ${input.commentId ?? null}::uuid from told
    )
    select recipient_id from told
  `, tx);
  return told.map((row) => row.recipient_id);
}
