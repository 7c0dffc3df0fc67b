import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  categoryWatches,
  comments,
  discussions,
  discussionTags,
  discussionWatches,
  notificationItems,
  notifications,
  notificationSettings,
  profiles,
  pushSubscriptions,
  tags,
  tagWatches,
  userRoles,
  type NotificationKind,
} from "../../../db/schema";
import { excluded, queryRows, unqualified, type Database, type Transaction } from "~/server/db";
import { excerpt, visible } from "~/server/platform";
import { mailedOnlyOnRequestKinds, pushableKinds, pushedByDefault } from "~/lib/notifications";

// The statements' aliases: `d` a discussion, `p` a recipient's profile, `s` their settings.
const d = alias(discussions, "d");
const p = alias(profiles, "p");
const s = alias(notificationSettings, "s");

/**
 * Fan-out (decision 0018): who hears of a change is decided by one set-based
 * statement in the change's own transaction, so the member's request costs the
 * same with 2,000 watchers as with none, and a rolled-back write tells nobody.
 * Unread notifications with the same group key are one row that counts up.
 * E-mails are left to the notification mail worker (notification-mail.server.ts).
 */

/**
 * An unread row with the same group key counts up instead (its new item is
 * added by the caller's statement); the mail worker looks at it again.
 */
export const GROUP_UPSERT = sql`on conflict (${unqualified(notifications.recipientId, notifications.groupKey)}) where ${unqualified(notifications.readAt)} is null
    do update set ${unqualified(notifications.count)} = ${notifications.count} + 1, ${unqualified(notifications.updatedAt)} = now(),
      ${unqualified(notifications.actorId)} = ${excluded(notifications.actorId)}, ${unqualified(notifications.mailedAt)} = null,
      ${unqualified(notifications.pushedAt)} = null`;

const sqlList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
const ps = alias(pushSubscriptions, "ps");
/** The kind of the comment's and the discussion's `candidate` rows (a derived table of those statements, not a schema column). */
const candidateKind = sql.raw("candidate.kind");

/**
 * Or the recipient `p` wants the kind on a device they subscribed (decision 0060), though neither in the bell nor by
 * mail: the row is then written unshown, for the push worker alone.
 */
export function orPushed(kind: SQL): SQL {
  return sql`or (${kind} in ${sqlList(pushableKinds)} and coalesce(${s.push}, ${kind} in ${sqlList(pushableKinds.filter(pushedByDefault))})
    and exists (select 1 from ${pushSubscriptions} ${ps} where ${ps.memberId} = ${p.id}))`;
}

/**
 * Whether `member` muted the discussion: their own level for it, or, where
 * they chose none, their category's (as in Discourse, a muted category mutes
 * its discussions; writing in one watches it, which lifts that). A muted
 * discussion tells them nothing, mentions included.
 */
function mutedFor(member: SQL | SQLWrapper, discussionId: string): SQL {
  const m = alias(discussionWatches, "m");
  const cw = alias(categoryWatches, "cw");
  const cd = alias(discussions, "cd");
  return sql`coalesce(
    (select ${m.level} from ${discussionWatches} ${m} where ${m.memberId} = ${member} and ${m.discussionId} = ${discussionId}),
    (select ${cw.level} from ${categoryWatches} ${cw} join ${discussions} ${cd} on ${cd.category} = ${cw.category} where ${cd.id} = ${discussionId} and ${cw.memberId} = ${member} and ${cw.level} = 'muted'),
    'normal') = 'muted'`;
}

