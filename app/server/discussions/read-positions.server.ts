import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, profiles, readPositions } from "../../../db/schema";
import { excluded, knownValue, queryRows, readValue, unqualified, valueRead, type ValueRead } from "~/server/db";
import type { Viewer } from "~/server/accounts";
import { faultOf, logger, visible } from "~/server/platform";

/**
 * Unread tracking (decision 0016): a member's read position in a discussion is
 * a point in time; every visible comment by someone else written after it is
 * unread. A discussion the member never opened has no position: it is marked
 * as new when someone else started it recently (decision 0041).
 */

/** More unread comments than this are not counted one by one: the list shows '99+ neu'. */
export const UNREAD_COUNT_CAP = 100;

/** A discussion counts as new for a member who never opened it for this long after it was started, and only if it was started after they joined. */
export const NEW_DISCUSSION_DAYS = 14;

/**
 * Discussion id → what a list marks for this member: the number of unread comments (at most UNREAD_COUNT_CAP), or
 * "new" for a discussion they never opened (decision 0041). Listed only where there is something to mark.
 */
export type UnreadCounts = Record<string, number | "new">;

const rp = alias(readPositions, "rp");
const c = alias(comments, "c");
const d = alias(discussions, "d");
const p = alias(profiles, "p");

/** Comment ids as one parameter (uuid[]): one value to bind however many comments a page shows. */
function idArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/**
 * The marks of the listed discussions, for one member, in one query: per
 * listed id its read position by primary key (the limit keeps the look-up a
 * probe per id, even where the member's positions are most of the table), then
 * an index range of the discussion's comments after it, cut off at the cap;
 * without a position, the discussion's own row by primary key (who started it
 * and when). Guests cost nothing.
 */
export async function unreadCounts(viewer: Viewer | null, discussionIds: readonly string[]): Promise<UnreadCounts> {
  return readValue(unreadCountsOf(viewer, discussionIds));
}

/** unreadCounts as one of a page's small reads (readValuesTogether); nothing to ask for a guest or an empty list. */
export function unreadCountsOf(viewer: Viewer | null, discussionIds: readonly string[]): ValueRead<UnreadCounts> {
  const ids = [...new Set(discussionIds)];
  if (!viewer || ids.length === 0) return knownValue({});
  const listed = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  // Started after the member joined and in the last days: a member back after months is not told of every discussion since.
  const newSince = sql`(select greatest(${p.createdAt}, now() - make_interval(days => ${NEW_DISCUSSION_DAYS})) from ${profiles} ${p} where ${p.id} = ${viewer.id})`;
  const marked = sql`
    select listed.id as discussion_id, unread.n as unread, fresh.id is not null as never_opened
    from (values ${listed}) as listed(id)
    left join lateral (
      select ${rp.lastReadAt} from ${readPositions} ${rp} where ${rp.profileId} = ${viewer.id} and ${rp.discussionId} = listed.id limit 1
    ) position on true
    left join lateral (
      select count(*)::int as n from (
        select 1 from ${comments} ${c}
        where ${c.discussionId} = listed.id and ${c.createdAt} > position.last_read_at
          and ${visible.comment(c)} and ${c.authorId} is distinct from ${viewer.id}
        limit ${UNREAD_COUNT_CAP}
      ) capped
    ) unread on position.last_read_at is not null
    left join lateral (
      select ${d.id} from ${discussions} ${d}
      where ${d.id} = listed.id and ${d.createdAt} > ${newSince} and ${d.authorId} is distinct from ${viewer.id}
    ) fresh on position.last_read_at is null
    where unread.n > 0 or fresh.id is not null`;
  return valueRead(
    sql`select coalesce(json_object_agg(marked.discussion_id, case when marked.never_opened then to_json('new'::text) else to_json(marked.unread) end), '{}'::json)
      from (${marked}) marked`,
    (raw) =>
      Object.fromEntries(
        Object.entries(raw as Record<string, number | "new">).map(([id, mark]) => [id, mark === "new" ? "new" : Number(mark)]),
      ),
  );
}

/** The member's oldest unread visible comment in the discussion, or null (nothing unread, or never read). */
export async function firstUnreadComment(viewer: Viewer, discussionId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(sql`
    select ${c.id} from ${comments} ${c}
    join ${readPositions} ${rp} on ${rp.discussionId} = ${c.discussionId} and ${rp.profileId} = ${viewer.id}
    where ${c.discussionId} = ${discussionId} and ${c.createdAt} > ${rp.lastReadAt}
      and ${visible.comment(c)} and ${c.authorId} is distinct from ${rp.profileId}
    order by ${c.createdAt}, ${c.id}
    limit 1`);
  return row?.id ?? null;
}

/**
 * Reading a page marks what it showed as read, in one statement: the position
 * moves to the newest visible comment the page showed (the discussion's start
 * when it showed none), but never past an unread visible comment it did not
 * show, such as the next page's threads, which can be older than a late reply
 * on this page. It never moves backwards. Times are taken in the database:
 * JavaScript dates would drop the microseconds and leave the newest comment unread.
 *
 * It answers which of the shown comments the member had not read before
 * (unreadAmong, from the position as it was): the page draws its "Neu seit
 * Ihrem letzten Besuch" line before the first of them. Null where the member
 * never opened the discussion before.
 *
 * A position that cannot be stored (disk full, read-only database) costs the
 * reader an unread mark, never the page: the failure is logged, not thrown.
 */
export async function markRead(viewer: Viewer, discussionId: string, shownCommentIds: readonly string[]): Promise<string[] | null> {
  try {
    return await storeReadPosition(viewer, discussionId, shownCommentIds);
  } catch (error) {
    const fault = faultOf(error);
    logger[fault ? "warn" : "error"]({ err: error, fault, discussionId }, "read position not stored");
    return null;
  }
}

