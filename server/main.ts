/**
 * Production entry. With PostgreSQL, one app server per core (WEB_CONCURRENCY
 * overrides), forked by node:cluster and sharing the port; they share nothing
 * else but the database, as separate machines would. With the embedded
 * database, one process: only one may open its folder (decision 0013).
 */
import cluster, { type Worker } from "node:cluster";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { availableParallelism } from "node:os";

function workerCount(): number {
  if (!process.env.DATABASE_URL) return 1;
  const wanted = Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10);
  return Number.isSafeInteger(wanted) && wanted > 0 ? Math.min(wanted, 64) : availableParallelism();
}

const workers = workerCount();
/** The longest pause before a failed app server process is replaced: after the database is back, the site answers within it. */
const MAX_RESTART_DELAY_MS = 5_000;

// With PostgreSQL a primary keeps the app server processes alive, one of them too. A process that cannot reach
// the database at its start answers 503 until it can (wait-for-database.ts); one that ends anyway (the database
// went away between the check and the app's own connection) is replaced after a pause.
if (cluster.isPrimary && process.env.DATABASE_URL) {
  await runPrimary(workers);
} else {
  let standIn: Server | null = null;
  if (process.env.DATABASE_URL) {
    const { waitForDatabase } = await import("./wait-for-database");
    standIn = await waitForDatabase(process.env.DATABASE_URL);
  }
  const { startAppServer } = await import("./app-server");
  await startAppServer(standIn);
}

async function runPrimary(count: number) {
  // Secrets each process would otherwise draw for itself must be the same in all of them.
  process.env.DEV_MAILBOX_KEY ??= randomBytes(24).toString("base64url");
  // The files themselves, not the platform's or the mail domain's index: the bundler puts what an index
  // re-exports into the app's chunk, whose import opens the database, which the primary never does (it would
  // migrate, hold a pool, and die with the database instead of waiting for it; tests/faults/database-restart.test.ts).
  /* eslint-disable server-domains/domain-imports */
  const { env } = await import("~/server/platform/env.server");
  const { logger } = await import("~/server/platform/logger.server");
  const { startProcessMetrics } = await import("~/server/platform/metrics.server");
  const { clusterMetricsGatherer, serveMetrics } = await import("~/server/platform/metrics-port.server");
  const { devMailboxUrl } = await import("~/server/mail/dev-mailbox.server");
  const { nextPause } = await import("~/server/platform/retry-pause.server");
  /* eslint-enable server-domains/domain-imports */

  if (env.METRICS_PORT !== undefined) {
    startProcessMetrics("primary");
    serveMetrics(clusterMetricsGatherer());
  }

  let stopping = false;
  let announced = false;
  const startedAt = new Map<Worker, number>();
  let restartDelay = 0;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once("listening", () => {
      if (announced) return;
      announced = true;
      process.stdout.write(`  Forum läuft auf ${env.PUBLIC_URL} (${count === 1 ? "1 Prozess" : `${count} Prozesse`})\n`);
      const mailbox = devMailboxUrl();
      if (mailbox) process.stdout.write(`  Ohne SMTP_URL landen E-Mails im Entwickler-Postfach: ${mailbox}\n`);
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "app server process ended");
    // A process that dies right after start (the database is away) would die again at once: the next one
    // waits, longer each time up to 5 s, and there is always a next one: the database comes back, and
    // a primary that gave up would leave nothing to answer then.
    restartDelay = lived < 10_000 ? nextPause(restartDelay, { first: 250, max: MAX_RESTART_DELAY_MS }) : 0;
    if (restartDelay > 0)
      logger.warn({ restartInMs: restartDelay }, "app server process failed soon after its start; starting another after a pause");
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down all app server processes");
    // SIGTERM whatever came in: the processes leave SIGINT (Ctrl+C reaches the whole group) to the primary.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let i = 0; i < count; i++) fork();
}
