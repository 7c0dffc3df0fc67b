import { and, eq, isNull, sql } from "drizzle-orm";
import { categoryWatches, discussionWatches, notifications, type NotificationKind, type WatchLevel } from "../../db/schema";
import { isCategory, type Category } from "~/lib/categories";
import { pageHref, paths } from "~/lib/paths";
import { COMMENT_THREADS_PER_PAGE, commentHref } from "./comments.server";
import { db, queryRows, type Database, type Transaction } from "./db.server";
import { done, fail, type Outcome } from "./outcome.server";
import { can } from "./permissions.server";
import type { Viewer } from "./session.server";

/** Notifications per page of /benachrichtigungen, as many as a subforum lists. */
export const NOTIFICATIONS_PER_PAGE = 25;

/**
 * Whether a row may be shown: hidden content never shows, except the notice
 * that the moderation hid the member's own post.
 */
const visibleToRecipient = sql`(n.kind = 'moderated' or ((d.id is null or d.hidden_at is null) and (c.id is null or c.hidden_at is null)))`;

/** The bell's number: unread groups the member may see. */
export async function unreadCount(memberId: string, executor: Database | Transaction = db): Promise<number> {
  const [row] = await queryRows<{ value: number | string }>(
    sql`select count(*) as value from notifications n
      left join discussions d on d.id = n.discussion_id
      left join comments c on c.id = n.comment_id
      where n.recipient_id = ${memberId} and n.read_at is null and n.shown and ${visibleToRecipient}`,
    executor,
  );
  return Number(row?.value ?? 0);
}

/** The bell's number for several members in one query (the live count after a fan-out to many). */
export async function unreadCounts(memberIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(memberIds.map((id) => [id, 0]));
  if (memberIds.length === 0) return counts;
  const rows = await queryRows<{ recipient_id: string; value: number | string }>(
    sql`select n.recipient_id, count(*) as value from notifications n
      left join discussions d on d.id = n.discussion_id
      left join comments c on c.id = n.comment_id
      where n.recipient_id in (${sql.join(memberIds.map((id) => sql`${id}`), sql`, `)}) and n.read_at is null and n.shown and ${visibleToRecipient}
      group by n.recipient_id`,
  );
  for (const row of rows) counts.set(row.recipient_id, Number(row.value));
  return counts;
}

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  count: number;
  detail: string | null;
  read: boolean;
  at: Date;
  actorName: string | null;
  discussionTitle: string | null;
  category: Category | null;
  /** Where the notification leads: the comment on its page, the discussion, or the profile. */
  href: string;
}

export interface NotificationPage {
  notifications: NotificationView[];
  totalPages: number;
  currentPage: number;
}

/** One page of the member's notifications, newest first, each with the page of its comment (two queries per page). */
export async function listNotifications(memberId: string, page: number): Promise<NotificationPage> {
  const [counted] = await queryRows<{ value: number | string }>(
    sql`select count(*) as value from notifications n
      left join discussions d on d.id = n.discussion_id
      left join comments c on c.id = n.comment_id
      where n.recipient_id = ${memberId} and n.shown and ${visibleToRecipient}`,
  );
  const total = Number(counted?.value ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  if (page > totalPages) return { notifications: [], totalPages, currentPage: page };
  const rows = await queryRows<{
    id: string;
    kind: NotificationKind;
    count: number;
    detail: string | null;
    read_at: string | Date | null;
    updated_at: string | Date;
    actor_first: string | null;
    actor_last: string | null;
    title: string | null;
    slug: string | null;
    category: string | null;
    comment_id: string | null;
    position: number | string | null;
  }>(sql`
    select n.id, n.kind, n.count, n.detail, n.read_at, n.updated_at, a.first_name as actor_first, a.last_name as actor_last,
      d.title, d.slug, d.category, n.comment_id,
      (select count(*) from comments th where th.discussion_id = n.discussion_id and th.parent_id is null
        and (th.created_at, th.id) <= (select t.created_at, t.id from comments x join comments t on t.id = coalesce(x.parent_id, x.id) where x.id = n.comment_id)
      ) as position
    from notifications n
    left join discussions d on d.id = n.discussion_id
    left join comments c on c.id = n.comment_id
    left join profiles a on a.id = n.actor_id
    where n.recipient_id = ${memberId} and n.shown and ${visibleToRecipient}
    order by n.updated_at desc, n.id desc
    limit ${NOTIFICATIONS_PER_PAGE} offset ${(page - 1) * NOTIFICATIONS_PER_PAGE}
  `);
  return {
    totalPages,
    currentPage: page,
    notifications: rows.map((row) => {
      const discussionPath = row.slug === null ? null : paths.discussion(row.slug);
      const commentPage = Math.max(1, Math.ceil(Number(row.position ?? 0) / COMMENT_THREADS_PER_PAGE));
      const href =
        discussionPath === null
          ? paths.profile(memberId)
          : row.comment_id === null
            ? discussionPath
            : `${pageHref(discussionPath, commentPage)}#comment-${row.comment_id}`;
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
        href,
      };
    }),
  };
}

