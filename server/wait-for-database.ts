/**
 * An app server process whose PostgreSQL cannot be reached at its start
 * waits for it instead of ending: it tries again after a pause that doubles
 * up to 5 s, and meanwhile answers on its port what it would answer for any
 * request that needs the database, a German 503 with Retry-After (and
 * `/healthz` says `reachable: false`), so a load balancer and a visitor see
 * the reason instead of a refused connection. Only the platform files it
 * needs are imported: the app's own modules open the database on import.
 */
import { createServer, type Server } from "node:http";
import pg from "pg";
/* eslint-disable server-domains/domain-imports */
import { env } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { nextPause } from "~/server/platform/retry-pause.server";
import { isDatabaseUnavailable, unavailableResponse, wantsPage } from "~/server/platform/unavailable.server";
/* eslint-enable server-domains/domain-imports */

const MAX_PAUSE_MS = 5_000;

export async function waitForDatabase(databaseUrl: string): Promise<void> {
  let standIn: Server | null = null;
  for (let pause = 250; ; pause = nextPause(pause, { first: 250, max: MAX_PAUSE_MS })) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    // A connection that fails later must not end the process with an unhandled 'error' event.
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!isDatabaseUnavailable(error)) throw error;
      if (standIn === null) {
        logger.warn({ err: error }, "database unreachable at start; answering 503 until it is back");
        standIn = await answerUnavailable();
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  if (standIn !== null) {
    standIn.closeAllConnections();
    await new Promise<void>((resolve) => standIn!.close(() => resolve()));
    logger.info("database reachable; starting the app server");
  }
}

function answerUnavailable(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (path === "/healthz") {
      res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" });
      res.end(JSON.stringify({ status: "error", database: "postgres", reachable: false, stores: false }));
      return;
    }
    const response = unavailableResponse("database", wantsPage(req));
    void response.text().then((body) => {
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), Connection: "close" });
      res.end(req.method === "HEAD" ? undefined : body);
    });
    // The request's body is not read: the answer closes the connection.
    req.resume();
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve(server));
  });
}
