/**
 * `npm start` (two app server processes) on a PostgreSQL server of its own,
 * restarted under load as an operator would (`pg_ctl restart -m fast`): the
 * server ends every connection, idle or in the middle of a transaction. A
 * lost connection may fail the request that used it, never the process; and
 * once the database is back, the site answers again.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findDiscussionPath, freePort, postComment, signIn, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { startOwnPostgres, type OwnPostgres } from "../../scripts/lib/own-postgres";
import { seedDemoDatabase } from "../support/demo-database";

const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };
const RESTARTS = 5;
const CLIENTS = 10;

let postgres: OwnPostgres;
let server: BenchServer;
let logFile: string;
/** A cluster whose start a test is waiting for: stopped after a failed test too, so it does not outlive the run. */
let starting: Promise<BenchServer> | null = null;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  await seedDemoDatabase(postgres.url, "fault-admin-passwort");
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "forum-faults-")), "server.log");
  server = await startCluster();
});

afterAll(async () => {
  if (server?.exitStatus() === null) await server.stop();
  // Started but never answering: startServer kills it at its deadline.
  await starting?.then((late) => (late.exitStatus() === null ? late.stop() : undefined)).catch(() => undefined);
  postgres?.remove();
});

/** `npm start` with two app server processes on the test's PostgreSQL, logging to `logFile`. */
async function startCluster(port?: number, readyWithinMs?: number): Promise<BenchServer> {
  return startServer({
    port: port ?? (await freePort()),
    readyWithinMs,
    logFile,
    env: {
      DATABASE_URL: postgres.url,
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "1",
      AUTH_SECRET: "fault-test-geheimnis-mit-genug-zeichen-0123",
      LOG_LEVEL: "info",
    },
  });
}

/** How often each comment text that contains `marker` is stored. */
async function storedComments(marker: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ content: string }>("select content from comments where content like $1", [`%${marker}%`]);
    const counts = new Map<string, number>();
    for (const text of rows.flatMap((row) => row.content.match(new RegExp(`${marker} \\d+/\\d+\\.`, "g")) ?? [])) {
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Log lines (pino, one JSON object each) with the given message. */
function logged(message: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    })
    .filter((entry) => entry.msg === message);
}