/** Marks one of the member's notifications read and says where it leads (for "open"). */
export async function markNotificationRead(viewer: Viewer | null, notificationId: string): Promise<Outcome<{ href: string }>> {
  if (!viewer || !can(viewer, "receiveNotifications")) return fail("forbidden");
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, notificationId), eq(notifications.recipientId, viewer.id)))
    .returning({ id: notifications.id, commentId: notifications.commentId, discussionId: notifications.discussionId });
  if (!row) return fail("not-found", "Diese Benachrichtigung gibt es nicht.");
  return { ok: true, value: { href: await hrefOf(viewer.id, row) } };
}

async function hrefOf(memberId: string, row: { commentId: string | null; discussionId: string | null }): Promise<string> {
  if (row.discussionId === null) return paths.profile(memberId);
  const [discussion] = await queryRows<{ slug: string; hidden_at: unknown }>(sql`select slug, hidden_at from discussions where id = ${row.discussionId}`);
  if (!discussion) return paths.notifications;
  return row.commentId === null ? paths.discussion(discussion.slug) : commentHref({ id: row.discussionId, slug: discussion.slug }, row.commentId);
}

export async function markAllNotificationsRead(viewer: Viewer | null): Promise<Outcome> {
  if (!viewer || !can(viewer, "receiveNotifications")) return fail("forbidden");
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, viewer.id), isNull(notifications.readAt)));
  return done;
}

/** The member's level for a discussion and its category; 'normal' where they chose nothing. */
export async function discussionWatchLevel(memberId: string, discussionId: string): Promise<WatchLevel> {
  const [row] = await db
    .select({ level: discussionWatches.level })
    .from(discussionWatches)
    .where(and(eq(discussionWatches.memberId, memberId), eq(discussionWatches.discussionId, discussionId)));
  return row?.level ?? "normal";
}

export async function categoryWatchLevel(memberId: string, category: Category): Promise<WatchLevel> {
  const [row] = await db
    .select({ level: categoryWatches.level })
    .from(categoryWatches)
    .where(and(eq(categoryWatches.memberId, memberId), eq(categoryWatches.category, category)));
  return row?.level ?? "normal";
}

/** Sets how closely the member follows a discussion; a hidden discussion does not exist for them. */
export async function watchDiscussion(viewer: Viewer | null, discussionId: string, level: WatchLevel): Promise<Outcome> {
  if (!viewer || !can(viewer, "watch")) return fail("forbidden");
  const [discussion] = await queryRows<{ id: string }>(sql`select id from discussions where id = ${discussionId} and hidden_at is null`);
  if (!discussion) return fail("not-found");
  await db
    .insert(discussionWatches)
    .values({ memberId: viewer.id, discussionId, level })
    .onConflictDoUpdate({ target: [discussionWatches.memberId, discussionWatches.discussionId], set: { level } });
  return done;
}

export async function watchCategory(viewer: Viewer | null, category: Category, level: WatchLevel): Promise<Outcome> {
  if (!viewer || !can(viewer, "watch")) return fail("forbidden");
  await db
    .insert(categoryWatches)
    .values({ memberId: viewer.id, category, level })
    .onConflictDoUpdate({ target: [categoryWatches.memberId, categoryWatches.category], set: { level } });
  return done;
}

export const watchSavedTitle: Record<WatchLevel, string> = {
  watching: "Sie beobachten jetzt",
  normal: "Benachrichtigungen auf normal gestellt",
  muted: "Stummgeschaltet",
};
