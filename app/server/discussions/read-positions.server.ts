import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, readPositions } from "../../../db/schema";
import { db, excluded, queryRows, unqualified } from "~/server/db";
import type { Viewer } from "~/server/accounts";
import { faultOf, logger, visible } from "~/server/platform";

/**
 * Unread tracking (decision 0016): a member's read position in a discussion is
 * a point in time; every visible comment by someone else written after it is
 * unread. Discussions the member never opened have no position and no marker.
 */

/** More unread comments than this are not counted one by one: the list shows '99+ neu'. */
export const UNREAD_COUNT_CAP = 100;

/** Discussion id → number of unread comments (at most UNREAD_COUNT_CAP); listed only when above zero. */
export type UnreadCounts = Record<string, number>;

const rp = alias(readPositions, "rp");
const c = alias(comments, "c");
const d = alias(discussions, "d");

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * The unread comments of the listed discussions, for one member, in one
 * query: per listed id its read position by primary key (the limit keeps the
 * look-up a probe per id, even where the member's positions are most of the
 * table), then an index range of the discussion's comments after it, cut off
 * at the cap. Guests cost nothing.
 */
export async function unreadCounts(viewer: Viewer | null, discussionIds: readonly string[]): Promise<UnreadCounts> {
  const ids = [...new Set(discussionIds)];
  if (!viewer || ids.length === 0) return {};
  const listed = sql.join(
    ids.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await queryRows<{ discussion_id: string; unread: number }>(sql`
    select listed.id as discussion_id, unread.n as unread
    from (values ${listed}) as listed(id)
    cross join lateral (
      select ${rp.lastReadAt} from ${readPositions} ${rp} where ${rp.profileId} = ${viewer.id} and ${rp.discussionId} = listed.id limit 1
    ) position
    cross join lateral (
      select count(*)::int as n from (
        select 1 from ${comments} ${c}
        where ${c.discussionId} = listed.id and ${c.createdAt} > position.last_read_at
          and ${visible.comment(c)} and ${c.authorId} is distinct from ${viewer.id}
        limit ${UNREAD_COUNT_CAP}
      ) capped
    ) unread
    where unread.n > 0`);
  return Object.fromEntries(rows.map((row) => [row.discussion_id, Number(row.unread)]));
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
 * A position that cannot be stored (disk full, read-only database) costs the
 * reader an unread mark, never the page: the failure is logged, not thrown.
 */
export async function markRead(viewer: Viewer, discussionId: string, shownCommentIds: readonly string[]): Promise<void> {
  try {
    await storeReadPosition(viewer, discussionId, shownCommentIds);
  } catch (error) {
    const fault = faultOf(error);
    logger[fault ? "warn" : "error"]({ err: error, fault, discussionId }, "read position not stored");
  }
}

async function storeReadPosition(viewer: Viewer, discussionId: string, shownCommentIds: readonly string[]): Promise<void> {
  const shown = shownCommentIds.length === 0 ? null : idList(shownCommentIds);
  const newestShown = shown
    ? sql`(select max(${c.createdAt}) from ${comments} ${c} where ${c.discussionId} = ${d.id} and ${visible.comment(c)} and ${c.id} in (${shown}))`
    : sql`null::timestamptz`;
  const u = alias(comments, "u");
  const oldestUnshown = sql`(select ${u.createdAt} - interval '1 microsecond' from ${comments} ${u}
      where ${u.discussionId} = ${d.id} and ${u.createdAt} > coalesce(${rp.lastReadAt}, '-infinity'::timestamptz) and ${visible.comment(u)}
        ${shown ? sql`and ${u.id} not in (${shown})` : sql``}
      order by ${u.createdAt} limit 1)`;
  // Rereading what was read inserts no row at all: an ON CONFLICT that updates nothing would still lock
  // the row, and a lock is a write that each member's page view would wait to commit to disk.
  await db.execute(sql`
    insert into ${readPositions} (${unqualified(readPositions.profileId, readPositions.discussionId, readPositions.lastReadAt, readPositions.updatedAt)})
    select ${viewer.id}, reading.id, reading.target, now()
    from (
      select ${d.id}, ${rp.lastReadAt} as current,
        least(coalesce(${newestShown}, ${d.createdAt}), coalesce(${oldestUnshown}, 'infinity'::timestamptz)) as target
      from ${discussions} ${d}
      left join ${readPositions} ${rp} on ${rp.profileId} = ${viewer.id} and ${rp.discussionId} = ${d.id}
      where ${d.id} = ${discussionId}
    ) reading
    where reading.current is null or reading.current < reading.target
    on conflict (${unqualified(readPositions.profileId, readPositions.discussionId)}) do update
      set ${unqualified(readPositions.lastReadAt)} = ${excluded(readPositions.lastReadAt)}, ${unqualified(readPositions.updatedAt)} = ${excluded(readPositions.updatedAt)}
      where ${readPositions.lastReadAt} < ${excluded(readPositions.lastReadAt)}`);
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
