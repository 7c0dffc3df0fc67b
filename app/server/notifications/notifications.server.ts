import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  categoryWatches,
  comments,
  discussions,
  discussionWatches,
  notificationItems,
  notifications,
  profiles,
  type NotificationKind,
  type WatchLevel,
} from "../../../db/schema";
import { isCategory, type Category } from "~/lib/categories";
import { mailedOnlyOnRequestKinds } from "~/lib/notifications";
import { pageHref, paths } from "~/lib/paths";
import { COMMENT_THREADS_PER_PAGE } from "~/server/discussions";
import { db, defineService, queryRows, readValue, type Database, type Transaction, valueRead, type ValueRead } from "~/server/db";
import { done, fail, logger, ok, visible, hiddenFromPublic } from "~/server/platform";
import { isMessageRow, readableMessageRow } from "./message-notifications.server";
import { can, type Viewer } from "~/server/accounts";

/** Notifications per page of /notifications, as many as a subforum lists. */
export const NOTIFICATIONS_PER_PAGE = 25;

/** Kinds about the member's own account or post: one row, no items, shown whatever happened to the post since. */
export const ABOUT_THE_MEMBER = sql`('moderated', 'account-approved', 'report-decided', 'review-needed')`;

/** mailedOnlyOnRequestKinds as an SQL list: their e-mail is off where the member chose nothing. */
export const kindsMailedOnlyOnRequest = sql`(${sql.join(
  mailedOnlyOnRequestKinds.map((kind) => sql`${kind}`),
  sql`, `,
)})`;

/**
 * The notification row `n` the fragments below speak of. In a FROM it is
 * `${notifications} ${n}`: an alias renders as its bare name.
 */
export const notificationRow = alias(notifications, "n");
const n = notificationRow;

const i = alias(notificationItems, "i");
const vd = alias(discussions, "vd");
const vc = alias(comments, "vc");

/** The items of row `n` still visible: their discussion not hidden, nor their comment where they have one. */
const visibleItemsOfRow = sql`from ${notificationItems} ${i}
  join ${discussions} ${vd} on ${vd.id} = ${i.discussionId} and ${visible.discussion(vd)}
  left join ${comments} ${vc} on ${vc.id} = ${i.commentId}
  where ${i.notificationId} = ${n.id} and (${i.commentId} is null or ${visible.comment(vc)})`;

/**
 * The visible items of row `n` (notification_items: the comments or, for a
 * watched category, the discussions it groups), for a lateral join: how many
 * are left, and the first of them, where reading starts. Hidden content never
 * counts; a row with none left is not shown.
 */
export const visibleItems = sql`lateral (
  select count(*)::int as visible,
    (array_agg(${i.commentId} order by coalesce(${vc.createdAt}, ${vd.createdAt}), ${i.commentId}))[1] as first_comment_id,
    (array_agg(${i.discussionId} order by coalesce(${vc.createdAt}, ${vd.createdAt}), ${i.commentId}))[1] as first_discussion_id
  ${visibleItemsOfRow}
) v`;

/** Rows that carry their own count rather than items: the notices about the member and the messages. */
export const countedByRow = sql`(${n.kind} in ${ABOUT_THE_MEMBER} or ${isMessageRow})`;

/** Whether row `n` may be shown: the notices about the member's own post always, messages while readable, the rest while an item is visible. */
const visibleToRecipient = sql`(${n.kind} in ${ABOUT_THE_MEMBER} or ${readableMessageRow} or exists (select 1 ${visibleItemsOfRow}))`;

/** The bell's number: unread groups the member may see. */
export async function unreadCount(memberId: string, executor: Database | Transaction = db): Promise<number> {
  return readValue(unreadCountOf(memberId), executor);
}

/** The bell's number as one of a page's small reads (readValues): the layout sends it with the page's own. */
export function unreadCountOf(memberId: string): ValueRead<number> {
  return valueRead(
    sql`select count(*) from ${notifications} ${n}
      where ${n.recipientId} = ${memberId} and ${n.readAt} is null and ${n.shown} and ${visibleToRecipient}`,
    (raw) => Number(raw ?? 0),
  );
}

