import { desc, gt, gte, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { searchQueryDays } from "../../../db/schema";
import { berlinDate } from "~/lib/berlin-time";
import { QUERY_MAX_LENGTH } from "~/lib/search";
import { db, type Database } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import { logger } from "~/server/platform";

/**
 * What members search for, for the administrators: one row per day and query with two counts. Nothing in it
 * points to a person (no member, no address, no time of day), and a row is deleted once it is older than
 * SEARCH_STATS_DAYS.
 */
export const SEARCH_STATS_DAYS = 30;

/** One spelling per query: NFC, small letters, single spaces, at most QUERY_MAX_LENGTH characters. */
export function normaliseSearchQuery(query: string): string {
  return query.normalize("NFC").toLocaleLowerCase("de").replace(/\s+/g, " ").trim().slice(0, QUERY_MAX_LENGTH);
}

/** Adds one search of the query to its day's row, in one statement. */
export async function recordSearch(query: string, zeroHits: boolean, now = new Date(), executor: Database = db): Promise<void> {
  const normalised = normaliseSearchQuery(query);
  if (!normalised) return;
  const zero = zeroHits ? 1 : 0;
  await executor
    .insert(searchQueryDays)
    .values({ day: berlinDate(now), query: normalised, searches: 1, zeroHits: zero })
    .onConflictDoUpdate({
      target: [searchQueryDays.day, searchQueryDays.query],
      set: { searches: sql`${searchQueryDays.searches} + 1`, zeroHits: sql`${searchQueryDays.zeroHits} + ${zero}` },
    });
}

/**
 * A search a person made, counted after the answer is on its way: not awaited, so the count can neither slow the
 * search nor fail it (a failed count is logged and lost). Crawlers and empty queries are not counted.
 */
export function countSearch(request: Request, query: string, zeroHits: boolean): void {
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent) || !normaliseSearchQuery(query)) return;
  setImmediate(() => {
    recordSearch(query, zeroHits).catch((error: unknown) => logger.warn({ err: error }, "search not counted"));
  });
}

export interface SearchCount {
  query: string;
  searches: number;
  zeroHits: number;
}

export interface SearchStatistics {
  /** The most searched queries of the last SEARCH_STATS_DAYS days. */
  frequent: SearchCount[];
  /** The queries that found nothing most often. */
  withoutResults: SearchCount[];
  /** Searches counted in all. */
  searches: number;
}

/** The first day still kept: today and the SEARCH_STATS_DAYS - 1 days before it (Berlin's calendar). */
function firstKeptDay(now: Date): string {
  return berlinDate(new Date(now.getTime() - (SEARCH_STATS_DAYS - 1) * 86_400_000));
}

export async function searchStatistics(now = new Date(), limit = 20): Promise<SearchStatistics> {
  const since = gte(searchQueryDays.day, firstKeptDay(now));
  const searches = sql<number>`sum(${searchQueryDays.searches})::int`;
  const zeroHits = sql<number>`sum(${searchQueryDays.zeroHits})::int`;
  const [frequent, withoutResults, [all]] = await Promise.all([
    db
      .select({ query: searchQueryDays.query, searches, zeroHits })
      .from(searchQueryDays)
      .where(since)
      .groupBy(searchQueryDays.query)
      .orderBy(desc(searches), searchQueryDays.query)
      .limit(limit),
    db
      .select({ query: searchQueryDays.query, searches, zeroHits })
      .from(searchQueryDays)
      .where(since)
      .groupBy(searchQueryDays.query)
      .having(gt(zeroHits, 0))
      .orderBy(desc(zeroHits), searchQueryDays.query)
      .limit(limit),
    db
      .select({ searches: sql<number>`coalesce(sum(${searchQueryDays.searches}), 0)::int` })
      .from(searchQueryDays)
      .where(since),
  ]);
  return { frequent, withoutResults, searches: all?.searches ?? 0 };
}

/** Deletes the days older than SEARCH_STATS_DAYS; the answer is how many rows went. */
export async function purgeSearchStatistics(now = new Date()): Promise<number> {
  const deleted = await db
    .delete(searchQueryDays)
    .where(lt(searchQueryDays.day, firstKeptDay(now)))
    .returning({ day: searchQueryDays.day });
  return deleted.length;
}

defineSchedule("purge-search-statistics", { everySeconds: 24 * 3_600, run: async () => void (await purgeSearchStatistics()) });
