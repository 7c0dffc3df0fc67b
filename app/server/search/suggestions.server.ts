import { sql, type SQL } from "drizzle-orm";
import { discussions, searchWords } from "../../../db/schema";
import { effectiveSearch, type SearchFilter } from "~/lib/search";
import { queryRows } from "~/server/db";
import { termKey } from "./expansion.server";
import { searchConditions } from "./search.server";
import { currentSynonyms } from "./synonyms.server";

/** pg_trgm similarity from which a term of the vocabulary counts as what the searcher meant. */
const PHRASE_SIMILARITY = 0.5;
const WORD_SIMILARITY = 0.45;
const MAX_WORDS = 6;

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The word closest to a typed word: of the words of visible titles (`search_words`, which the job runner keeps;
 * its trigram index finds the candidates with `%`) and of the synonym terms' words. Of equally close words the one
 * more titles use. A word of a title hidden since the last rebuild may still be the closest; didYouMean offers the
 * correction only if it finds a visible discussion.
 */
async function closestWord(word: string, synonymWords: string[]): Promise<string | null> {
  const typed = termKey(word);
  const fromSynonyms =
    synonymWords.length > 0 ? sql` union all select term, lower(term), 0 from unnest(${textArray(synonymWords)}) term` : sql``;
  const [row] = await queryRows<{ spelling: string }>(sql`
    select spelling from (
      select ${searchWords.spelling} as spelling, ${searchWords.word} as word, ${searchWords.uses} as uses
      from ${searchWords} where ${searchWords.word} % ${typed}
      ${fromSynonyms}
    ) vocabulary
    where similarity(word, ${typed}) >= ${WORD_SIMILARITY}
    order by similarity(word, ${typed}) desc, uses desc, spelling
    limit 1`);
  return row?.spelling ?? null;
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
