import { sql, type SQL } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import { effectiveSearch, type SearchFilter } from "~/lib/search";
import { queryRows } from "~/server/db";
import { visible } from "~/server/platform";
import { termKey } from "./expansion.server";
import { searchConditions } from "./search.server";
import { currentSynonyms } from "./synonyms.server";

/** pg_trgm similarity from which a term of the vocabulary counts as what the searcher meant. */
const PHRASE_SIMILARITY = 0.5;
const WORD_SIMILARITY = 0.45;
/** Titles read per word: enough words to choose from, few enough to stay fast at 100,000 discussions. */
const TITLES_PER_WORD = 100;
const MAX_WORDS = 6;

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The vocabulary's word closest to a typed word: the words of visible discussions' titles that resemble it (the
 * trigram index on titles finds those titles with `<%`, word similarity, before a word of them is split off), and
 * the words of the synonym terms. Only visible titles: a hidden discussion's words are never offered.
 */
async function closestWord(word: string, synonymWords: string[]): Promise<string | null> {
  const typed = termKey(word);
  const fromSynonyms = synonymWords.length > 0 ? sql` union all select unnest(${textArray(synonymWords)})` : sql``;
  const [row] = await queryRows<{ word: string }>(sql`
    select word from (
      select regexp_split_to_table(title, '[[:space:][:punct:]„“”‚‘–—…]+') as word
      from (select ${discussions.title} as title from ${discussions}
            where ${visible.discussion()} and ${typed} <% ${discussions.title} limit ${TITLES_PER_WORD}) titles
      ${fromSynonyms}
    ) vocabulary
    where length(word) >= 3 and similarity(lower(word), ${typed}) >= ${WORD_SIMILARITY}
    order by similarity(lower(word), ${typed}) desc, word
    limit 1`);
  return row?.word ?? null;
}

/**
 * "Meinten Sie …?" for a search that found nothing: the query with its text corrected to the closest terms of the
 * trade (a synonym term like the whole text, "Core Web Vitls" → "Core Web Vitals") or, word by word, to the words
 * of visible titles; its operators stay as typed. Offered only when the corrected query finds something. Null when
 * nothing resembles closely enough.
 */
export async function didYouMean(filter: SearchFilter, now = new Date()): Promise<string | null> {
  const search = effectiveSearch(filter);
  const typed = termKey(search.text);
  if (typed.length < 3) return null;
  const synonyms = await currentSynonyms();
  const terms = synonyms.allTerms();

  let corrected: string | null = null;
  if (terms.length > 0) {
    const [phrase] = await queryRows<{ term: string; score: number }>(sql`
      select term, similarity(lower(term), ${typed}) as score from unnest(${textArray(terms)}) term
      where lower(term) <> ${typed} order by score desc, term limit 1`);
    if (phrase && phrase.score >= PHRASE_SIMILARITY) corrected = phrase.term;
  }
  if (corrected === null) {
    const words = search.text.split(" ").slice(0, MAX_WORDS);
    const synonymWords = [...new Set(terms.flatMap((term) => term.split(/\s+/)).filter((word) => word.length >= 3))];
    const closest = await Promise.all(
      words.map((word) => (/^[\p{L}][\p{L}\p{N}-]{3,}$/u.test(word) ? closestWord(word, synonymWords) : Promise.resolve(null))),
    );
    const changed = words.map((word, index) => {
      const best = closest[index];
      return best && termKey(best) !== termKey(word) ? best : word;
    });
    if (changed.some((word, index) => word !== words[index])) corrected = changed.join(" ");
  }
  if (corrected === null || termKey(corrected) === typed) return null;

  const { where } = searchConditions({ ...search, text: corrected }, synonyms.expand(corrected), now);
  const [found] = await queryRows<{ found: boolean }>(sql`select exists (select 1 from ${discussions} where ${where}) as found`);
  if (!found?.found) return null;
  return [corrected, ...search.operators.map((operator) => operator.source)].join(" ");
}
