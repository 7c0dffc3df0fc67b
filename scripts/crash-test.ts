/**
 * `npm run bench:crash [-- --concurrency 8 --kill-after 2000 --backend pglite|postgres]`
 * kill -9 during a stream of comment writes: starts the built server on a
 * fresh database with the demo content (embedded PGlite in a temporary
 * folder; with DATABASE_URL also a PostgreSQL database of its own), signs a
 * demo member in, sends comments from several clients at once, SIGKILLs the
 * server in the middle, starts it again on the same data and checks that
 * every comment the server acknowledged (redirect plus success toast) is on
 * the discussion's pages. Exits 1 if one is missing, a write failed before
 * the kill, or the server does not come back.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { signIn, startServer, type BenchServer } from "./lib/bench-server";
import { createScratchDatabase, createTempDir } from "./lib/scratch-db";

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "8" },
    "kill-after": { type: "string", default: "2000" },
    port: { type: "string", default: "3431" },
    /** Only one of the two (CI runs PostgreSQL in its own step); default: PGlite, and PostgreSQL if DATABASE_URL is set. */
    backend: { type: "string" },
  },
});
const concurrency = Number(values.concurrency);
const killAfterMs = Number(values["kill-after"]);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL;

/** An approved demo member (db/seed/demo-content.ts); all share the demo password. */
const MEMBER = { email: "tobias.krueger@example.com", password: "demo-passwort" };
/** Fewer acknowledged writes than this before the kill would prove little; the kill waits for them (bounded). */
const MIN_ACKS_BEFORE_KILL = 20;

type Backend = "pglite" | "postgres";

interface Outcome {
  backend: Backend;
  sent: number;
  acknowledged: number;
  /** Requests that got an answer other than the success redirect before the kill: a bug, not a crash effect. */
  refused: string[];
  /** Requests cut off by the kill: the server never answered, so either outcome is fine. */
  unanswered: number;
  found: number;
  lost: number[];
  /** Unanswered writes that were committed anyway. */
  unansweredButStored: number;
  staleLock: boolean | null;
  seconds: number;
}

async function main() {
  const backends: Backend[] = values.backend ? [values.backend as Backend] : ["pglite", ...(databaseUrl ? (["postgres"] as const) : [])];
  if (backends.some((backend) => backend !== "pglite" && backend !== "postgres") || (backends.includes("postgres") && !databaseUrl)) {
    console.error("Aufruf: npm run bench:crash [-- --backend pglite|postgres]; für PostgreSQL DATABASE_URL setzen.");
    process.exit(1);
  }
  const outcomes: Outcome[] = [];
  let failed = false;
  for (const backend of backends) {
    try {
      const outcome = await runBackend(backend);
      outcomes.push(outcome);
      if (outcome.lost.length > 0 || outcome.refused.length > 0) failed = true;
    } catch (error) {
      console.error(`${backend}: ${(error as Error).message}`);
      failed = true;
    }
  }
  console.log("\n| Datenbank | gesendet | bestätigt | gefunden | verloren | ohne Antwort (davon gespeichert) | Dauer |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const o of outcomes) {
    console.log(
      `| ${o.backend} | ${o.sent} | ${o.acknowledged} | ${o.found} | ${o.lost.length} | ${o.unanswered} (${o.unansweredButStored}) | ${o.seconds} s |`,
    );
  }
  if (failed) {
    console.error("\nFEHLER: nicht jeder bestätigte Kommentar hat den Absturz überlebt (oder der Test lief nicht durch).");
    process.exitCode = 1;
  } else {
    console.log("\nAlle bestätigten Kommentare sind nach kill -9 und Neustart vorhanden.");
  }
}

