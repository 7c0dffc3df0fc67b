import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";

/** The search's vocabulary of the trade and its statistics (app/server/search). */

/**
 * A group of terms that mean the same to the trade ("SEO", "Suchmaschinenoptimierung"): a search for one finds
 * the others. Terms are kept as staff wrote them (the spelling "Meinten Sie …?" offers); matching ignores case.
 * Each app server keeps the groups and drops its copy on a NOTIFY "search_synonyms" (the migration's trigger).
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    terms: text("terms").array().notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("search_synonyms_terms_check", sql`cardinality(${t.terms}) between 2 and 12`)],
);

/**
 * How often a query was searched on a day and how often it found nothing, for the administrators' statistics. No
 * person in it: no member, no address, no time of day; rows older than 30 days are deleted every day.
 */
export const searchQueryDays = pgTable(
  "search_query_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** The query as normaliseSearchQuery writes it: small letters, single spaces. */
    query: text("query").notNull(),
    searches: integer("searches").notNull().default(0),
    zeroHits: integer("zero_hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.query] }),
    // The daily purge deletes by day alone.
    index("search_query_days_day_idx").on(t.day),
    check("search_query_days_counts_check", sql`${t.searches} >= ${t.zeroHits} and ${t.zeroHits} >= 0`),
  ],
);

/**
 * The words of visible discussions' titles, for "Meinten Sie …?" (decision 0052): one row per word in small letters
 * (3 letters or more), split as app/server/search/vocabulary.server.ts splits titles. Rebuilt by the job runner
 * (a schedule, and soon after a discussion is created, renamed, hidden or restored), never by a request: a search
 * reads one trigram index instead of splitting titles.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    /** How titles write it, the capitalised spelling first ("Onlineshops"): the spelling "Meinten Sie …?" offers. */
    spelling: text("spelling").notNull(),
    /** How often visible titles use it: of two words as close to the typed one, the more common is offered. */
    uses: integer("uses").notNull(),
  },
  // Without the pending list: a rebuild writes few rows, and a long pending list would be read by every search.
  (t) => [
    index("search_words_word_trgm_idx")
      .using("gin", sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
