import { and, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { discussions, profiles } from "../../../db/schema";
import { dateRangeStart, highlightTerms, SEARCH_LIMIT, type SearchFilter } from "~/lib/search";
import { db, escapeLike } from "~/server/db";
import {
  type DiscussionSummary,
  htmlToText,
  mentionNamesInRichText,
  mentionNamesOf,
  statusScope,
  summaryColumns,
  toSummary,
} from "~/server/discussions";
import { visible } from "~/server/platform";

export interface SearchHit extends DiscussionSummary {
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** All matches (at most SEARCH_COUNT_CAP), of which at most SEARCH_LIMIT are returned. */
  total: number;
  /** There are more than SEARCH_COUNT_CAP matches. */
  capped: boolean;
  terms: string[];
}

/** About 220 characters of plain text around the first matching word. */
function snippetOf(html: string, terms: string[]): string {
  const text = htmlToText(html).replace(/\s+/g, " ");
  const lower = text.toLowerCase();
  const positions = terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0);
  const first = positions.length > 0 ? Math.min(...positions) : 0;
  const start = Math.max(0, first - 60);
  const end = Math.min(text.length, start + 220);
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/** Matches are counted up to this many; past it the page says "mehr als 1000". */
export const SEARCH_COUNT_CAP = 1000;

/**
 * German full-text search (stemmed, title weighted above content) combined
 * with case-insensitive substring matching, so "Backlink" finds "Backlinks"
 * and "GA4" or "KI" are found even where the stemmer has nothing to say.
 *
 * Two statements, both able to stop early: the page of results in the chosen
 * order (for a common word an index in that order is walked until 50 match;
 * for a rare one the full-text and trigram indexes find the few), and the
 * count, which stops at SEARCH_COUNT_CAP + 1 instead of visiting every match.
 */
export async function searchDiscussions(filter: SearchFilter, now = new Date()): Promise<SearchResult> {
  const conditions: SQL[] = [visible.discussion()];
  const tsQuery = sql`websearch_to_tsquery('german', ${filter.query})`;
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    // Substrings of the content only from three characters on: that is what the trigram index
    // can answer. Shorter terms ("KI") are whole words, which the full-text part finds anyway.
    const inContent = filter.query.length >= 3 ? sql` or ${discussions.content} ilike ${pattern}` : sql``;
    conditions.push(sql`(${discussions.searchVector} @@ ${tsQuery} or ${discussions.title} ilike ${pattern}${inContent})`);
  }
  if (filter.category) conditions.push(eq(discussions.category, filter.category));
  if (filter.dateRange) conditions.push(gte(discussions.createdAt, dateRangeStart(filter.dateRange, now)));
  if (filter.status) conditions.push(statusScope(filter.status));
  const where = and(...conditions);

  // Without a query there is no text rank (and ORDER BY 0 would mean "column 0").
  const byRank = filter.query ? [desc(sql`ts_rank(${discussions.searchVector}, ${tsQuery})`)] : [];
  const order = {
    // Spec: relevance is pinned first, then most replies, then most views; the text rank breaks ties.
    relevance: [
      desc(discussions.isPinned),
      desc(discussions.repliesCount),
      desc(discussions.viewsCount),
      ...byRank,
      desc(discussions.createdAt),
    ],
    newest: [desc(discussions.createdAt)],
    oldest: [asc(discussions.createdAt)],
    most_replies: [desc(discussions.repliesCount), desc(discussions.createdAt)],
    most_views: [desc(discussions.viewsCount), desc(discussions.createdAt)],
  }[filter.sortBy];

  const [rows, counted] = await Promise.all([
    db
      .select({ ...summaryColumns, content: discussions.content, mentionNames: mentionNamesOf(discussions.content, "html") })
      .from(discussions)
      .leftJoin(profiles, eq(profiles.id, discussions.authorId))
      .where(where)
      .orderBy(...order)
      .limit(SEARCH_LIMIT),
    db.execute(sql`select count(*)::int as total from (select 1 from ${discussions} where ${where} limit ${SEARCH_COUNT_CAP + 1}) matches`),
  ]);
  const total = Number((counted as unknown as { rows: Array<{ total: number }> }).rows[0]?.total ?? 0);

  const terms = highlightTerms(filter.query);
  return {
    hits: rows.map((row) => ({ ...toSummary(row), snippet: snippetOf(mentionNamesInRichText(row.content, row.mentionNames), terms) })),
    total: Math.min(total, SEARCH_COUNT_CAP),
    capped: total > SEARCH_COUNT_CAP,
    terms,
  };
}
