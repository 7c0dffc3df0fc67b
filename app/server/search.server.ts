import { and, asc, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { discussions, profiles } from "../../db/schema";
import { dateRangeStart, highlightTerms, SEARCH_LIMIT, type SearchFilter } from "~/lib/search";
import { db, escapeLike } from "./db.server";
import { isVisible, summaryColumns, toSummary, type DiscussionSummary } from "./discussions.server";
import { htmlToText } from "./sanitize.server";

export interface SearchHit extends DiscussionSummary {
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** All matches, of which at most SEARCH_LIMIT are returned. */
  total: number;
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

/**
 * German full-text search (stemmed, title weighted above content) combined
 * with case-insensitive substring matching, so "Backlink" finds "Backlinks"
 * and "GA4" or "KI" are found even where the stemmer has nothing to say.
 */
export async function searchDiscussions(filter: SearchFilter, now = new Date()): Promise<SearchResult> {
  const conditions: SQL[] = [isVisible];
  const tsQuery = sql`websearch_to_tsquery('german', ${filter.query})`;
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    // Substrings of the content only from three characters on: that is what the trigram index
    // can answer. Shorter terms ("KI") are whole words, which the full-text part finds anyway.
    const inContent =
      filter.query.length >= 3 ? sql` union select id from ${discussions} where ${discussions.content} ilike ${pattern}` : sql``;
    // A UNION of three index scans rather than one OR: with OR the planner falls back to a
    // sequential scan that reads every post's content (200 ms on 20,000 posts in PGlite).
    conditions.push(sql`${discussions.id} in (
      select id from ${discussions} where ${discussions.searchVector} @@ ${tsQuery}
      union select id from ${discussions} where ${discussions.title} ilike ${pattern}${inContent})`);
  }
  if (filter.category) conditions.push(eq(discussions.category, filter.category));
  if (filter.dateRange) conditions.push(gte(discussions.createdAt, dateRangeStart(filter.dateRange, now)));

  // Without a query there is no text rank (and ORDER BY 0 would mean "column 0").
  const byRank = filter.query ? [desc(sql`ts_rank(${discussions.searchVector}, ${tsQuery})`)] : [];
  const order = {
    // Spec: relevance is pinned first, then most replies, then most views; the text rank breaks ties.
    relevance: [desc(discussions.isPinned), desc(discussions.repliesCount), desc(discussions.viewsCount), ...byRank, desc(discussions.createdAt)],
    newest: [desc(discussions.createdAt)],
    oldest: [asc(discussions.createdAt)],
    most_replies: [desc(discussions.repliesCount), desc(discussions.createdAt)],
    most_views: [desc(discussions.viewsCount), desc(discussions.createdAt)],
  }[filter.sortBy];

  const rows = await db
    .select({ ...summaryColumns, content: discussions.content, total: sql<number>`count(*) over ()` })
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(SEARCH_LIMIT);

  const terms = highlightTerms(filter.query);
  return {
    hits: rows.map((row) => ({ ...toSummary(row), snippet: snippetOf(row.content, terms) })),
    total: Number(rows[0]?.total ?? 0),
    terms,
  };
}
