/**
 * Production server: Express in front of the React Router request handler.
 * Built by Vite into build/server/index.js together with the app, so the
 * database module is shared and opened (and migrated) once, before listening.
 */
import { randomBytes } from "node:crypto";
import type { Socket } from "node:net";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { isCrossSiteWrite } from "~/server/csrf.server";
import { closeDatabase, databaseKind, db } from "~/server/db.server";
import { isDatabaseEmpty, seedDemoContent } from "~/server/demo-seed.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { startMailWorker } from "~/server/mail.server";
import { purgeRateLimits } from "~/server/rate-limit.server";
import { STORAGE_URL_PREFIX, storageDirectory, storageImageOrigin } from "~/server/storage.server";

const CLIENT_DIR = "build/client";

async function seedIfWanted() {
  // A PostgreSQL database is never filled without asking: `npm run seed` does that.
  if (!env.SEED_DEMO || databaseKind !== "pglite" || !(await isDatabaseEmpty(db))) return;
  const result = await seedDemoContent(db, { adminPassword: env.DEMO_ADMIN_PASSWORD });
  logger.info({ ...result, adminPassword: undefined }, "demo content seeded");
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  process.stdout.write(
    `\n  Demo-Inhalte angelegt. Admin-Anmeldung:\n    E-Mail:   ${result.adminEmail}\n    Passwort: ${result.adminPassword}\n\n`,
  );
}

function createApp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Server-Timing: the time until the response head leaves, i.e. loaders plus the render of the shell.
  // Browsers show it in their network panel; `npm run bench` reads it for the server-side percentiles.
  app.use((_req, res, next) => {
    const started = process.hrtime.bigint();
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) {
        this.setHeader("Server-Timing", `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}`);
        // A 304's headers replace the cached ones: a fresh CSP nonce would no longer match the cached page's scripts.
        if (this.statusCode === 304 || args[0] === 304) this.removeHeader("Content-Security-Policy");
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  const secure = env.PUBLIC_URL.startsWith("https://");
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          // Only our own bundles plus the inline hydration data React Router writes with this request's nonce.
          "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:", "blob:", ...(storageImageOrigin() ? [storageImageOrigin()!] : [])],
          "font-src": ["'self'"],
          // blob: for the local preview of an avatar before it is uploaded.
          "connect-src": ["'self'", "blob:"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          ...(secure ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // CSRF: a write sent by another site's page is refused before it reaches any action.
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  app.use((req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      allowedOrigins: [publicOrigin, `${req.protocol}://${req.get("host")}`],
    });
    if (!crossSite) return next();
    logger.warn({ origin: req.get("origin"), url: req.url }, "cross-site write refused");
    res.status(403).type("text/plain; charset=utf-8").send("Anfrage von einer fremden Website abgelehnt.");
  });

  app.use(compression());

  // Vite's hashed file names change with their content, so they may be cached forever.
  app.use("/assets", express.static(`${CLIENT_DIR}/assets`, { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));
  // Uploaded files carry a timestamp in their name: a new upload is a new URL.
  app.use(STORAGE_URL_PREFIX, express.static(storageDirectory(), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));

  app.all(
    /.*/,
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
    }),
  );
  return app;
}

async function main() {
  await seedIfWanted();
  if (databaseKind === "pglite") await db.execute(sql`analyze`);
  const app = createApp();
  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info({ url: env.PUBLIC_URL, port: env.PORT, database: databaseKind }, "server listening");
    process.stdout.write(`  Forum läuft auf ${env.PUBLIC_URL}\n`);
  });
  server.keepAliveTimeout = 65_000;
  const stopMailWorker = startMailWorker();
  const rateLimitPurge = setInterval(() => {
    purgeRateLimits().catch((error: unknown) => logger.error({ err: error }, "purging rate limits failed"));
    // PGlite has no autovacuum: without fresh statistics the planner skips the search indexes.
    if (databaseKind === "pglite") {
      db.execute(sql`analyze`).catch((error: unknown) => logger.error({ err: error }, "analyze failed"));
    }
  }, 60 * 60 * 1000);
  rateLimitPurge.unref();

  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "shutting down");
    stopMailWorker();
    clearInterval(rateLimitPurge);
    // Stop accepting, let running requests finish, then close the database (PGlite flushes to disk here).
    server.close(() => {
      void closeDatabase()
        .catch((error: unknown) => logger.error({ err: error }, "closing database failed"))
        .finally(() => {
          logger.info("shutdown complete");
          process.exit(0);
        });
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn({ open: sockets.size }, "shutdown timeout, closing open connections");
      for (const socket of sockets) socket.destroy();
    }, env.SHUTDOWN_TIMEOUT * 1000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch(async (error: unknown) => {
  logger.fatal({ err: error }, "server failed to start");
  await closeDatabase().catch(() => undefined);
  process.exit(1);
});
