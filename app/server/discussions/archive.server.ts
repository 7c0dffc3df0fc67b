import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import { monthAfter, startOfBerlinMonth, TIME_ZONE } from "~/lib/berlin-time";
import { categories, isCategory, type Category } from "~/lib/categories";
import { db, queryRows } from "~/server/db";
import { visible } from "~/server/platform";

/**
 * The archive (decision 0058): every visible discussion by the Berlin month it was started in, as long-lived forums
 * keep one, so that a crawler reaches each of them in three clicks from home (home → /archive → a month's page →
 * the discussion) while the category pages keep their numbered pagination.
 */

/**
 * Discussions on one page of a month. A full page of 200 title links is 76 KB of HTML (8 KB brotli), about what a
 * category page of 25 cards weighs, and keeps a month of a busy forum (2,800 at 100,000 discussions) on 15 pages.
 */
export const ARCHIVE_PAGE_SIZE = 200;

/** A calendar month in Berlin ("2026-03") that has visible discussions. */
export interface ArchiveMonth {
  month: string;
  count: number;
  pages: number;
}

export interface ArchiveEntry {
  slug: string;
  title: string;
  category: Category;
  createdAt: Date;
}

export interface ArchivePage {
  month: string;
  discussions: ArchiveEntry[];
  /** The month's visible discussions over all its pages. */
  totalCount: number;
  totalPages: number;
  currentPage: number;
}

const zone = sql.raw(`'${TIME_ZONE}'`);

const pagesFor = (count: number) => Math.max(1, Math.ceil(count / ARCHIVE_PAGE_SIZE));

/**
 * Every month with visible discussions, newest first, with their number: one statement, which counts the visible
 * discussions' partial index (index-only) into the Berlin months between the oldest and the newest. Each row is
 * placed by a binary search among the months' first moments (width_bucket): converting every row's time to Berlin's
 * instead took three to four times as long at 100,000 discussions (decision 0058). The page caches keep the answer
 * until a discussion changes.
 */
export async function listArchiveMonths(): Promise<ArchiveMonth[]> {
  const rows = await queryRows<{ month: string; count: number }>(sql`
    with span as (
      select date_trunc('month', min(${discussions.createdAt}) at time zone ${zone}) as oldest,
        date_trunc('month', max(${discussions.createdAt}) at time zone ${zone}) as newest
      from ${discussions} where ${visible.discussion()}
    ), starts as (
      select array_agg(start at time zone ${zone} order by start) as moments, array_agg(to_char(start, 'YYYY-MM') order by start) as names
      from span, generate_series(span.oldest, span.newest, interval '1 month') as start
    )
    select (select names from starts)[counted.bucket] as month, counted.count
    from (
      select width_bucket(${discussions.createdAt}, (select moments from starts)) as bucket, count(*)::int as count
      from ${discussions} where ${visible.discussion()} group by 1
    ) as counted
    order by counted.bucket desc`);
  return rows.map((row) => ({ month: row.month, count: Number(row.count), pages: pagesFor(Number(row.count)) }));
}

/**
 * One page of a month's visible discussions, oldest first, or null when the month has none or the page lies past
 * its end. One statement: the page's ids and the month's count from an index-only scan of the visible discussions'
 * partial index (the category pages' own), then the page's rows by id. That index leads with category and pinned, so
 * the month's range is asked for under every category and both pinned states, which the index reads as one range
 * each; the creation index would read every row of the month from the table (1,100 blocks for 2,700 discussions at
 * 100,000, against 80 here: decision 0058).
 */
export async function listArchivePage(month: string, page: number): Promise<ArchivePage | null> {
  const listed = db
    .select({ id: discussions.id, createdAt: discussions.createdAt, total: sql<number>`count(*) over ()`.as("total") })
    .from(discussions)
    .where(
      and(
        visible.discussion(),
        inArray(discussions.category, [...categories]),
        inArray(discussions.isPinned, [true, false]),
        gte(discussions.createdAt, startOfBerlinMonth(month)),
        lt(discussions.createdAt, startOfBerlinMonth(monthAfter(month))),
      ),
    )
    .orderBy(asc(discussions.createdAt), asc(discussions.id))
    .limit(ARCHIVE_PAGE_SIZE)
    .offset((page - 1) * ARCHIVE_PAGE_SIZE)
    .as("listed");
  const rows = await db
    .select({
      slug: discussions.slug,
      title: discussions.title,
      category: discussions.category,
      createdAt: discussions.createdAt,
      total: sql<number>`${listed.total}`.mapWith(Number),
    })
    .from(listed)
    .innerJoin(discussions, eq(discussions.id, listed.id))
    .orderBy(asc(listed.createdAt), asc(listed.id));
  const totalCount = rows[0]?.total ?? 0;
  if (totalCount === 0) return null;
  return {
    month,
    discussions: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      // The check constraint guarantees the category; the guard keeps the type honest (as toSummary does).
      category: isCategory(row.category) ? row.category : categories[3],
      createdAt: row.createdAt,
    })),
    totalCount,
    totalPages: pagesFor(totalCount),
    currentPage: page,
  };
}
