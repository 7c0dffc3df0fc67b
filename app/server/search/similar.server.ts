import { currentSynonyms } from "./synonyms.server";
import { sql, type SQL } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import { categories, isCategory, type Category } from "~/lib/categories";
import { queryRows } from "~/server/db";
import { htmlToText } from "~/server/discussions";
import { visible } from "~/server/platform";

/** What a list of similar discussions shows: enough for a link with its category, replies and "Gelöst". */
export interface SimilarDiscussion {
  id: string;
  slug: string;
  title: string;
  category: Category;
  repliesCount: number;
  solved: boolean;
  createdAt: Date;
}

export interface SimilarOptions {
  /** At most this many (5 when not said). */
  limit?: number;
  /** Never this discussion (the page's own). */
  excludeId?: string;
  /**
   * Solved ones first ("Wurde das schon gefragt?"), then by relevance, among those at least RELEVANT_SHARE as relevant
   * as the best; otherwise relevance alone.
   */
  preferSolved?: boolean;
  /** A small lead for discussions of this category: at equal text, the same subforum is the better neighbour. */
  category?: Category;
}

/** The words that make a text searchable: letters and digits, lower case, each once, in order of appearance. */
export function significantWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // One letter says nothing; "or" and "and" would be operators of websearch_to_tsquery.
  return [...new Set(words)].filter((word) => word.length > 1 && word !== "or" && word !== "and");
}

/** Title words kept for the query: more only makes the OR-query match (and rank) more rows, not better ones. */
const TITLE_WORDS = 10;
/** Words of the content added to the title's: the longest, which tend to be the specific ones. */
const CONTENT_WORDS = 5;
/**
 * Full-text matches ranked: the newest this many. An OR-query with a common word matches a third of all
 * discussions; ranking them all took 0.2 s at 100,000, walking the newest until this many match takes 10–25 ms.
 */
const TEXT_MATCHES_RANKED = 200;
/**
 * With solved ones first, only those scoring at least this share of the best: a solved thread that shares one common
 * word must not push the near-duplicate off the list.
 */
const RELEVANT_SHARE = 0.25;
/** Each source hands over at most this many candidates before they are scored together. */
const CANDIDATES = 40;

/**
 * The terms the full-text OR-query is built of. This is the one place for synonym expansion (the trade's synonym list):
 * a term's variants ("seo" → "suchmaschinenoptimierung") added here reach both the full-text candidates and
 * their rank, as more OR-ed terms.
 */
function queryTerms(text: { title: string; content?: string }): string[] {
  const fromTitle = significantWords(text.title).slice(0, TITLE_WORDS);
  const fromContent = text.content
    ? significantWords(htmlToText(text.content))
        .filter((word) => !fromTitle.includes(word) && word.length >= 6)
        .sort((a, b) => b.length - a.length)
        .slice(0, CONTENT_WORDS)
    : [];
  return [...fromTitle, ...fromContent];
}

/**
 * The words, and every other term of the trade's synonym groups (decision 0052) that the title names: a title that
 * says "Suchmaschinenoptimierung" finds the threads that say "SEO". A term of several words is a phrase.
 */
function withSynonyms(words: string[], alternatives: string[][]): string[] {
  const known = new Set(words.map((word) => word.toLocaleLowerCase("de")));
  const added = alternatives
    .flatMap((group) => group.slice(1))
    .filter((term) => !known.has(term.toLocaleLowerCase("de")))
    .map((term) => (/\s/.test(term) ? `"${term.replace(/"/g, "")}"` : term));
  return [...words, ...new Set(added)];
}

/**
 * Discussions like the text (a title being written, or a discussion's title and content), visible ones only,
 * best first. Two cheap, limited candidate sources are scored together:
 * - German full text: the text's significant words OR-ed (`websearch_to_tsquery`, so stop words drop out and
 *   no input is a syntax error) against the stored `search_vector` (title weighted above content), ranked with
 *   `ts_rank` normalised to 0–1, among the newest TEXT_MATCHES_RANKED matches (the work stays bounded however
 *   common the words are; an old thread that matches well still comes through its title);
 * - trigram similarity of the titles (`%`: pg_trgm's threshold, 0.3), nearest first through the title's GiST
 *   trigram index, which catches acronyms, compounds and spellings the stemmer does not (SEO-Audit,
 *   Core-Web-Vitals), the best CANDIDATES.
 * The score is the sum of the two, plus a little for the same category. This is also the one place for shared
 * tags (`discussion_tags`): a third candidate source (discussions sharing a tag) and
 * its term in the score, beside the two here.
 */
export async function similarDiscussions(
  text: { title: string; content?: string },
  { limit = 5, excludeId, preferSolved = false, category }: SimilarOptions = {},
): Promise<SimilarDiscussion[]> {
  const terms = withSynonyms(queryTerms(text), (await currentSynonyms()).expand(text.title).alternatives);
  const title = text.title.trim();
  if (terms.length === 0 && title.length < 3) return [];
  const d = discussions;
  const others: SQL = excludeId ? sql`and ${d.id} <> ${excludeId}` : sql``;
  const tsQuery = sql`websearch_to_tsquery('german', ${terms.join(" or ")})`;
  const sameCategory = category ? sql`case when ${d.category} = ${category} then 0.05 else 0 end` : sql`0`;
  const order = preferSolved ? sql`solved desc, score desc, created desc` : sql`score desc, created desc`;
  const rows = await queryRows<SimilarRow>(sql`
    with text_matches as (
      select id, ts_rank(vector, ${tsQuery}, 32) as rank
      from (
        select ${d.id} as id, ${d.searchVector} as vector
        from ${d}
        where ${d.searchVector} @@ ${tsQuery} and ${visible.discussion()} ${others}
        order by ${d.createdAt} desc
        limit ${TEXT_MATCHES_RANKED}
      ) newest
      order by rank desc
      limit ${CANDIDATES}
    ),
    title_matches as (
      select ${d.id} as id, 1 - (${d.title} <-> ${title}) as rank
      from ${d}
      where ${d.title} % ${title} and ${visible.discussion()} ${others}
      order by ${d.title} <-> ${title}
      limit ${CANDIDATES}
    ),
    candidates as (
      select id, sum(rank) as score from (
        select id, rank from text_matches
        union all
        select id, rank from title_matches
      ) found
      group by id
    )
    select * from (
      select ${d.id} as id, ${d.slug} as slug, ${d.title} as title, ${d.category} as category,
        ${d.repliesCount} as replies_count, ${d.solutionCommentId} is not null as solved, ${d.createdAt} as created,
        candidates.score + ${sameCategory} as score, max(candidates.score + ${sameCategory}) over () as best
      from candidates
      join ${d} on ${d.id} = candidates.id
      where ${visible.discussion()}
    ) scored
    where score >= best * ${preferSolved ? RELEVANT_SHARE : 0}
    order by ${order}
    limit ${limit}
  `);
  return rows.map(similarDiscussionOf);
}

/** A discussion as the statements of similar and related discussions select it. */
export type SimilarRow = {
  id: string;
  slug: string;
  title: string;
  category: string;
  replies_count: number;
  solved: boolean;
  created: Date | string;
};

export function similarDiscussionOf(row: SimilarRow): SimilarDiscussion {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: isCategory(row.category) ? row.category : categories[3],
    repliesCount: Number(row.replies_count),
    solved: Boolean(row.solved),
    createdAt: new Date(row.created),
  };
}
