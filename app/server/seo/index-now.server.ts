/**
 * IndexNow (https://www.indexnow.org): search engines that take part (Bing,
 * Yandex, Seznam, Naver …) are told at once when a discussion is published,
 * edited, hidden or restored, instead of finding out on their next crawl.
 *
 * The write records the changed paths in its own transaction (a rolled-back
 * write tells nobody, a committed one cannot be forgotten); the schedule below
 * (a schedule of the job runner) sends what waits, many URLs in one POST,
 * and retries a failed POST with growing pauses. Nothing of this runs in the request. Only a site on a
 * public https address takes part: a local or private one has nothing a
 * search engine could fetch.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { indexNowKey as indexNowKeyTable, indexNowQueue } from "../../../db/schema";
import { categoryHref, type Category } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { db, type Transaction } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import { env, isPublicHttpsUrl, logger } from "~/server/platform";

/** The protocol's limit of URLs in one submission. */
export const INDEXNOW_BATCH_LIMIT = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;

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
    await db
      .insert(indexNowKeyTable)
      .values({ id: true, key: randomBytes(16).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select({ key: indexNowKeyTable.key }).from(indexNowKeyTable);
    if (!row) throw new Error("IndexNow key missing after insert");
    return row.key;
  })();
  // A failed read (database away) is tried again next time, not remembered.
  keyOnce.catch(() => (keyOnce = undefined));
  return keyOnce;
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
 * Submits the waiting paths as one POST and marks them sent. It runs as a
 * schedule of the job runner, which holds it on one app server at a time and
 * pauses longer after each failed POST (the paths wait for the next try).
 * Returns the number of URLs sent.
 */
export async function submitDueIndexNow(limit = INDEXNOW_BATCH_LIMIT): Promise<number> {
  if (!indexNowEnabled()) return 0;
  const waiting = await db
    .select({ id: indexNowQueue.id, path: indexNowQueue.path })
    .from(indexNowQueue)
    .where(eq(indexNowQueue.status, "pending"))
    .orderBy(asc(indexNowQueue.createdAt))
    .limit(Math.min(limit, INDEXNOW_BATCH_LIMIT));
  if (waiting.length === 0) return 0;
  await post(waiting.map((row) => `${env.PUBLIC_URL}${row.path}`));
  await db
    .update(indexNowQueue)
    .set({ status: "sent", sentAt: new Date() })
    .where(
      inArray(
        indexNowQueue.id,
        waiting.map((row) => row.id),
      ),
    );
  logger.info({ urls: waiting.length }, "IndexNow submission sent");
  return waiting.length;
}

defineSchedule("index-now", {
  everySeconds: 30,
  async run() {
    // A full batch may have left more behind.
    while ((await submitDueIndexNow()) === INDEXNOW_BATCH_LIMIT);
  },
});

/** Sent rows are kept 14 days to look into, then removed. */
export async function purgeOldIndexNow(): Promise<void> {
  await db
    .delete(indexNowQueue)
    .where(and(inArray(indexNowQueue.status, ["sent", "failed"]), lte(indexNowQueue.createdAt, new Date(Date.now() - 14 * 86_400_000))));
}

defineSchedule("purge-old-index-now", { everySeconds: 3_600, run: purgeOldIndexNow });