/** Characters of a bookmark's note repeated in its reminder (the bell and the mail show a line, not the note). */
const REMINDER_NOTE_SHOWN = 120;

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
  const alreadyTold = input.alreadyTold?.length
    ? sql`and candidate.recipient not in (${sql.join(
        input.alreadyTold.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const w = alias(discussionWatches, "w");
  await tx.execute(sql`
    with told as (
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.commentId, notifications.actorId, notifications.shown)})
    select distinct on (candidate.recipient) candidate.recipient, candidate.kind, candidate.kind || ':' || ${discussionId}::text,
      ${discussionId}::uuid, ${commentId}::uuid, ${actorId}, coalesce(${s.inPage}, true)
    from (
      select ${parentAuthorId}::text as recipient, 'reply-to-comment'::text as kind, 1 as rank where ${parentAuthorId}::text is not null
      union all
      select ${d.authorId}, 'reply-to-discussion', 2 from ${discussions} ${d} where ${d.id} = ${discussionId} and ${d.authorId} is not null
      union all
      select ${w.memberId}, 'watched-discussion', 3 from ${discussionWatches} ${w} where ${w.discussionId} = ${discussionId} and ${w.level} = 'watching'
    ) candidate
    join ${profiles} ${p} on ${p.id} = candidate.recipient
    left join ${notificationSettings} ${s} on ${s.memberId} = candidate.recipient and ${s.kind} = candidate.kind
    where candidate.recipient <> ${actorId} ${alreadyTold}
      and exists (select 1 from ${discussions} ${d} where ${d.id} = ${discussionId} and ${visible.discussion(d)})
      and not ${mutedFor(sql`candidate.recipient`, discussionId)}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}) ${orPushed(candidateKind)})
    order by candidate.recipient, candidate.rank
    ${GROUP_UPSERT}
    returning ${notifications.id}
    )
    insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId, notificationItems.commentId)})
    select told.id, ${discussionId}::uuid, ${commentId}::uuid from told
  `);
  await tx.insert(discussionWatches).values({ memberId: actorId, discussionId, level: "watching" }).onConflictDoNothing();
}

/**
 * A new discussion tells everyone watching its category or one of its tags (decision 0056), in one statement: each
 * member once, by their tag's kind where they watch one (the first by name), else by the category's; grouped per
 * tag or category while unread. Never the author, never who muted the discussion's category (mutedFor), never about
 * a discussion a guest cannot see. Its author watches it from now on.
 */
export async function notifyDiscussion(tx: Transaction, input: { discussionId: string; category: string; actorId: string }): Promise<void> {
  const { discussionId, category, actorId } = input;
  const cw = alias(categoryWatches, "cw");
  const tw = alias(tagWatches, "tw");
  const dt = alias(discussionTags, "dt");
  const t = alias(tags, "t");
  await tx.execute(sql`
    with told as (
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.actorId, notifications.detail, notifications.shown)})
    select distinct on (candidate.recipient) candidate.recipient, candidate.kind, candidate.group_key, ${discussionId}::uuid, ${actorId},
      candidate.detail, coalesce(${s.inPage}, true)
    from (
      select ${tw.memberId} as recipient, 'watched-tag'::text as kind, 'watched-tag:' || ${t.id}::text as group_key, ${t.name} as detail,
        1 as rank, ${t.name} as tag_name
      from ${discussionTags} ${dt}
      join ${tagWatches} ${tw} on ${tw.tagId} = ${dt.tagId}
      join ${tags} ${t} on ${t.id} = ${dt.tagId}
      where ${dt.discussionId} = ${discussionId}
      union all
      select ${cw.memberId}, 'watched-category', 'watched-category:' || ${category}::text, null, 2, null
      from ${categoryWatches} ${cw} where ${cw.category} = ${category} and ${cw.level} = 'watching'
    ) candidate
    join ${profiles} ${p} on ${p.id} = candidate.recipient
    left join ${notificationSettings} ${s} on ${s.memberId} = candidate.recipient and ${s.kind} = candidate.kind
    where candidate.recipient <> ${actorId}
      and exists (select 1 from ${discussions} ${d} where ${d.id} = ${discussionId} and ${visible.discussion(d)})
      and not ${mutedFor(sql`candidate.recipient`, discussionId)}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}) ${orPushed(candidateKind)})
    order by candidate.recipient, candidate.rank, candidate.tag_name
    ${GROUP_UPSERT}
    returning ${notifications.id}
    )
    insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId)})
    select told.id, ${discussionId}::uuid from told
  `);
  await tx.insert(discussionWatches).values({ memberId: actorId, discussionId, level: "watching" }).onConflictDoNothing();
}

/** One notification for one member about their account or post (approval, moderation); never for their own action. */
export async function notifyMember(
  tx: Transaction | Database,
  input: {
    recipientId: string;
    kind: Extract<NotificationKind, "account-approved" | "moderated" | "report-decided">;
    actorId: string | null;
    discussionId?: string;
    commentId?: string;
    detail?: string;
  },
): Promise<void> {
  if (input.actorId !== null && input.actorId === input.recipientId) return;
  const groupKey = `${input.kind}:${input.detail ?? ""}:${input.commentId ?? input.discussionId ?? input.recipientId}`;
  await tx.execute(sql`
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.commentId, notifications.actorId, notifications.detail, notifications.shown)})
    select ${p.id}, ${input.kind}, ${groupKey}, ${input.discussionId ?? null}::uuid, ${input.commentId ?? null}::uuid, ${input.actorId}, ${input.detail ?? null}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = ${input.kind}
    where ${p.id} = ${input.recipientId} and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}))
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
  const told = await queryRows<{ recipient_id: string }>(
    sql`
    with told as (
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.commentId, notifications.actorId, notifications.shown)})
    select ${p.id}, 'mention', 'mention:' || ${discussionId}::text, ${discussionId}::uuid, ${input.commentId ?? null}::uuid, ${actorId}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = 'mention'
    where ${p.id} in (${sql.join(
      recipients.map((id) => sql`${id}`),
      sql`, `,
    )})
      and ${p.approvalStatus} = 'approved'
      and exists (select 1 from ${discussions} ${d} where ${d.id} = ${discussionId} and ${visible.discussion(d)})
      and not ${mutedFor(p.id, discussionId)}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}) ${orPushed(sql`'mention'`)})
    ${GROUP_UPSERT}
    returning ${notifications.id}, ${notifications.recipientId}
    ), items as (
      insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId, notificationItems.commentId)})
      select told.id, ${discussionId}::uuid, ${input.commentId ?? null}::uuid from told
    )
    select told.recipient_id from told
  `,
    tx,
  );
  return told.map((row) => row.recipient_id);
}

