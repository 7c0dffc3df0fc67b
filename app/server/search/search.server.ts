import { and, asc, desc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { discussions, discussionTags, profiles, tags } from "../../../db/schema";
import { dateRangeStart, effectiveSearch, highlightTerms, SEARCH_LIMIT, type EffectiveSearch, type SearchFilter } from "~/lib/search";
import { db, escapeLike, queryRows } from "~/server/db";
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
import type { ExpandedQuery } from "./expansion.server";
import { currentSynonyms } from "./synonyms.server";

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
 * A search for text alone whose visible full-text matches the planner
 * estimates at this many or more is not counted: "mehr als 1000" without
 * visiting a thousand rows. Ten times the cap, so that only a word the
 * statistics list among the most common ones (sampled from 30,000 rows) gets
 * there; a rarer one is estimated far below and counted.
 */
export const COUNT_ESTIMATE_BOUND = 10 * SEARCH_COUNT_CAP;

/** The planner's estimate of the rows `where` selects, from the statistics alone: nothing is read. */
async function estimatedMatches(where: SQL): Promise<number> {
  const [row] = await queryRows<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    sql`explain (format json) select 1 from ${discussions} where ${where}`,
  );
  return row?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
}

/**
 * German full-text search (stemmed, title weighted above content) combined
 * with case-insensitive substring matching, so "Backlink" finds "Backlinks"
 * and "GA4" or "KI" are found even where the stemmer has nothing to say.
 *
 * The page of results in the chosen order stops early: for a common word an
 * index in that order is walked until 50 match (the text rank, last but one in
 * the relevance order, is computed for those rows only), for a rare one the
 * full-text and trigram indexes find the few. The count is what used to cost:
 * it checked every row up to the 1001st match, most of them with a substring
 * search through the content (34 ms of the database's CPU for "Backlinks" on
 * 100,000 discussions, against 4 ms for the page). So it is left out where the
 * answer is known without it: fewer than 50 hits are all the hits, and a plain
 * text search for a word the statistics call very common
 * (COUNT_ESTIMATE_BOUND) has more than 1000. Otherwise it counts as before,
 * stopping at SEARCH_COUNT_CAP + 1. With a category, period or status the
 * estimate is not used: it multiplies the conditions' shares as if they were
 * independent, and a SEA term in the SEO category is anything but.
 */
export async function searchDiscussions(
  filter: SearchFilter,
  now = new Date(),
  { countEstimateBound = COUNT_ESTIMATE_BOUND }: { countEstimateBound?: number } = {},
): Promise<SearchResult> {
  const search = effectiveSearch(filter);
  const expanded = (await currentSynonyms()).expand(search.text);
  const { where, tsQuery } = searchConditions(search, expanded, now);

  // Without a query there is no text rank (and ORDER BY 0 would mean "column 0").
  const byRank = tsQuery ? [desc(sql`ts_rank(${discussions.searchVector}, ${tsQuery})`)] : [];
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
  }[search.sortBy];

  const textOnly = tsQuery !== null && !search.category && !search.dateRange && !search.status && !search.author && !search.tag;
  const [rows, estimate] = await Promise.all([
    db
      .select({ ...summaryColumns, content: discussions.content, mentionNames: mentionNamesOf(discussions.content, "html") })
      .from(discussions)
      .leftJoin(profiles, eq(profiles.id, discussions.authorId))
      .where(where)
      .orderBy(...order)
      .limit(SEARCH_LIMIT),
    textOnly ? estimatedMatches(and(visible.discussion(), sql`${discussions.searchVector} @@ ${tsQuery}`)!) : 0,
  ]);
  const total =
    rows.length < SEARCH_LIMIT ? rows.length : estimate >= countEstimateBound ? SEARCH_COUNT_CAP + 1 : await countMatches(where);

  // The synonyms found are highlighted too: a hit for "Suchmaschinenoptimierung" may only say "SEO".
  const terms = highlightTerms([search.text, ...expanded.alternatives.flat()].join(" "));
  return {
    hits: rows.map((row) => ({ ...toSummary(row), snippet: snippetOf(mentionNamesInRichText(row.content, row.mentionNames), terms) })),
    total: Math.min(total, SEARCH_COUNT_CAP),
    capped: total > SEARCH_COUNT_CAP,
    terms,
  };
}

