import { and, asc, desc, gte, lt, sql } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import { monthAfter, startOfBerlinMonth, TIME_ZONE } from "~/lib/berlin-time";
import { categories, isCategory, type Category } from "~/lib/categories";
import { db } from "~/server/db";
import { visible } from "~/server/platform";

/**
 * The archive (decision 0058): every visible discussion by the Berlin month it was started in, as long-lived forums
 * keep one, so that a crawler reaches each of them in three clicks from home (home → /archive → a month's page →
 * the discussion) while the category pages keep their numbered pagination.
 */

/**
 * Discussions on one page of a month. A page of 200 title links weighs about 60 KB of HTML (12 KB brotli) and
 * keeps a month of a busy forum on a handful of pages, each one click from /archive.
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

/** A moment's Berlin month; the zone is a literal, so the grouping repeats the selected expression exactly. */
const berlinMonth = sql<string>`to_char(${discussions.createdAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;

const pagesFor = (count: number) => Math.max(1, Math.ceil(count / ARCHIVE_PAGE_SIZE));

/**
 * Every month with visible discussions, newest first, with their number. One statement over the visible
 * discussions' partial index (index-only); the page caches keep its answer until a discussion changes.
 */
export async function listArchiveMonths(): Promise<ArchiveMonth[]> {
  const rows = await db
    .select({ month: berlinMonth, count: sql<number>`count(*)`.mapWith(Number) })
    .from(discussions)
    .where(visible.discussion())
    .groupBy(berlinMonth)
    .orderBy(desc(berlinMonth));
  return rows.map((row) => ({ month: row.month, count: row.count, pages: pagesFor(row.count) }));
}

/**
 * One page of a month's visible discussions, oldest first, or null when the month has none or the page lies past
 * its end. One statement: the month's range of the creation index, counted as it is read (a month holds a few
 * thousand discussions at most, so no page skips more than that).
 */
export async function listArchivePage(month: string, page: number): Promise<ArchivePage | null> {
  const rows = await db
    .select({
      slug: discussions.slug,
      title: discussions.title,
      category: discussions.category,
      createdAt: discussions.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(discussions)
    .where(
      and(
        visible.discussion(),
        gte(discussions.createdAt, startOfBerlinMonth(month)),
        lt(discussions.createdAt, startOfBerlinMonth(monthAfter(month))),
      ),
    )
    .orderBy(asc(discussions.createdAt), asc(discussions.id))
    .limit(ARCHIVE_PAGE_SIZE)
    .offset((page - 1) * ARCHIVE_PAGE_SIZE);
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
