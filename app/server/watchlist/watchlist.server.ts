import { asc } from "drizzle-orm";
import { watchedTerms, type WatchAction, type WatchKind } from "../../../db/schema";
import { db, keptCopy, type Database, type Transaction } from "~/server/db";
import { fail, logger, ok, type Outcome } from "~/server/platform";
import { blockedPostText, heldPostReasons, WatchList, type PostParts, type ScreenedPost } from "./matching.server";

/**
 * The watched words and domains, compiled once per process and kept until the list changes (keptCopy): the table's
 * trigger NOTIFYs this channel at every change, from any process or a SQL console.
 */
export const WATCHLIST_CHANNEL = "watchlist";

async function loadWatchList(executor: Database | Transaction): Promise<WatchList> {
  const rows = await executor
    .select({ kind: watchedTerms.kind, term: watchedTerms.term, action: watchedTerms.action, replacement: watchedTerms.replacement })
    .from(watchedTerms);
  return new WatchList(rows);
}

const watchList = keptCopy({ channel: WATCHLIST_CHANNEL, what: "watch list", load: loadWatchList });

/** Drops this process's copy; the next use reads the list again. */
export function forgetWatchList(): void {
  watchList.forget();
}

/**
 * The compiled list: this process's copy while it listens for changes, otherwise read now. A write asks with its
 * transaction: the embedded database has one connection, which the transaction holds until it ends.
 */
export function currentWatchList(executor?: Database | Transaction): Promise<WatchList> {
  return watchList.current(executor);
}

/** Starts listening for changes (an app server, before its first request); the answer stops it. */
export function startWatchListListener(): Promise<() => Promise<void>> {
  return watchList.listen();
}

/**
 * A post (title, rich text or plain text) as the list wants it: refused with a
 * German text naming what is not allowed, or with "replace" words replaced and
 * the reasons to hold it for review, if any.
 */
export async function screenPost(
  post: PostParts,
  executor: Database | Transaction = db,
): Promise<Outcome<ScreenedPost & { holdReasons: string[] }>> {
  const list = await currentWatchList(executor);
  if (list.size === 0)
    return ok({ ...post, findings: { blockedWords: [], blockedDomains: [], heldWords: [], heldDomains: [] }, holdReasons: [] });
  const screened = list.screen(post);
  const refusal = blockedPostText(screened.findings);
  if (refusal) return fail("invalid", refusal);
  return ok({ ...screened, holdReasons: heldPostReasons(screened.findings) });
}

export const blockedEmailText =
  "Mit E-Mail-Adressen dieses Anbieters ist keine Registrierung möglich. Bitte verwenden Sie eine andere E-Mail-Adresse.";

/**
 * Whether a sign-up from this address may go on. The answer depends on the
 * address's domain alone, never on whether someone registered with it.
 */
export async function screenSignUpEmail(email: string): Promise<Outcome> {
  const list = await currentWatchList();
  if (!list.blocksEmail(email)) return ok(null);
  logger.info("sign-up refused: e-mail domain on the block list");
  return fail("invalid", blockedEmailText, { email: [blockedEmailText] });
}

export interface WatchedTermRow {
  id: string;
  kind: WatchKind;
  term: string;
  action: WatchAction;
  replacement: string | null;
  createdAt: Date;
}

/** The whole list for the admin page, by kind and term. */
export async function listWatchedTerms(): Promise<WatchedTermRow[]> {
  return db
    .select({
      id: watchedTerms.id,
      kind: watchedTerms.kind,
      term: watchedTerms.term,
      action: watchedTerms.action,
      replacement: watchedTerms.replacement,
      createdAt: watchedTerms.createdAt,
    })
    .from(watchedTerms)
    .orderBy(asc(watchedTerms.kind), asc(watchedTerms.term));
}