/**
 * The conditions of a search: visible discussions, the text (with its synonyms) in the full-text or the substring
 * part, and the filters. The full-text part is the words outside any synonym term as typed, AND each term found as
 * an OR of its group's terms (each a phrase); the substring part is the query spelled with each combination of
 * alternatives (at most MAX_VARIANTS). Both stay the shapes the indexes answer: one `@@` on the GIN index of
 * search_vector, ILIKEs on the trigram indexes, OR-ed into one BitmapOr.
 */
export function searchConditions(
  search: Pick<EffectiveSearch, "text" | "category" | "status" | "author" | "dateRange" | "tag">,
  expanded: ExpandedQuery,
  now: Date,
): { where: SQL; tsQuery: SQL | null } {
  const conditions: SQL[] = [visible.discussion()];
  let tsQuery: SQL | null = null;
  if (search.text) {
    const parts: SQL[] = [];
    if (expanded.rest) parts.push(sql`websearch_to_tsquery('german', ${expanded.rest})`);
    for (const alternatives of expanded.alternatives)
      parts.push(
        sql`(${sql.join(
          alternatives.map((term) => sql`plainto_tsquery('german', ${term})`),
          sql` || `,
        )})`,
      );
    tsQuery = sql`(${sql.join(parts, sql` && `)})`;
    const substrings = expanded.variants.flatMap((variant, index) => {
      // A synonym shorter than three characters ("AI" for "KI") is no substring worth finding: the full-text part
      // finds it as a word. The query as typed keeps the behaviour it always had.
      if (index > 0 && variant.length < 3) return [];
      const pattern = `%${escapeLike(variant)}%`;
      // Substrings of the content only from three characters on: that is what the trigram index
      // can answer. Shorter terms ("KI") are whole words, which the full-text part finds anyway.
      return [sql`${discussions.title} ilike ${pattern}`, ...(variant.length >= 3 ? [sql`${discussions.content} ilike ${pattern}`] : [])];
    });
    conditions.push(sql`(${discussions.searchVector} @@ ${tsQuery} or ${or(...substrings)})`);
  }
  if (search.category) conditions.push(eq(discussions.category, search.category));
  if (search.dateRange) conditions.push(gte(discussions.createdAt, dateRangeStart(search.dateRange, now)));
  if (search.status) conditions.push(statusScope(search.status));
  if (search.author) conditions.push(byAuthorName(search.author));
  // A tag (decision 0053): the discussions on its rows of discussion_tags (their index by tag).
  if (search.tag)
    conditions.push(
      sql`${discussions.id} in (select ${discussionTags.discussionId} from ${discussionTags} join ${tags} on ${tags.id} = ${discussionTags.tagId} where ${tags.slug} = ${search.tag})`,
    );
  return { where: and(...conditions)!, tsQuery };
}

/**
 * `von:Aylin` or `von:"Aylin Yilmaz"`: discussions of members with that first name, or first and last name, in any
 * case. The search shows visible discussions only, with their authors' names as every list shows them, so a name
 * finds nothing a guest could not read on the lists; a member with only hidden posts is found as little as no one.
 */
function byAuthorName(name: string): SQL {
  const key = name.toLocaleLowerCase("de");
  return sql`${discussions.authorId} in (select ${profiles.id} from ${profiles} where lower(${profiles.firstName}) = ${key}
    or lower(${profiles.firstName} || ' ' || ${profiles.lastName}) = ${key})`;
}

/** Matches up to SEARCH_COUNT_CAP + 1: the statement stops there instead of visiting every match. */
async function countMatches(where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ${discussions} where ${where} limit ${SEARCH_COUNT_CAP + 1}) matches`,
  );
  return Number(row?.total ?? 0);
}