/**
 * Of the comments a page shows, those the member had not read: written after their read position by someone else,
 * and visible; oldest first. SQL for one value (text[]) to read with the page's other reads, null where the member
 * has no position in the discussion (never opened it). In a statement that moves the position, it sees the
 * position as it was before (a data-modifying WITH is not visible to the rest of its statement).
 */
export function unreadAmong(viewerId: string, discussionId: string, shownCommentIds: readonly string[]): SQL {
  const nc = alias(comments, "nc");
  const np = alias(readPositions, "np");
  const shown = sql`${nc.id} = any(${idArray(shownCommentIds)})`;
  return sql`(select array(
      select ${nc.id}::text from ${comments} ${nc}
      where ${nc.discussionId} = ${np.discussionId} and ${shown} and ${nc.createdAt} > ${np.lastReadAt}
        and ${visible.comment(nc)} and ${nc.authorId} is distinct from ${np.profileId}
      order by ${nc.createdAt}, ${nc.id})
    from ${readPositions} ${np} where ${np.profileId} = ${viewerId} and ${np.discussionId} = ${discussionId})`;
}

/** unreadAmong as one of the page's small reads (readValuesTogether), asked before any write: the position as it was. */
export function unreadAmongShown(viewerId: string, discussionId: string, shownCommentIds: readonly string[]): ValueRead<string[] | null> {
  return valueRead(unreadAmong(viewerId, discussionId, shownCommentIds), (raw) => (raw as string[] | null | undefined) ?? null);
}

/**
 * Where reading these comments takes the member's position: per discussion its current position and the target.
 * The position moves to the newest visible comment the page showed (the discussion's start when it showed none),
 * but never past an unread visible comment it did not show.
 */
function readingTarget(viewerId: string, discussionId: string, shownCommentIds: readonly string[]): SQL {
  const shown = idArray(shownCommentIds);
  const newestShown = sql`(select max(${c.createdAt}) from ${comments} ${c} where ${c.discussionId} = ${d.id} and ${visible.comment(c)} and ${c.id} = any(${shown}))`;
  const u = alias(comments, "u");
  const oldestUnshown = sql`(select ${u.createdAt} - interval '1 microsecond' from ${comments} ${u}
      where ${u.discussionId} = ${d.id} and ${u.createdAt} > coalesce(${rp.lastReadAt}, '-infinity'::timestamptz) and ${visible.comment(u)}
        and ${u.id} <> all(${shown})
      order by ${u.createdAt} limit 1)`;
  return sql`
      select ${d.id}, ${rp.lastReadAt} as current,
        least(coalesce(${newestShown}, ${d.createdAt}), coalesce(${oldestUnshown}, 'infinity'::timestamptz)) as target
      from ${discussions} ${d}
      left join ${readPositions} ${rp} on ${rp.profileId} = ${viewerId} and ${rp.discussionId} = ${d.id}
      where ${d.id} = ${discussionId}`;
}

/**
 * Whether reading these comments moves the member's position (exactly as markRead would): the discussion page
 * asks this with its reader's other small reads (one statement), so a member rereading what they read sends no
 * write at all (decision 0042).
 */
export function readingMovesPosition(viewerId: string, discussionId: string, shownCommentIds: readonly string[]): ValueRead<boolean> {
  return valueRead(
    sql`exists (select 1 from (${readingTarget(viewerId, discussionId, shownCommentIds)}) reading
      where reading.current is null or reading.current < reading.target)`,
    (raw) => raw === true,
  );
}

async function storeReadPosition(viewer: Viewer, discussionId: string, shownCommentIds: readonly string[]): Promise<string[] | null> {
  // Rereading what was read inserts no row at all: an ON CONFLICT that updates nothing would still lock
  // the row, and a lock is a write that each member's page view would wait to commit to disk.
  const [row] = await queryRows<{ unread: string[] | null }>(sql`
    with stored as (
      insert into ${readPositions} (${unqualified(readPositions.profileId, readPositions.discussionId, readPositions.lastReadAt, readPositions.updatedAt)})
      select ${viewer.id}, reading.id, reading.target, now()
      from (${readingTarget(viewer.id, discussionId, shownCommentIds)}) reading
      where reading.current is null or reading.current < reading.target
      on conflict (${unqualified(readPositions.profileId, readPositions.discussionId)}) do update
        set ${unqualified(readPositions.lastReadAt)} = ${excluded(readPositions.lastReadAt)}, ${unqualified(readPositions.updatedAt)} = ${excluded(readPositions.updatedAt)}
        where ${readPositions.lastReadAt} < ${excluded(readPositions.lastReadAt)}
      returning 1
    )
    select ${unreadAmong(viewer.id, discussionId, shownCommentIds)} as unread`);
  return row?.unread ?? null;
}

/**
 * A page view that is a person reading: not HEAD, not a browser's speculative
 * prefetch (Sec-Purpose/Purpose: prefetch), which nobody may have looked at.
 */
export function isReading(request: Request): boolean {
  if (request.method !== "GET") return false;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""} ${request.headers.get("x-moz") ?? ""}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** The member's read positions for the DSGVO export. */
export async function exportReadPositions(profileId: string) {
  return queryRows<{ discussionId: string; slug: string; title: string; lastReadAt: Date | string; updatedAt: Date | string }>(sql`
    select ${rp.discussionId} as "discussionId", ${d.slug}, ${d.title}, ${rp.lastReadAt} as "lastReadAt", ${rp.updatedAt} as "updatedAt"
    from ${readPositions} ${rp} join ${discussions} ${d} on ${d.id} = ${rp.discussionId}
    where ${rp.profileId} = ${profileId}
    order by ${rp.updatedAt} desc`);
}