/**
 * Unread notifications of row `n` that lead to what a page of the discussion shows: the discussion itself, or a comment
 * on that page (a group of replies names its first). Reading that page has read them.
 */
function leadingHere(memberId: string, discussionId: string, shownCommentIds: readonly string[]): SQL {
  const onPage =
    shownCommentIds.length > 0
      ? sql` or ${n.commentId} in (${sql.join(
          shownCommentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  return sql`${n.recipientId} = ${memberId} and ${n.readAt} is null and ${n.discussionId} = ${discussionId} and (${n.commentId} is null${onPage})`;
}

/** How many of the member's unread notifications this page of the discussion answers, as one of the page's small reads. */
export function unreadNotificationsHereOf(memberId: string, discussionId: string, shownCommentIds: readonly string[]): ValueRead<number> {
  return valueRead(sql`select count(*) from ${notifications} ${n} where ${leadingHere(memberId, discussionId, shownCommentIds)}`, (raw) =>
    Number(raw ?? 0),
  );
}

/**
 * The member read the page those notifications lead to: they are read, in one statement (the database's trigger
 * tells the bell's live stream, which counts down in the open tab and its title). Only called where the page's
 * reads found some; a failure costs the reader nothing but the mark.
 */
export async function markNotificationsReadHere(memberId: string, discussionId: string, shownCommentIds: readonly string[]): Promise<void> {
  try {
    await db.execute(
      sql`update ${notifications} ${n} set ${sql.identifier(notifications.readAt.name)} = now() where ${leadingHere(memberId, discussionId, shownCommentIds)}`,
    );
  } catch (error) {
    logger.warn({ err: error, discussionId }, "notifications of a read page not marked read");
  }
}

/** The bell's number for several members in one query (the live count after a fan-out to many). */
export async function unreadCounts(memberIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(memberIds.map((id) => [id, 0]));
  if (memberIds.length === 0) return counts;
  const rows = await queryRows<{ recipient_id: string; value: number | string }>(
    sql`select ${n.recipientId}, count(*) as value from ${notifications} ${n}
      where ${n.recipientId} in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${n.readAt} is null and ${n.shown} and ${visibleToRecipient}
      group by ${n.recipientId}`,
  );
  for (const row of rows) counts.set(row.recipient_id, Number(row.value));
  return counts;
}

/**
 * Where a row leads: its first visible comment (page and anchor) or
 * discussion; a notice about the member's own post leads to that post. SQL
 * for the row `n` joined with `v` (visibleItems).
 */
export const targetDiscussion = sql`case when ${n.kind} in ${ABOUT_THE_MEMBER} then ${n.discussionId} else v.first_discussion_id end`;
export const targetComment = sql`case when ${n.kind} in ${ABOUT_THE_MEMBER} then ${n.commentId} else v.first_comment_id end`;

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  /** Of a group, the items still visible. */
  count: number;
  detail: string | null;
  read: boolean;
  at: Date;
  actorName: string | null;
  discussionTitle: string | null;
  category: Category | null;
  /**
   * Where the notification leads: the comment on its page, the discussion, or
   * the profile; null for the notice that a discussion was hidden, which is a
   * 404 for its author (decision 0007) until it is restored.
   */
  href: string | null;
}

export interface NotificationPage {
  notifications: NotificationView[];
  totalPages: number;
  currentPage: number;
}

interface NotificationRow extends Record<string, unknown> {
  id: string;
  kind: NotificationKind;
  count: number | string;
  detail: string | null;
  read_at: string | Date | null;
  updated_at: string | Date;
  actor_first: string | null;
  actor_last: string | null;
  title: string | null;
  slug: string | null;
  category: string | null;
  discussion_hidden: boolean | null;
  comment_id: string | null;
  conversation_id: string | null;
  position: number | string | null;
}

const d = alias(discussions, "d");
const tc = alias(comments, "tc");
const th = alias(comments, "th");
const t = alias(comments, "t");
const a = alias(profiles, "a");

/**
 * The member's visible rows that `filter` picks, each with what it leads to and the page of its comment. The bell's
 * reads pick `listed` rows; a row the member wants by e-mail or push only is never listed.
 */
function selectNotifications(
  memberId: string,
  filter: SQL,
  tail: SQL = sql``,
  executor: Database | Transaction = db,
): Promise<NotificationRow[]> {
  return queryRows<NotificationRow>(
    sql`
    select ${n.id}, ${n.kind}, case when ${countedByRow} then ${n.count} else v.visible end as count,
      ${n.detail}, ${n.readAt}, ${n.updatedAt}, ${a.firstName} as actor_first, ${a.lastName} as actor_last, ${n.conversationId},
      ${d.title}, ${d.slug}, ${d.category}, ${hiddenFromPublic.discussion(d)} as discussion_hidden, ${tc.id} as comment_id,
      (select count(*) from ${comments} ${th} where ${th.discussionId} = ${tc.discussionId} and ${th.parentId} is null
        and (${th.createdAt}, ${th.id}) <= (select ${t.createdAt}, ${t.id} from ${comments} ${t} where ${t.id} = coalesce(${tc.parentId}, ${tc.id}))
      ) as position
    from ${notifications} ${n}
    cross join ${visibleItems}
    left join ${discussions} ${d} on ${d.id} = ${targetDiscussion}
    left join ${comments} ${tc} on ${tc.id} = ${targetComment}
    left join ${profiles} ${a} on ${a.id} = ${n.actorId}
    where ${n.recipientId} = ${memberId} and (${n.kind} in ${ABOUT_THE_MEMBER} or ${readableMessageRow} or v.visible > 0) and ${filter}
    ${tail}
  `,
    executor,
  );
}

const listed = sql`${n.shown}`;

/**
 * One notification of the member as the list would show it, listed or not (a push tells of it), or null when it
 * is not theirs or nothing of it is visible any more.
 */
export async function notificationView(memberId: string, notificationId: string): Promise<NotificationView | null> {
  const [row] = await selectNotifications(memberId, eq(n.id, notificationId));
  return row ? viewOf(memberId, row) : null;
}

function hrefOf(memberId: string, row: NotificationRow): string | null {
  if (row.kind === "review-needed") return paths.moderation;
  if (row.kind === "message") return row.conversation_id ? paths.conversation(row.conversation_id) : paths.messages;
  if (row.slug === null) return paths.profile(memberId);
  if (row.discussion_hidden) return null;
  const discussionPath = paths.discussion(row.slug);
  if (row.comment_id === null) return discussionPath;
  return `${pageHref(discussionPath, Math.max(1, Math.ceil(Number(row.position ?? 0) / COMMENT_THREADS_PER_PAGE)))}#comment-${row.comment_id}`;
}