async function runBackend(backend: Backend): Promise<Outcome> {
  const started = Date.now();
  // The data folder holds the PGlite database, or for PostgreSQL just the local signing secret.
  const temp = createTempDir(`forum-crash-${backend}`);
  const scratch = backend === "postgres" ? await createScratchDatabase(databaseUrl!, "forum_crash") : null;
  const logFile = path.join(temp.dir, "server.log");
  const serverEnv = {
    DATA_DIR: path.join(temp.dir, "data"),
    DATABASE_URL: scratch?.url,
    LOG_LEVEL: "warn",
  };
  let server: BenchServer | null = null;
  try {
    if (scratch) seedPostgres(scratch.url);
    console.log(`${backend}: Server startet${scratch ? ` (Datenbank ${scratch.name})` : " (Demo-Inhalte werden angelegt)"} …`);
    server = await startServer({ port, env: { ...serverEnv, SEED_DEMO: backend === "pglite" ? "true" : "false" }, logFile });
    const cookie = await signIn(server.url, MEMBER.email, MEMBER.password);
    const discussion = await firstDiscussion(server.url);
    const runId = Date.now().toString(36);
    const text = (n: number) => `Absturztest ${runId} Nr. ${n}`;

    const stream = await writeUntilKilled(server, cookie, discussion, text);
    server = null;
    const staleLock = backend === "pglite" ? fs.existsSync(path.join(serverEnv.DATA_DIR, "forum.lock")) : null;
    console.log(
      `${backend}: kill -9 nach ${stream.killedAfterMs} ms; ${stream.sent} gesendet, ${stream.acknowledged.size} bestätigt, ${stream.unanswered} ohne Antwort` +
        (staleLock === null ? "" : `; Sperrdatei des getöteten Prozesses ${staleLock ? "liegt noch" : "fehlt"}`),
    );

    // Same data, same configuration: the restart must get past the killed process's leftovers.
    server = await startServer({ port, env: { ...serverEnv, SEED_DEMO: "false" }, logFile });
    const stored = await readStoredNumbers(server.url, discussion, new RegExp(`Absturztest ${runId} Nr\\. (\\d+)`, "g"));
    const lost = [...stream.acknowledged].filter((n) => !stored.has(n)).sort((a, b) => a - b);
    const outcome: Outcome = {
      backend,
      sent: stream.sent,
      acknowledged: stream.acknowledged.size,
      refused: stream.refused,
      unanswered: stream.unanswered,
      found: stream.acknowledged.size - lost.length,
      lost,
      unansweredButStored: [...stored].filter((n) => !stream.acknowledged.has(n)).length,
      staleLock,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    console.log(
      `${backend}: nach dem Neustart ${outcome.found} von ${outcome.acknowledged} bestätigten Kommentaren gefunden, ${lost.length} verloren`,
    );
    if (lost.length > 0) console.error(`${backend}: verloren: Nr. ${lost.slice(0, 20).join(", ")}${lost.length > 20 ? " …" : ""}`);
    if (stream.refused.length > 0) console.error(`${backend}: vor dem Kill abgelehnt: ${stream.refused.slice(0, 5).join("; ")}`);
    return outcome;
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-15).join("\n") : "";
    throw new Error(`${(error as Error).message}${log ? `\nServer-Log (Ende):\n${log}` : ""}`);
  } finally {
    await server?.stop();
    await scratch?.drop().catch((error: unknown) => console.error(`${scratch.name} ließ sich nicht löschen: ${(error as Error).message}`));
    temp.remove();
  }
}

/** `npm run seed` against the scratch database: the server itself never seeds PostgreSQL. */
function seedPostgres(url: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`Demo-Inhalte für PostgreSQL fehlgeschlagen:\n${result.stderr || result.stdout}`);
}

async function firstDiscussion(url: string): Promise<string> {
  const html = await (await fetch(`${url}/subforum/seo`)).text();
  const slug = /href="\/discussion\/([^"?#]+)"/.exec(html)?.[1];
  if (!slug) throw new Error("Keine Diskussion im Subforum SEO gefunden");
  return slug;
}

async function postComment(url: string, cookie: string, slug: string, content: string): Promise<{ acknowledged: boolean; status: number }> {
  const response = await fetch(`${url}/discussion/${slug}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create-comment", content }),
  });
  await response.arrayBuffer();
  // The action redirects with a success toast only once the comment's transaction has committed.
  const toast = response.headers.getSetCookie().some((cookie) => /^forum_toast=[^;]+/.test(cookie));
  return { acknowledged: (response.status === 302 || response.status === 303) && toast, status: response.status };
}

/**
 * `concurrency` clients post comments back to back; once `killAfterMs` have
 * passed (and a few writes went through) the server gets SIGKILL while
 * requests are in flight. Only what was answered before counts as acknowledged.
 */
async function writeUntilKilled(server: BenchServer, cookie: string, slug: string, text: (n: number) => string) {
  const first = await postComment(server.url, cookie, slug, text(0));
  if (!first.acknowledged) throw new Error(`Der erste Kommentar wurde nicht angenommen (HTTP ${first.status})`);
  const acknowledged = new Set<number>([0]);
  const refused: string[] = [];
  let sent = 1;
  let unanswered = 0;
  let killed = false;

  const client = async () => {
    while (!killed) {
      const n = sent++;
      try {
        const result = await postComment(server.url, cookie, slug, text(n));
        if (result.acknowledged) acknowledged.add(n);
        else if (!killed) refused.push(`Nr. ${n}: HTTP ${result.status}`);
      } catch {
        // Cut off by the kill: no answer, no promise made.
        unanswered++;
      }
    }
  };
  const started = Date.now();
  const clients = Array.from({ length: concurrency }, client);
  while (Date.now() - started < killAfterMs || (acknowledged.size < MIN_ACKS_BEFORE_KILL && Date.now() - started < 15_000)) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const killedAfterMs = Date.now() - started;
  // No new requests from here on; the ones in flight meet the kill.
  killed = true;
  await server.kill9();
  await Promise.all(clients);
  return { sent, acknowledged, refused, unanswered, killedAfterMs };
}

/** All comment numbers on every page of the discussion (50 threads a page, `?page=N`; past the last one: 404). */
async function readStoredNumbers(url: string, slug: string, pattern: RegExp): Promise<Set<number>> {
  const found = new Set<number>();
  for (let page = 1; page <= 1000; page++) {
    const response = await fetch(`${url}/discussion/${slug}${page > 1 ? `?page=${page}` : ""}`);
    if (response.status === 404 && page > 1) break;
    if (response.status !== 200) throw new Error(`Seite ${page} der Diskussion antwortet ${response.status}`);
    for (const match of (await response.text()).matchAll(pattern)) found.add(Number(match[1]));
  }
  return found;
}

await main();
