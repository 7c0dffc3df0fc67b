import { asc, sql } from "drizzle-orm";
import { searchSynonyms } from "../../../db/schema";
import { db, listenToDatabase, type Database, type Transaction } from "~/server/db";
import { logger } from "~/server/platform";
import { Synonyms, type ExpandedQuery } from "./expansion.server";

/**
 * The synonym groups of this process, kept until they change: the table's trigger NOTIFYs "search_synonyms" at
 * commit (from any process or a SQL console), and each app server drops its copy when it hears it, or when its
 * listener had to reconnect and may have missed one; then it tells its guest page cache, whose search pages were
 * found with the old groups. The same mechanism as the operator's settings and the watched words. A process that
 * does not listen (a script, a test) reads the groups on every use instead of trusting an old copy.
 */
export const SYNONYMS_CHANNEL = "search_synonyms";

let listening = 0;
/** Goes up with every change heard: a load that began before one is not kept after it. */
let generation = 0;
let kept: { generation: number; synonyms: Promise<Synonyms> } | null = null;
const onChange = new Set<() => void>();

async function loadSynonyms(executor: Database | Transaction): Promise<Synonyms> {
  const rows = await executor
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
  return new Synonyms(rows);
}

/** Drops this process's copy and the pages found with it; the next search reads the groups again. */
export function forgetSynonyms(): void {
  generation++;
  kept = null;
  for (const callback of onChange) callback();
}

/** The groups: this process's copy while it listens for changes, otherwise read now. */
export function currentSynonyms(executor: Database | Transaction = db): Promise<Synonyms> {
  if (listening === 0) return loadSynonyms(executor);
  if (kept?.generation === generation) return kept.synonyms;
  const entry = { generation, synonyms: loadSynonyms(executor) };
  kept = entry;
  // A failed read is not kept: the next use tries again.
  entry.synonyms.catch(() => {
    if (kept === entry) kept = null;
  });
  return entry.synonyms;
}

/**
 * Starts listening for changes (an app server, before its first request) and reads the groups once. `callback` runs after this process
 * dropped its copy, whichever process changed the groups (the guest page cache is cleared there). The answer stops it.
 */
export async function startSynonymsListener(callback: () => void = () => undefined): Promise<() => Promise<void>> {
  onChange.add(callback);
  const unlisten = await listenToDatabase(SYNONYMS_CHANNEL, forgetSynonyms, () => {
    logger.warn("synonyms listener reconnected; synonyms read again");
    forgetSynonyms();
  });
  listening++;
  forgetSynonyms();
  // Read once now: no request of an app server waits for the groups (after a change, the first search reads them).
  await currentSynonyms();
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    listening--;
    onChange.delete(callback);
    kept = null;
    await unlisten();
  };
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