/** One page of the member's notifications, newest first, each with the page of its comment (two queries per page). */
export async function listNotifications(memberId: string, page: number): Promise<NotificationPage> {
  const [counted] = await queryRows<{ value: number | string }>(
    sql`select count(*) as value from ${notifications} ${n} where ${n.recipientId} = ${memberId} and ${n.shown} and ${visibleToRecipient}`,
  );
  const total = Number(counted?.value ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  if (page > totalPages) return { notifications: [], totalPages, currentPage: page };
  const rows = await selectNotifications(
    memberId,
    listed,
    sql`order by ${n.updatedAt} desc, ${n.id} desc limit ${NOTIFICATIONS_PER_PAGE} offset ${(page - 1) * NOTIFICATIONS_PER_PAGE}`,
  );
  return { totalPages, currentPage: page, notifications: rows.map((row) => viewOf(memberId, row)) };
}

/** The bell's panel: the member's newest notifications, read or not, as the list's first page shows them (one query). */
export async function latestNotifications(memberId: string, limit: number): Promise<NotificationView[]> {
  const rows = await selectNotifications(memberId, listed, sql`order by ${n.updatedAt} desc, ${n.id} desc limit ${limit}`);
  return rows.map((row) => viewOf(memberId, row));
}

function viewOf(memberId: string, row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    count: Number(row.count),
    detail: row.detail,
    read: row.read_at !== null,
    at: new Date(row.updated_at),
    actorName: row.actor_first === null ? null : `${row.actor_first} ${row.actor_last ?? ""}`.trim(),
    discussionTitle: row.title,
    category: isCategory(row.category) ? row.category : null,
    href: hrefOf(memberId, row),
  };
}

export const notificationTexts = { notFound: "Diese Benachrichtigung gibt es nicht." } as const;

