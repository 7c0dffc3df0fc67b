/**
 * IndexNow (https://www.indexnow.org): search engines that take part (Bing,
 * Yandex, Seznam, Naver …) are told at once when a discussion is published,
 * edited, hidden or restored, instead of finding out on their next crawl.
 *
 * The write records the changed paths in its own transaction (a rolled-back
 * write tells nobody, a committed one cannot be forgotten); the worker below
 * sends what is due, many URLs in one POST, and retries a failed POST with
 * growing pauses. Nothing of this runs in the request. Only a site on a
 * public https address takes part: a local or private one has nothing a
 * search engine could fetch.
 */
import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { and, inArray, lte, sql } from "drizzle-orm";
import { indexNowKey as indexNowKeyTable, indexNowQueue } from "../../../db/schema";
import { categoryHref, type Category } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { db, queryRows, type Transaction } from "~/server/db";
import { env, logger } from "~/server/platform";

/** The protocol's limit of URLs in one submission. */
export const INDEXNOW_BATCH_LIMIT = 10_000;
const MAX_ATTEMPTS = 6;
/** Minutes until the next try after 1, 2, … failed submissions. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
/** A claimed batch is taken up again by another server if its POST did not finish within this time. */
const LEASE_MINUTES = 5;
const REQUEST_TIMEOUT_MS = 15_000;

/** Address ranges nobody outside can reach: loopback, private, link-local, CGNAT, unique-local, unspecified. */
const unreachable = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  unreachable.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  unreachable.addSubnet(network, prefix, "ipv6");
}
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

/** Whether search engines could fetch this site: https, and a host that is neither local nor a private address. */
export function isPublicHttpsUrl(publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  if (family === 4) return !unreachable.check(host, "ipv4");
  if (family === 6) return !unreachable.check(host, "ipv6") && !host.toLowerCase().startsWith("::ffff:");
  // A name without a dot is an intranet name.
  return host.includes(".") && !LOCAL_NAMES.test(host);
}

export function indexNowEnabled(): boolean {
  return isPublicHttpsUrl(env.PUBLIC_URL);
}

/** A discussion's page and the lists it appears on: home and its category's page (before and after a move). */
export function discussionIndexNowPaths(slug: string, categories: readonly Category[]): string[] {
  return [...new Set([paths.discussion(slug), paths.home, ...categories.map((category) => categoryHref(category))])];
}

/** Records the paths for submission in the caller's transaction; a path already waiting is not added twice. */
export async function queueIndexNow(tx: Transaction, sitePaths: readonly string[]): Promise<void> {
  if (!indexNowEnabled() || sitePaths.length === 0) return;
  await tx
    .insert(indexNowQueue)
    .values([...new Set(sitePaths)].map((path) => ({ path })))
    .onConflictDoNothing();
}

let keyOnce: Promise<string> | undefined;

/**
 * The site's key (32 hex characters), made by the first server that asks and
 * read by all others: it must be the same wherever /{key}.txt is answered.
 */
export function indexNowKey(): Promise<string> {
  keyOnce ??= (async () => {
    await db.insert(indexNowKeyTable).values({ id: true, key: randomBytes(16).toString("hex") }).onConflictDoNothing();
    const [row] = await db.select({ key: indexNowKeyTable.key }).from(indexNowKeyTable);
    if (!row) throw new Error("IndexNow key missing after insert");
    return row.key;
  })();
  // A failed read (database away) is tried again next time, not remembered.
  keyOnce.catch(() => (keyOnce = undefined));
  return keyOnce;
}

function leaseEnd(): string {
  return new Date(Date.now() + LEASE_MINUTES * 60_000).toISOString();
}

async function post(urlList: string[]): Promise<void> {
  const key = await indexNowKey();
  const origin = new URL(env.PUBLIC_URL);
  const response = await fetch(env.INDEXNOW_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify({ host: origin.host, key, keyLocation: `${env.PUBLIC_URL}/${key}.txt`, urlList }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.body?.cancel();
  // 200 and 202 (received, key still to be checked) are success; 400, 403, 422 and 429 are worth another try later.
  if (!response.ok) throw new Error(`IndexNow antwortete ${response.status}`);
}

/**
 * Submits due paths: claims up to `limit` rows with one UPDATE … SKIP LOCKED
 * (several app servers run this worker), sends them as one POST and marks
 * them sent, or schedules the next try. Returns the number of URLs sent.
 */
export async function submitDueIndexNow(limit = INDEXNOW_BATCH_LIMIT): Promise<number> {
  if (!indexNowEnabled()) return 0;
  const claimed = await queryRows<{ id: string; path: string; attempts: number }>(sql`
    update ${indexNowQueue} set next_attempt_at = ${leaseEnd()}::timestamptz
    where id in (
      select id from ${indexNowQueue}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${Math.min(limit, INDEXNOW_BATCH_LIMIT)}
      for update skip locked
    )
    returning id, path, attempts`);
  if (claimed.length === 0) return 0;
  const ids = claimed.map((row) => row.id);
  try {
    await post(claimed.map((row) => `${env.PUBLIC_URL}${row.path}`));
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    // Rows of one batch share their fate; each keeps its own count (a path queued later has fewer tries behind it).
    const backoff = sql.raw(`array[${BACKOFF_MINUTES.join(", ")}]`);
    await db
      .update(indexNowQueue)
      .set({
        attempts: sql`${indexNowQueue.attempts} + 1`,
        lastError: message,
        status: sql`case when ${indexNowQueue.attempts} + 1 >= ${sql.raw(String(MAX_ATTEMPTS))} then 'failed' else 'pending' end`,
        nextAttemptAt: sql`now() + make_interval(mins => (${backoff})[least(${indexNowQueue.attempts} + 1, ${sql.raw(String(BACKOFF_MINUTES.length))})])`,
      })
      .where(inArray(indexNowQueue.id, ids));
    logger.warn({ err: error, urls: claimed.length }, "IndexNow submission failed");
    return 0;
  }
  await db
    .update(indexNowQueue)
    .set({ status: "sent", sentAt: new Date(), attempts: sql`${indexNowQueue.attempts} + 1`, lastError: null })
    .where(inArray(indexNowQueue.id, ids));
  logger.info({ urls: claimed.length }, "IndexNow submission sent");
  return claimed.length;
}

/** Sent and given-up rows are kept 14 days to look into, then removed. */
export async function purgeOldIndexNow(): Promise<void> {
  await db
    .delete(indexNowQueue)
    .where(and(inArray(indexNowQueue.status, ["sent", "failed"]), lte(indexNowQueue.createdAt, new Date(Date.now() - 14 * 86_400_000))));
}

export function startIndexNowWorker(intervalMs = 30_000): () => void {
  const timer = setInterval(() => {
    submitDueIndexNow()
      .then(() => purgeOldIndexNow())
      .catch((error: unknown) => logger.error({ err: error }, "IndexNow worker failed"));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
