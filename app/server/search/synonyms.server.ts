import { asc, sql } from "drizzle-orm";
import { searchSynonyms } from "../../../db/schema";
import { db, keptCopy, type Database, type Transaction } from "~/server/db";
import { Synonyms, type ExpandedQuery } from "./expansion.server";

/**
 * The synonym groups, kept per process until they change (keptCopy): the table's trigger NOTIFYs this channel at
 * commit, from any process or a SQL console; each app server then also clears its guest page cache, whose search
 * pages were found with the old groups.
 */
export const SYNONYMS_CHANNEL = "search_synonyms";

async function loadSynonyms(executor: Database | Transaction): Promise<Synonyms> {
  const rows = await executor
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return new Synonyms(rows);
}

// Read when listening starts: no request of an app server waits for the groups (after a change, the first search reads them).
const synonyms = keptCopy({ channel: SYNONYMS_CHANNEL, what: "synonyms", load: loadSynonyms, readAtStart: true });

/** Drops this process's copy and the pages found with it; the next search reads the groups again. */
export function forgetSynonyms(): void {
  synonyms.forget();
}

/** The groups: this process's copy while it listens for changes, otherwise read now. */
export function currentSynonyms(executor?: Database | Transaction): Promise<Synonyms> {
  return synonyms.current(executor);
}

/**
 * Starts listening for changes (an app server, before its first request) and reads the groups once. `callback` runs
 * after this process dropped its copy, whichever process changed the groups (the guest page cache is cleared there).
 * The answer stops it.
 */
export function startSynonymsListener(callback?: () => void): Promise<() => Promise<void>> {
  return synonyms.listen(callback);
}

/**
 * Every term a term stands for in the trade's vocabulary, itself included ("SEO" → SEO, Suchmaschinenoptimierung);
 * just the term when it is in no group. For whoever looks for "the same thing said otherwise" (related discussions,
 * "Wurde das schon gefragt?").
 */
export async function synonymsOf(term: string): Promise<string[]> {
  const all = (await currentSynonyms()).of(term);
  return all.length > 0 ? all : [term];
}

/** A query with the trade's synonyms (expansion.server.ts): the words outside any term, each term's alternatives. */
export async function expandedTerms(query: string): Promise<ExpandedQuery> {
  return (await currentSynonyms()).expand(query);
}

export interface SynonymGroupRow {
  id: string;
  terms: string[];
  createdAt: Date;
}

/** The groups for the admin page, by their first term. */
export async function listSynonymGroups(): Promise<SynonymGroupRow[]> {
  return db
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms, createdAt: searchSynonyms.createdAt })
    .from(searchSynonyms)
    .orderBy(sql`lower(${searchSynonyms.terms}[1])`, asc(searchSynonyms.id));
}
