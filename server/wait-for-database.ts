/**
 * An app server process whose PostgreSQL cannot be reached at its start
 * waits for it instead of ending: it tries again after a pause that doubles
 * up to 5 s, and meanwhile answers on its port what it would answer for any
 * request that needs the database, a German 503 with Retry-After (and
 * `/healthz` says `reachable: false`), so a load balancer and a visitor see
 * the reason instead of a refused connection. Only the platform files it
 * needs are imported: the app's own modules open the database on import.
 *
 * The stand-in's server is not closed once the database answers: it is
 * handed to the app server, which takes over its requests (server/app-server.ts).
 * In a cluster the primary accepts each connection and passes it to a worker;
 * when the last worker closes its server the primary closes the port, and a
 * connection it had just passed to that worker comes back to a port nobody
 * serves any more. It stays open, unanswered, for good (node:cluster
 * round-robin, Node 20 and 22). With two workers finding the database at the
 * same moment that happened to a health check now and then, and in between
 * the port refused connections while the app was loading.
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

/** Resolves once the database answers: with the stand-in's server, still listening, or null if it answered at once. */
export async function waitForDatabase(databaseUrl: string): Promise<Server | null> {
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
  if (standIn !== null) logger.info("database reachable; starting the app server");
  return standIn;
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