/**
 * A post's author hears that a member found it helpful, or that their answer became the solution. Unread ones of
 * one post are one row that counts up ("3 Mitglieder fanden …"); each mark is an item, so a post hidden later takes
 * its notification with it. Never about one's own action, a hidden discussion, or a discussion the author muted.
 */
export async function notifyPostAuthor(
  tx: Transaction,
  input: {
    kind: Extract<NotificationKind, "helpful" | "solution">;
    recipientId: string;
    actorId: string;
    discussionId: string;
    commentId: string | null;
  },
): Promise<void> {
  const { kind, recipientId, actorId, discussionId, commentId } = input;
  if (recipientId === actorId) return;
  const mailedUnlessChosen = !mailedOnlyOnRequestKinds.includes(kind);
  await tx.execute(sql`
    with told as (
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.commentId, notifications.actorId, notifications.shown)})
    select ${p.id}, ${kind}, ${`${kind}:${commentId ?? discussionId}`}, ${discussionId}::uuid, ${commentId}::uuid, ${actorId}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = ${kind}
    where ${p.id} = ${recipientId}
      and exists (select 1 from ${discussions} ${d} where ${d.id} = ${discussionId} and ${visible.discussion(d)})
      and not ${mutedFor(p.id, discussionId)}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, ${mailedUnlessChosen}) and ${p.newsletterSubscribed}) ${orPushed(sql`${kind}::text`)})
    ${GROUP_UPSERT}
    returning ${notifications.id}
    )
    insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId, notificationItems.commentId)})
    select told.id, ${discussionId}::uuid, ${commentId}::uuid from told
  `);
}

/**
 * The moderation team hears that the review queue has a new item: every administrator and approved moderator,
 * one unread row that counts up ("3 neue Einträge warten auf die Moderation"), mailed per their settings.
 */
export async function notifyStaff(tx: Transaction, input: { discussionId: string | null; actorId: string | null }): Promise<void> {
  const r = alias(userRoles, "r");
  await tx.execute(sql`
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.actorId, notifications.shown)})
    select ${p.id}, 'review-needed', 'review-needed', ${input.discussionId}::uuid, ${input.actorId}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    join ${userRoles} ${r} on ${r.userId} = ${p.id}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = 'review-needed'
    where (${r.role} = 'admin' or (${r.role} = 'moderator' and ${p.approvalStatus} = 'approved'))
      and ${p.id} is distinct from ${input.actorId}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}))
    ${GROUP_UPSERT}
  `);
}

/**
 * A member's own reminder on a bookmark is due: one notification leading to the bookmarked post, with
 * the note as its detail. Asked for by the member, so a mute does not silence it; a hidden post (or a post in a
 * hidden discussion) tells nothing, and one hidden later takes its notification with it (the row's item).
 * Returns whether a row was written.
 */
export async function notifyBookmarkReminder(
  tx: Transaction,
  input: { recipientId: string; bookmarkId: string; discussionId: string; commentId: string | null; note: string | null },
): Promise<boolean> {
  const { recipientId, discussionId, commentId } = input;
  const vc = alias(comments, "vc");
  const commentVisible =
    commentId === null
      ? sql`true`
      : sql`exists (select 1 from ${comments} ${vc} where ${vc.id} = ${commentId}::uuid and ${vc.discussionId} = ${discussionId}::uuid and ${visible.comment(vc)})`;
  const detail = input.note ? excerpt(input.note, REMINDER_NOTE_SHOWN) : null;
  const told = await queryRows<{ id: string }>(
    sql`
    with told as (
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.discussionId, notifications.commentId, notifications.detail, notifications.shown)})
    select ${p.id}, 'bookmark-reminder', ${`bookmark-reminder:${input.bookmarkId}`}, ${discussionId}::uuid, ${commentId}::uuid, ${detail}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = 'bookmark-reminder'
    where ${p.id} = ${recipientId}
      and exists (select 1 from ${discussions} ${d} where ${d.id} = ${discussionId}::uuid and ${visible.discussion(d)})
      and ${commentVisible}
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}))
    ${GROUP_UPSERT}
    returning ${notifications.id}
    ), items as (
      insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId, notificationItems.commentId)})
      select told.id, ${discussionId}::uuid, ${commentId}::uuid from told
    )
    select told.id from told
  `,
    tx,
  );
  return told.length > 0;
}
