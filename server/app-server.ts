/**
 * One app server: Express in front of the React Router request handler.
 * Built by Vite into build/server/ together with the app, so the database
 * module is shared and opened (and migrated) once, before listening. Started
 * by server/main.ts, alone or as one of several cluster workers. This file
 * starts and stops; the request pipeline is server/pipeline.ts, the bell's
 * live stream server/live-stream.ts, the job runner server/jobs.ts.
 */
import cluster from "node:cluster";
import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import type express from "express";
import { closeDatabase, databaseKind, databasePoolStats, db, listenToDatabase } from "~/server/db";
import { demoSignInText, isDatabaseEmpty, seedDemoContent } from "~/server/demo";
import { devMailboxUrl } from "~/server/mail";
import { startNotificationLive } from "~/server/notifications";
import { liveThreadState } from "~/server/discussions";
import { startWatchListListener } from "~/server/watchlist";
import { startSiteSettingsListener } from "~/server/settings";
import { startSynonymsListener } from "~/server/search";
import {
  answerMetricsRequests,
  env,
  gatherLocal,
  logger,
  moveFormerStorageFolder,
  observeGauge,
  serveMetrics,
  sharedReads,
  startProcessMetrics,
} from "~/server/platform";
import { LiveStreamLimits, PAGE_CACHE_CHANNEL, PageCache, ThreadWatchers } from "~/server/http";
import { startJobs } from "./jobs";
import { streamUnreadCount } from "./live-stream";
import { answerClientError, createApp } from "./pipeline";

async function seedIfWanted() {
  // A PostgreSQL database is never filled without asking: `npm run seed` does that.
  if (!env.SEED_DEMO || databaseKind !== "pglite" || !(await isDatabaseEmpty(db))) return;
  const result = await seedDemoContent(db, { adminPassword: env.DEMO_ADMIN_PASSWORD, staffAppKey: env.DEMO_APP_KEY });
  logger.info({ ...result, adminPassword: undefined, staffAppKey: undefined }, "demo content seeded");
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  process.stdout.write(`\n  Demo-Inhalte angelegt. ${demoSignInText(result)}\n\n`);
}

/** This process's gauges of its own, and its share of the cluster's metrics. */
function observeMetrics(pageCache: PageCache, streams: Set<express.Response>) {
  if (env.METRICS_PORT === undefined) return;
  startProcessMetrics(cluster.isWorker ? String(cluster.worker!.id) : "0");
  if (cluster.isWorker) answerMetricsRequests();
  observeGauge({
    name: "forum_page_cache_bytes",
    help: "Memory the guest page cache's entries keep alive, as counted against PAGE_CACHE_MB",
    collect: (gauge) => gauge.set(pageCache.calculatedBytes),
  });
  observeGauge({
    name: "forum_live_streams",
    help: "Open live streams of the bell (/notifications/live)",
    collect: (gauge) => gauge.set(streams.size),
  });
  if (!databasePoolStats()) return;
  observeGauge<"state">({
    name: "forum_db_pool_connections",
    help: "PostgreSQL pool connections of the app servers: in use, idle, and the pools' size (DATABASE_POOL_SIZE per process)",
    labelNames: ["state"],
    collect(gauge) {
      const stats = databasePoolStats();
      if (!stats) return;
      gauge.set({ state: "in_use" }, stats.total - stats.idle);
      gauge.set({ state: "idle" }, stats.idle);
      gauge.set({ state: "max" }, stats.size);
    },
  });
  observeGauge({
    name: "forum_db_pool_waiting_queries",
    help: "Queries waiting for a PostgreSQL pool connection",
    collect: (gauge) => gauge.set(databasePoolStats()?.waiting ?? 0),
  });
}

/** How long a shutting-down server still takes requests on open connections, each answered with Connection: close. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * Starts this process's app server. Exported, not run on import: the bundler
 * may put this module into a chunk the cluster's primary loads for something
 * else (server/main.ts), and the primary must not start a server of its own.
 */
export async function startAppServer(standIn: Server | null = null): Promise<void> {
  try {
    await listen(standIn);
  } catch (error) {
    logger.fatal({ err: error }, "server failed to start");
    await closeDatabase().catch(() => undefined);
    process.exit(1);
  }
}