it(`${RESTARTS} restarts of PostgreSQL under load end no app server process`, async () => {
  const discussion = await findDiscussionPath(server.url);
  const cookies = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      signIn(server.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": `203.0.113.${i + 1}` }),
    ),
  );

  // Each client alternates a member's page view (reads, and a read position written in a transaction) and a comment.
  let loading = true;
  const answers = new Map<number | string, number>();
  // Comments answered with the redirect of success, and those whose answer was an error.
  const acknowledged: string[] = [];
  const unanswered: Array<{ text: string; key: string; cookie: string }> = [];
  const count = (key: number | string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  const client = async (cookie: string, i: number) => {
    for (let n = 0; loading; n++) {
      const text = `Während des Neustarts ${i}/${n}.`;
      const key = randomUUID();
      try {
        const response =
          n % 2 === 0
            ? await fetch(`${server.url}${discussion}`, { headers: { cookie } })
            : await postComment(server.url, discussion, cookie, text, key);
        await response.arrayBuffer();
        count(response.status);
        if (n % 2 === 1) {
          if (response.status === 302) acknowledged.push(text);
          else unanswered.push({ text, key, cookie });
        }
      } catch {
        if (n % 2 === 1) unanswered.push({ text, key, cookie });
        count("network error");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const load = cookies.map(client);

  for (let restart = 0; restart < RESTARTS; restart++) {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    postgres.restart();
  }
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  loading = false;
  await Promise.all(load);

  expect(logged("app server process ended"), `answers during the restarts: ${JSON.stringify([...answers])}`).toEqual([]);
  expect(server.exitStatus()).toBeNull();
  // Back to normal: pages and writes answer as before the restarts.
  await expect
    .poll(async () => (await fetch(`${server.url}${discussion}`, { headers: { cookie: cookies[0]! } })).status, { timeout: 10_000 })
    .toBe(200);
  expect(answers.get(200) ?? 0).toBeGreaterThan(0);

  // Nothing acknowledged is lost. A comment may have been stored although its answer failed (committed just before
  // the connection went): the member sends the form again, with its one-time key, and it is there once.
  const storedBefore = await storedComments("Während des Neustarts");
  const storedThoughFailed = unanswered.filter(({ text }) => storedBefore.has(text)).length;
  for (const { text, key, cookie } of unanswered) {
    expect((await postComment(server.url, discussion, cookie, text, key)).status, text).toBe(302);
  }
  const stored = await storedComments("Während des Neustarts");
  console.info(
    `restarts: ${acknowledged.length} comments acknowledged, ${acknowledged.filter((text) => stored.has(text)).length} found; ` +
      `${unanswered.length} failed, of which ${storedThoughFailed} stored anyway; answers ${JSON.stringify([...answers])}`,
  );
  const sent = [...acknowledged, ...unanswered.map(({ text }) => text)];
  expect(sent.filter((text) => stored.get(text) !== 1)).toEqual([]);

  // Every connection went back to its pool: shutdown closes the pools at once instead of waiting out its timeout.
  const stopping = Date.now();
  await server.stop();
  expect(Date.now() - stopping).toBeLessThan(5_000);
  expect(logged("shutdown timeout, closing open connections")).toEqual([]);
  expect(logged("shutdown complete")).toHaveLength(2);
});

it("with the database stopped, a killed app server process is replaced until it starts; the site answers within 10 s of the database's return", async () => {
  const listenedBefore = logged("server listening").length;
  server = await startCluster();
  // The cluster answers as soon as its first process listens: wait for the second too.
  await expect.poll(() => logged("server listening").length, { timeout: 30_000 }).toBe(listenedBefore + 2);
  const workers = logged("server listening").slice(-2);
  const discussion = await findDiscussionPath(server.url);
  const cookie = await signIn(server.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.99" });

  postgres.stop();
  // Pages and writes that need the database say so in German, with a time to come back; never a 500.
  for (const request of [
    fetch(`${server.url}${discussion}`, { headers: { cookie } }),
    postComment(server.url, discussion, cookie, "Ohne Datenbank"),
    fetch(`${server.url}/search?q=Backlinks`),
  ]) {
    const response = await request;
    expect(response.status, response.url).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toContain("Das Forum ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.");
  }
  process.kill(workers[0]!.pid as number, "SIGKILL");
  // 20 s without the database: the replacement cannot reach it at its start, waits for it, and meanwhile says so.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  expect(server.exitStatus()).toBeNull();
  expect(logged("database unreachable at start; answering 503 until it is back").length).toBeGreaterThan(0);
  const meanwhile = await Promise.all(
    Array.from({ length: 4 }, () =>
      fetch(`${server.url}/healthz`).then(
        (r) => r.status,
        () => 0,
      ),
    ),
  );
  expect(meanwhile).toEqual([503, 503, 503, 503]);

  postgres.start();
  const back = Date.now();
  await expect
    .poll(
      async () => {
        // Both processes answer: the one that lived through the outage and its replacement.
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${server.url}/healthz`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        return answers.every((status) => status === 200) && logged("server listening").length >= listenedBefore + 3;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
  expect(Date.now() - back).toBeLessThan(10_000);
});

it("started while the database is down, the cluster waits for it and answers within 10 s of its return", async () => {
  if (server.exitStatus() === null) await server.stop();
  const listenedBefore = logged("server listening").length;
  // Taken while the database still holds its own port: a port it has just freed may be handed out again.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  postgres.stop();
  // startServer resolves once /healthz answers 200, and fails if the process ends before. Its deadline lies well within
  // the test's, so a cluster that never answers fails with what its health checks saw last, and is killed.
  starting = startCluster(port, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  // Meanwhile the site says why, in German and with a time to come back, instead of refusing connections (on a busy
  // machine the processes may take longer than those 8 s to load).
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(503);
  const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ status: "error", reachable: false });
  const page = await fetch(`${url}/`, { headers: { Accept: "text/html" }, signal: AbortSignal.timeout(5_000) });
  expect(page.status).toBe(503);
  expect(page.headers.get("retry-after")).toBe("60");
  expect(await page.text()).toContain("Das Forum ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.");

  // From the database's return until both processes serve the app, every request is answered, 503 and then 200: the
  // port is not closed in between, and no connection is left without an answer (server/wait-for-database.ts).
  const outcomes = new Map<string, number>();
  let watching = true;
  const watch = async () => {
    while (watching) {
      // A process loading the app on a busy machine may take seconds to answer; one that never does is what this catches.
      const outcome = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(20_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        },
        (error: Error) =>
          error.name === "TimeoutError" ? "no answer within 20 s" : ((error.cause as { code?: string } | undefined)?.code ?? error.message),
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  postgres.start();
  const back = Date.now();
  const watchers = [watch(), watch()];
  try {
    server = await starting;
    expect(Date.now() - back, `answers from the database's return on: ${JSON.stringify([...outcomes])}`).toBeLessThan(10_000);
    await expect.poll(() => logged("server listening").length, { timeout: 30_000 }).toBe(listenedBefore + 2);
  } finally {
    watching = false;
    await Promise.all(watchers);
  }
  expect(
    [...outcomes.keys()].filter((outcome) => outcome !== "200" && outcome !== "503"),
    `answers from the database's return on: ${JSON.stringify([...outcomes])}`,
  ).toEqual([]);
  expect(server.exitStatus()).toBeNull();
});
