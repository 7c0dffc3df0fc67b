import { sql } from "drizzle-orm";
import { discussions, searchWords } from "../../../db/schema";
import { db, excluded, unqualified, type Database, type Transaction } from "~/server/db";
import { defineJob, defineSchedule } from "~/server/jobs";
import { visible } from "~/server/platform";

/**
 * Where a title splits into words: spaces, ASCII punctuation (what `[:punct:]` means in the C locale, PGlite's) and the
 * typographic quotes, dashes and ellipsis German titles use.
 */
export const TITLE_WORD_SEPARATORS = "[[:space:][:punct:]„“”‚‘–—…]+";
/** Shorter words are never corrected: "SEO" is as short as a word of the vocabulary gets. */
export const MIN_WORD_LENGTH = 3;
/**
 * The vocabulary is rebuilt this often whatever happened, for changes that announce nothing (psql, a restore). The
 * writes' own rebuilds keep it current; this only catches the rest, so it runs hourly: a rebuild costs about 1.6 s of
 * the database's CPU at 100,000 discussions, and on PGlite it holds the one connection that long.
 */
const REFRESH_EVERY_SECONDS = 3_600;
/** A write's rebuild waits this long, so that a burst of new discussions costs one rebuild, not one each. */
const AFTER_WRITE_DELAY_MS = 30_000;
/** The advisory lock that serialises rebuilds (any number; the migrations' lock is another). */
const REFRESH_LOCK_ID = 520_001;

/**
 * Rebuilds `search_words` from the titles of visible discussions, in one statement: the words no visible title
 * uses any more are deleted, new ones inserted, changed counts updated; an unchanged word is not written, so its
 * index entry stays. At 100,000 discussions the cost is splitting every title (decision 0052 has the numbers); it
 * runs in the job runner, never in a request.
 */
export async function refreshSearchWords(database: Database = db): Promise<void> {
  await database.transaction(async (tx) => {
    // Two app servers rebuilding at once would upsert the same words in their own orders: one waits for the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK_ID})`);
    await tx.execute(sql`
    with fresh as (
      select lower(word) as word, min(word) as spelling, count(*)::int as uses
      from ${discussions}
        cross join lateral unnest(regexp_split_to_array(${discussions.title}, ${TITLE_WORD_SEPARATORS})) as split(word)
      where ${visible.discussion()} and length(word) >= ${MIN_WORD_LENGTH}
      group by lower(word)
    ), gone as (
      delete from ${searchWords} where not exists (select 1 from fresh where fresh.word = ${searchWords.word})
    )
    insert into ${searchWords} (${unqualified(searchWords.word, searchWords.spelling, searchWords.uses)}) select word, spelling, uses from fresh
    on conflict (${unqualified(searchWords.word)}) do update
    set ${unqualified(searchWords.spelling)} = ${excluded(searchWords.spelling)}, ${unqualified(searchWords.uses)} = ${excluded(searchWords.uses)}
    where (${searchWords.spelling}, ${searchWords.uses}) is distinct from (${excluded(searchWords.spelling)}, ${excluded(searchWords.uses)})`);
  });
}

defineSchedule("refresh-search-words", { everySeconds: REFRESH_EVERY_SECONDS, run: () => refreshSearchWords() });

const searchWordsAfterWrite = defineJob<Record<string, never>>("refresh-search-words-soon", {
  coalesce: true,
  maxAttempts: 2,
  run: () => refreshSearchWords(),
});

/**
 * A visible title came, went or changed: the vocabulary is rebuilt shortly after the commit (for the listeners of
 * the discussions' and moderation's events). Until then a hidden title's words may still be offered as a correction,
 * but only one that finds a visible discussion (didYouMean checks).
 */
export async function refreshSearchWordsSoon(tx: Transaction): Promise<void> {
  await searchWordsAfterWrite.enqueue(tx, {}, { runAt: new Date(Date.now() + AFTER_WRITE_DELAY_MS) });
}