/** `standIn`: the server that answered 503 while the database was away (server/wait-for-database.ts), already listening. */
async function listen(standIn: Server | null) {
  // Before anything reads or writes an upload (the demo content brings avatars).
  moveFormerStorageFolder();
  await seedIfWanted();
  if (databaseKind === "pglite") await db.execute(sql`analyze`);
  const pageCache = new PageCache({ maxBytes: env.PAGE_CACHE_MB * 1024 * 1024, maxAgeMs: env.PAGE_CACHE_MAX_AGE * 1000 });
  // Open discussion pages learn of a change from the same message that drops their cached copies (the live thread).
  const threads = new ThreadWatchers(liveThreadState);
  // Before the first request: every change committed from now on reaches this process's cache.
  const stopListening = await listenToDatabase(
    PAGE_CACHE_CHANNEL,
    (message) => {
      pageCache.invalidate(message);
      sharedReads.forget(message);
      threads.changed(message);
    },
    () => {
      logger.warn("page cache listener reconnected; cache cleared");
      pageCache.clear();
      sharedReads.forget();
      threads.changedAll();
    },
  );
  // Watched words and domains are compiled once per process and dropped on a change, from any process.
  const stopWatchList = await startWatchListListener();
  // The operator's settings are kept once per process too. A change from any process drops them first and then
  // every guest page, so a page rendered after that shows the new Impressum (decision 0049).
  const stopSiteSettings = await startSiteSettingsListener(() => pageCache.invalidate("*"));
  // The search's synonyms likewise; a guest's search page found with the old groups goes with them.
  const stopSynonyms = await startSynonymsListener(() => pageCache.invalidate("*"));
  // Members' pages keep the shared lists only where guests' pages may be kept: the same switch, the same channel.
  if (pageCache.enabled) sharedReads.start();
  const { live, stop: stopLive } = await startNotificationLive();
  const streams = new Set<express.Response>();
  const app = createApp(pageCache, streamUnreadCount(live, streams, new LiveStreamLimits(), threads));
  observeMetrics(pageCache, streams);
  const listening = () => {
    logger.info({ url: env.PUBLIC_URL, port: env.PORT, database: databaseKind, pid: process.pid }, "server listening");
    // With several processes the primary says it once (server/main.ts).
    if (cluster.isWorker) return;
    process.stdout.write(`  Forum läuft auf ${env.PUBLIC_URL}\n`);
    // On the console only, like the demo admin's password: whoever started the server reads the mails (decision 0010).
    const mailbox = devMailboxUrl();
    if (mailbox) process.stdout.write(`  Ohne SMTP_URL landen E-Mails im Entwickler-Postfach: ${mailbox}\n`);
  };
  // The stand-in's port is taken over, not closed and opened again: see server/wait-for-database.ts.
  const server = standIn ?? app.listen(env.PORT, env.HOST, listening);
  if (standIn) {
    standIn.removeAllListeners("request");
    standIn.on("request", app);
    listening();
  }
  server.keepAliveTimeout = 65_000;
  // Alone, this process answers the metrics port; in a cluster the primary does, and asks this one (app/server/platform/metrics-port.server.ts).
  const metricsServer = cluster.isWorker ? null : serveMetrics(gatherLocal);
  server.on("clientError", answerClientError);
  const jobs = await startJobs();

  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  // Once shutting down, every answer not yet under way says Connection: close, so each client's connection
  // ends after the answer it is waiting for, instead of carrying its next request to a closing process.
  const answering = new Set<express.Response>();
  let stopping = false;
  server.prependListener("request", (_req: express.Request, res: express.Response) => {
    if (stopping) res.setHeader("Connection", "close");
    answering.add(res);
    res.once("close", () => answering.delete(res));
  });

  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    const jobsStopped = jobs.stop();
    void stopListening();
    void stopWatchList();
    void stopSiteSettings();
    void stopSynonyms();
    // Deaf to changes from here on: nothing kept may be trusted.
    sharedReads.stop();
    void stopLive();
    // Open event streams would hold the server open until the timeout; their browsers reconnect elsewhere.
    for (const stream of streams) stream.end();
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    // No new connections from now on: a client finds the port closed before it sends anything (another process of
    // the cluster, or the proxy's next server, takes it). A connection accepted during the grace could be cut at
    // its end with the request already sent, which that client sees as a reset (6 of 265 requests in the first
    // second under keep-alive load). Only the listening socket closes here: http.Server's close() would also end
    // the idle keep-alive connections at once, while their clients may be sending their next request.
    NetServer.prototype.close.call(server, finish);
    // Then the open connections: during the grace every request on them is answered with Connection: close, which
    // ends its connection; whoever is still idle after it is idle indeed. The database closes once all are gone
    // (PGlite flushes to disk there).
    setTimeout(closeIdle, Math.min(SHUTDOWN_GRACE_MS, env.SHUTDOWN_TIMEOUT * 500));
    function closeIdle() {
      metricsServer?.close();
      server.closeIdleConnections();
    }
    function finish() {
      void jobsStopped
        .then(() => closeDatabase())
        .catch((error: unknown) => logger.error({ err: error }, "closing database failed"))
        .finally(() => {
          logger.info("shutdown complete");
          process.exit(0);
        });
    }
    setTimeout(() => {
      logger.warn({ open: sockets.size }, "shutdown timeout, closing open connections");
      for (const socket of sockets) socket.destroy();
      // Whatever still holds the process (a database connection that never answers) does not keep it from ending.
      setTimeout(() => {
        logger.error("shutdown did not finish, exiting");
        process.exit(1);
      }, 5_000).unref();
    }, env.SHUTDOWN_TIMEOUT * 1000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  // Ctrl+C reaches every process of the group; a worker waits for the primary's SIGTERM instead.
  process.on("SIGINT", () => (cluster.isWorker ? undefined : shutdown("SIGINT")));
}