/**
 * Marks one of the member's notifications read and says where it leads (for "open"): the list itself when it leads
 * nowhere any more. Someone else's notification does not exist for them.
 */
export const markNotificationRead = defineService<Viewer, { notificationId: string }, { recipientId: string }, { href: string }>({
  policy: (viewer) => can(viewer, "receiveNotifications"),
  load: async (tx, { notificationId }) =>
    (
      await tx
        .select({ recipientId: notifications.recipientId })
        .from(notifications)
        .where(eq(notifications.id, notificationId))
        .for("update")
    )[0] ?? null,
  authorize: (viewer, { recipientId }) => recipientId === viewer.id || fail("not-found", notificationTexts.notFound),
  async change(tx, { actor, input: { notificationId } }) {
    await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(eq(notifications.id, notificationId));
    const [target] = await selectNotifications(actor.id, and(listed, eq(n.id, notificationId))!, sql``, tx);
    return ok({ href: (target && hrefOf(actor.id, target)) ?? paths.notifications });
  },
});

/** Every notification of the member read, in one statement. */
export const markAllNotificationsRead = defineService<Viewer, Record<string, never>, true>({
  policy: (viewer) => can(viewer, "receiveNotifications"),
  load: async () => true,
  async change(tx, { actor }) {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.recipientId, actor.id), isNull(notifications.readAt)));
    return done;
  },
});

/** The member's level for a discussion and its category; 'normal' where they chose nothing. */
export async function discussionWatchLevel(memberId: string, discussionId: string): Promise<WatchLevel> {
  return readValue(discussionWatchLevelOf(memberId, discussionId));
}

/** discussionWatchLevel as one of a page's small reads (readValues). */
export function discussionWatchLevelOf(memberId: string, discussionId: string): ValueRead<WatchLevel> {
  return valueRead(
    sql`select ${discussionWatches.level} from ${discussionWatches}
      where ${and(eq(discussionWatches.memberId, memberId), eq(discussionWatches.discussionId, discussionId))}`,
    (raw) => (raw as WatchLevel | null) ?? "normal",
  );
}

export async function categoryWatchLevel(memberId: string, category: Category): Promise<WatchLevel> {
  return readValue(categoryWatchLevelOf(memberId, category));
}

/** categoryWatchLevel as one of a page's small reads (readValuesTogether). */
export function categoryWatchLevelOf(memberId: string, category: Category): ValueRead<WatchLevel> {
  return valueRead(
    sql`select ${categoryWatches.level} from ${categoryWatches}
      where ${and(eq(categoryWatches.memberId, memberId), eq(categoryWatches.category, category))}`,
    (raw) => (raw as WatchLevel | null) ?? "normal",
  );
}

/** Sets how closely the member follows a discussion; a hidden discussion does not exist for them. */
export const watchDiscussion = defineService<Viewer, { discussionId: string; level: WatchLevel }, true>({
  policy: (viewer) => can(viewer, "watch"),
  load: async (tx, { discussionId }) =>
    (
      await tx
        .select({ id: discussions.id })
        .from(discussions)
        .where(and(eq(discussions.id, discussionId), visible.discussion()))
    ).length > 0 || null,
  async change(tx, { actor, input: { discussionId, level } }) {
    await tx
      .insert(discussionWatches)
      .values({ memberId: actor.id, discussionId, level })
      .onConflictDoUpdate({ target: [discussionWatches.memberId, discussionWatches.discussionId], set: { level } });
    return done;
  },
});

/** Sets how closely the member follows a category. */
export const watchCategory = defineService<Viewer, { category: Category; level: WatchLevel }, true>({
  policy: (viewer) => can(viewer, "watch"),
  load: async () => true,
  async change(tx, { actor, input: { category, level } }) {
    await tx
      .insert(categoryWatches)
      .values({ memberId: actor.id, category, level })
      .onConflictDoUpdate({ target: [categoryWatches.memberId, categoryWatches.category], set: { level } });
    return done;
  },
});

export const watchSavedTitle: Record<WatchLevel, string> = {
  watching: "Sie beobachten jetzt",
  normal: "Benachrichtigungen auf normal gestellt",
  muted: "Stummgeschaltet",
};
