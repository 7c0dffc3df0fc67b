/**
 * /metrics of `npm start` with PostgreSQL: several worker processes behind
 * one port, and the primary answering for all of them on the metrics port.
 * Counts are summed over the workers; memory stays per worker.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { residentMbByWorker, samplesOf, scrapeMetrics, sumOf } from "../../scripts/lib/metrics";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/lib/scratch-db";
import { seedDemoDatabase } from "../support/demo-database";

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error("DATABASE_URL fehlt: dieser Test braucht einen PostgreSQL-Server.");

let database: ScratchDatabase;
let server: BenchServer;

beforeAll(async () => {
  database = await createScratchDatabase(baseUrl, "forum_metrics");
  await seedDemoDatabase(database.url, "metrics-admin-passwort");
  server = await startServer({
    port: await freePort(),
    metricsPort: await freePort(),
    env: { DATABASE_URL: database.url, WEB_CONCURRENCY: "2", DATABASE_POOL_SIZE: "4", PAGE_CACHE_MB: "0" },
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

it("the primary answers for every worker: requests summed, memory per worker, the pools and the job queue", async () => {
  const scrape = () => scrapeMetrics(server.metricsUrl!);
  // The second worker may still be starting when the first one answers /healthz.
  await expect.poll(async () => sumOf(await scrape(), "forum_cluster_workers"), { timeout: 30_000 }).toBe(2);

  const before = await scrape();
  // Without the page cache each one is rendered, by whichever worker the kernel hands the connection to.
  for (let i = 0; i < 12; i++)
    expect((await fetch(`${server.url}/subforum/seo?seite=${i}`, { headers: { Connection: "close" } })).status).toBe(200);
  const subforum = { route: "routes/subforum", method: "GET", status: "200" };
  // A request is counted when its response closes, which a worker may see a moment after the client has read
  // the answer (ci7 once scraped 11 of 12): the count must reach 12, and not pass it.
  let after = await scrape();
  await expect
    .poll(
      async () => {
        after = await scrape();
        return (
          sumOf(after, "forum_http_request_duration_seconds_count", subforum) -
          sumOf(before, "forum_http_request_duration_seconds_count", subforum)
        );
      },
      { timeout: 5_000 },
    )
    .toBe(12);
  // One series per label set, however many workers counted into it.
  expect(samplesOf(after, "forum_http_request_duration_seconds_count", subforum)).toHaveLength(1);
  expect(sumOf(after, "forum_metrics_workers_missing")).toBe(0);

  const memory = residentMbByWorker(after);
  expect([...memory.keys()].sort()).toEqual(expect.arrayContaining(["primary"]));
  const workers = [...memory.keys()].filter((worker) => worker !== "primary");
  expect(workers).toHaveLength(2);
  for (const worker of workers) expect(memory.get(worker)).toBeGreaterThan(20);

  // Each worker's pool of 4, added up.
  expect(sumOf(after, "forum_db_pool_connections", { state: "max" })).toBe(8);
  // Every worker reads the same table: the largest count, not the sum; a kind with nothing due is there with 0.
  expect(samplesOf(after, "forum_jobs_due", { kind: "mail" })).toEqual([expect.objectContaining({ value: 0 })]);

  expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
});
