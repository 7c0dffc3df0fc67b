/**
 * `npm run bench:load [-- --duration 60 --connections 100 --members 40 --writes 0.1 --warmup 5]`
 * Mixed load on the built server: guests and signed-in members read the
 * home page, subforums, discussions, search, the member directory and
 * profiles, and members write comments (each with its own text). Runs on a
 * fresh database with the demo content plus `--members` extra members, so
 * the writes are spread over many accounts: embedded PGlite in a temporary
 * folder, or with DATABASE_URL a PostgreSQL database of its own next to it.
 * Samples the server's RSS every 5 s (all its processes together, and each
 * one from the metrics port: with PostgreSQL one app server per core) and
 * prints requests, req/s, errors, timeouts, requests shed by the server
 * (503 with Retry-After: the request gate's line was full), latency p50/p99
 * and the memory. Exits 1 on any error, timeout, 4xx/5xx other than a shed,
 * or write that was neither acknowledged nor shed.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort, percentile, signIn, startServer, type BenchServer } from "./lib/bench-server";
import { residentMbByWorker, scrapeMetrics, sumOf } from "./lib/metrics";
import { createScratchDatabase, createTempDir } from "./lib/scratch-db";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "100" },
    members: { type: "string", default: "40" },
    writes: { type: "string", default: "0.1" },
    port: { type: "string", default: "3441" },
    /** Keep the server's log here (default: a temporary file, shown on failure); with --log-level info it has every request. */
    "log-file": { type: "string" },
    "log-level": { type: "string", default: "warn" },
  },
});
const duration = Number(values.duration);
const warmupSeconds = Number(values.warmup);
const connections = Number(values.connections);
const memberCount = Number(values.members);
const writeShare = Number(values.writes);
const databaseUrl = process.env.DATABASE_URL;
const backend = databaseUrl ? "postgres" : "pglite";
if (![duration, connections, memberCount].every((n) => Number.isInteger(n) && n > 0) || !(writeShare >= 0 && writeShare <= 1)) {
  console.error("Aufruf: npm run bench:load -- --duration <s> --connections <n> --members <n> --writes <0…1>");
  process.exit(1);
}

const BENCH_PASSWORD = "last-passwort";
const SAMPLE_SECONDS = 5;
/** The start of the request gate's 503 text (app/server/platform/unavailable.server.ts). */
const OVERLOAD_TEXT = "Das Forum ist gerade überlastet";

/** Demo content plus the load members, written before the server opens the database (PGlite allows one process). */
async function prepareDatabase(env: Record<string, string | undefined>) {
  // process.env turns undefined into the string "undefined": set only what is there.
  for (const [key, value] of Object.entries({ ...env, LOG_LEVEL: "warn" })) if (value !== undefined) process.env[key] = value;
  const { closeDatabase, db } = await import("~/server/db");
  const { seedDemoContent } = await import("~/server/demo");
  await import("~/server/listeners");
  const { createMemberAccount, hashMemberPassword } = await import("~/server/accounts");
  try {
    await seedDemoContent(db);
    // One hash for all: hashing is deliberately slow, and the accounts only differ in their address.
    const hash = await hashMemberPassword(BENCH_PASSWORD);
    const emails: string[] = [];
    for (let i = 1; i <= memberCount; i++) {
      const email = `last.mitglied.${i}@example.com`;
      await createMemberAccount(db, {
        email,
        password: { hash },
        firstName: "Last",
        lastName: `Mitglied ${i}`,
        approvalStatus: "approved",
        role: "member",
        emailVerified: true,
        // No reply mails: the mail outbox is not what this measures.
        newsletterSubscribed: false,
      });
      emails.push(email);
    }
    return emails;
  } finally {
    await closeDatabase();
  }
}

interface Urls {
  guestPaths: string[];
  discussions: string[];
}

/** What there is to read, taken from the pages themselves. */
async function collectUrls(url: string): Promise<Urls> {
  const links = async (pagePath: string, pattern: RegExp) =>
    [...(await (await fetch(`${url}${pagePath}`)).text()).matchAll(pattern)].map((match) => match[1]!);
  const discussions = new Set<string>();
  for (const subforum of ["/subforum/seo", "/subforum/sea", "/subforum/ai"]) {
    for (const slug of await links(subforum, /href="\/discussion\/([^"?#/]+)"/g)) discussions.add(slug);
  }
  const profiles = [...new Set(await links("/members", /href="(\/profile\/[0-9a-f-]{36})"/g))].slice(0, 10);
  if (discussions.size < 10 || profiles.length < 3)
    throw new Error(`Zu wenig Demo-Inhalte: ${discussions.size} Diskussionen, ${profiles.length} Profile`);
  return {
    discussions: [...discussions],
    guestPaths: [
      "/",
      "/subforum/seo",
      "/subforum/sea",
      "/subforum/ai",
      "/search?q=Backlinks",
      "/search?q=Google+Ads",
      "/search?q=KI",
      "/members",
      "/members?q=Schulz",
      ...profiles,
      ...[...discussions].map((slug) => `/discussion/${slug}`),
    ],
  };
}

type Kind = "Gast liest" | "Mitglied liest" | "Mitglied schreibt";
/** autocannon's per-connection context: the request the connection has out right now. */
type Context = { kind?: Kind; path?: string; sentAt?: number };

interface KindStats {
  count: number;
  /** Status code → count. */
  statuses: Map<number, number>;
  /** 503s the server shed (Retry-After, the overload text), also counted among the statuses. */
  shed: number;
  /** Client-side, request built to response complete, in ms (autocannon's own latencies leave out the 302s). */
  latencies: number[];
  serverTimes: number[];
}

async function runLoad(server: BenchServer, urls: Urls, cookies: string[], seconds: number) {
  const stats = new Map<Kind, KindStats>();
  const statsOf = (kind: Kind) => {
    let entry = stats.get(kind);
    if (!entry) stats.set(kind, (entry = { count: 0, statuses: new Map(), shed: 0, latencies: [], serverTimes: [] }));
    return entry;
  };
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
  let written = 0;
  const runId = Date.now().toString(36);
  const contexts = new Set<Context>();
  const timedOut: string[] = [];
  const started = performance.now();

  // Without a callback autocannon returns its event emitter made thenable; the types only know the promise.
  const instance = autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        // Called before every request: each one is drawn anew from the mix.
        setupRequest: (request, context: Context) => {
          contexts.add(context);
          context.sentAt = performance.now();
          const roll = Math.random();
          if (roll < writeShare) {
            written += 1;
            const body = new URLSearchParams({ intent: "create-comment", content: `Lasttest ${runId} Kommentar ${written}` }).toString();
            Object.assign(context, { kind: "Mitglied schreibt", path: `/discussion/${pick(urls.discussions)}` });
            return {
              ...request,
              method: "POST",
              path: context.path,
              headers: { cookie: pick(cookies), origin: server.url, "content-type": "application/x-www-form-urlencoded" },
              body,
            };
          }
          const member = roll < writeShare + (1 - writeShare) / 2;
          Object.assign(context, { kind: member ? "Mitglied liest" : "Gast liest", path: pick(urls.guestPaths) });
          return { ...request, method: "GET", path: context.path, headers: member ? { cookie: pick(cookies) } : {}, body: undefined };
        },
        onResponse: (status, body, context: Context, headers) => {
          contexts.delete(context);
          const entry = statsOf(context.kind!);
          entry.count += 1;
          entry.latencies.push(performance.now() - context.sentAt!);
          entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
          // autocannon hands over the header names as the server wrote them.
          const header = (name: string) => headers?.[name] ?? headers?.[name.toLowerCase()];
          // The gate's 503 (decision 0024), not the one for a database that is away.
          if (status === 503 && header("Retry-After") !== undefined && body.includes(OVERLOAD_TEXT)) entry.shed += 1;
          const timing = /dur=([\d.]+)/.exec(String(header("Server-Timing") ?? ""));
          if (timing) entry.serverTimes.push(Number(timing[1]));
        },
      },
    ],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;

  // A timeout names no request: it is the one out the longest (autocannon gives each request a fresh context).
  instance.on("reqError", (error: Error) => {
    if (!/timed out/.test(error.message)) return;
    const oldest = [...contexts].sort((a, b) => a.sentAt! - b.sentAt!)[0];
    if (!oldest) return;
    contexts.delete(oldest);
    timedOut.push(`${oldest.kind} ${oldest.path} (gesendet bei ${((oldest.sentAt! - started) / 1000).toFixed(1)} s)`);
  });

  const rss: number[] = [server.rssMb()];
  const byWorker = new Map<string, number[]>();
  const samplings: Promise<void>[] = [];
  // Each process's memory as the server reports it; a scrape that fails under load leaves a gap, not a failed run.
  const sampleWorkers = () =>
    samplings.push(
      scrapeMetrics(server.metricsUrl!)
        .then((samples) => {
          for (const [worker, mb] of residentMbByWorker(samples)) byWorker.set(worker, [...(byWorker.get(worker) ?? []), mb]);
        })
        .catch((error: unknown) => console.warn(`Metriken nicht gelesen: ${String(error)}`)),
    );
  sampleWorkers();
  const sampler = setInterval(() => {
    rss.push(server.rssMb());
    sampleWorkers();
  }, SAMPLE_SECONDS * 1000);
  const result = await instance;
  clearInterval(sampler);
  rss.push(server.rssMb());
  sampleWorkers();
  await Promise.all(samplings);
  return { result, stats, rss, byWorker, timedOut };
}

async function main() {
  const temp = createTempDir(`forum-load-${backend}`);
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl, "forum_load") : null;
  const serverEnv = {
    DATA_DIR: path.join(temp.dir, "data"),
    DATABASE_URL: scratch?.url,
    // The members sign in through one address; the server believes the X-Forwarded-For each sign-in brings.
    TRUST_PROXY: "1",
    // The load comes from one address standing for many visitors: no limit per client (decision 0020).
    MAX_REQUESTS_PER_CLIENT: "0",
    LOG_LEVEL: values["log-level"],
  };
  const logFile = values["log-file"] ? path.resolve(values["log-file"]) : path.join(temp.dir, "server.log");
  let server: BenchServer | null = null;
  try {
    console.log(`${backend}: Demo-Inhalte und ${memberCount} Last-Mitglieder anlegen …`);
    const emails = await prepareDatabase({ DATA_DIR: serverEnv.DATA_DIR, DATABASE_URL: serverEnv.DATABASE_URL });
    server = await startServer({ port: Number(values.port), metricsPort: await freePort(), env: serverEnv, logFile });
    const cookies: string[] = [];
    for (const [i, email] of emails.entries()) {
      cookies.push(await signIn(server.url, email, BENCH_PASSWORD, { "X-Forwarded-For": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` }));
    }
    const urls = await collectUrls(server.url);
    console.log(
      `${backend}: ${connections} Verbindungen, ${duration} s, ${Math.round(writeShare * 100)} % Kommentare von ${cookies.length} Mitgliedern, ` +
        `${urls.guestPaths.length} Lese-URLs`,
    );

    if (warmupSeconds > 0) {
      // A freshly started server (cold JIT, empty caches) takes the same mix first; its numbers are shown, not judged,
      // unless something answers 4xx/5xx, which no warm-up excuses.
      const warm = await runLoad(server, urls, cookies, warmupSeconds);
      const warmShed = [...warm.stats.values()].reduce((sum, entry) => sum + entry.shed, 0);
      const warmErrors = [...warm.stats.values()]
        .flatMap((entry) => [...entry.statuses])
        .reduce((sum, [status, count]) => (status >= 400 ? sum + count : sum), -warmShed);
      console.log(
        `Aufwärmen (${warmupSeconds} s): ${warm.result.requests.total} Anfragen, ${warm.result.timeouts} Timeouts, ` +
          `${warm.result.errors - warm.result.timeouts} Verbindungsfehler, ${warmErrors} Antworten 4xx/5xx, ${warmShed} abgewiesen (503)`,
      );
      if (warmErrors > 0) process.exitCode = 1;
    }
    const shedBefore = sumOf(await scrapeMetrics(server.metricsUrl!), "forum_http_requests_shed_total");
    const { result, stats, rss, byWorker, timedOut } = await runLoad(server, urls, cookies, duration);
    const shedByServer = sumOf(await scrapeMetrics(server.metricsUrl!), "forum_http_requests_shed_total") - shedBefore;
    const shed = [...stats.values()].reduce((sum, entry) => sum + entry.shed, 0);
    // A shed request was answered as designed (decision 0024): counted apart, not as an error.
    const clientErrors = [...stats.values()]
      .flatMap((entry) => [...entry.statuses])
      .reduce((sum, [status, count]) => (status >= 400 ? sum + count : sum), -shed);
    const writes = stats.get("Mitglied schreibt");
    const unacknowledgedWrites =
      [...(writes?.statuses ?? new Map<number, number>())].filter(([status]) => status !== 302).reduce((sum, [, count]) => sum + count, 0) -
      (writes?.shed ?? 0);
    // autocannon counts a timeout as an error, too.
    const connectionErrors = result.errors - result.timeouts;

    console.log("\n| Art | Anfragen | Statuscodes | abgewiesen | p50 ms | p99 ms | Server p50 ms | Server p95 ms |");
    console.log("|---|---:|---|---:|---:|---:|---:|---:|");
    for (const [kind, entry] of stats) {
      entry.latencies.sort((a, b) => a - b);
      entry.serverTimes.sort((a, b) => a - b);
      const codes = [...entry.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ");
      const ms = (values: number[], p: number) => percentile(values, p).toFixed(0);
      console.log(
        `| ${kind} | ${entry.count} | ${codes} | ${entry.shed} | ${ms(entry.latencies, 50)} | ${ms(entry.latencies, 99)} | ${ms(entry.serverTimes, 50)} | ${ms(entry.serverTimes, 95)} |`,
      );
    }
    const all = [...stats.values()].flatMap((entry) => entry.latencies).sort((a, b) => a - b);
    console.log(`\nAnfragen gesamt:   ${result.requests.total} in ${duration} s (${Math.round(result.requests.average)} req/s im Mittel)`);
    console.log(
      `Fehler:            ${connectionErrors} Verbindungsfehler, ${result.timeouts} Timeouts (> 10 s), ${clientErrors} Antworten 4xx/5xx, ${unacknowledgedWrites} Kommentare ohne Weiterleitung`,
    );
    console.log(
      `Abgewiesen:        ${shed} Anfragen mit 503 und Retry-After (Lastabwurf, keine Fehler); laut Server-Metriken ${shedByServer}`,
    );
    console.log(
      `Latenz (alle):     p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms, max ${(all.at(-1) ?? 0).toFixed(0)} ms`,
    );
    console.log(`RSS alle ${SAMPLE_SECONDS} s (MB): ${rss.join(" ")}`);
    console.log(`RSS:               erste ${rss[0]} MB, höchste ${Math.max(...rss)} MB, letzte ${rss.at(-1)} MB`);
    // "0": the server alone (PGlite); "primary" and 1, 2 …: the cluster's processes (PostgreSQL).
    for (const [worker, series] of [...byWorker].sort(([a], [b]) => a.localeCompare(b, "de", { numeric: true }))) {
      const name = worker === "primary" ? "Hauptprozess" : worker === "0" ? "Prozess" : `Prozess ${worker}`;
      console.log(
        `RSS ${name.padEnd(14)} erste ${series[0]} MB, höchste ${Math.max(...series)} MB, letzte ${series.at(-1)} MB (${series.join(" ")})`,
      );
    }
    if (timedOut.length > 0) console.log(`Zeitüberschreitungen:\n  ${timedOut.slice(0, 15).join("\n  ")}`);

    if (result.errors + clientErrors + unacknowledgedWrites > 0) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").trim().split("\n").slice(-20).join("\n") : "";
      const ended = server.exitStatus();
      console.error(
        `\nFEHLER: Die Last lief nicht fehlerfrei durch.${ended ? ` Der Server hat sich beendet (${ended}).` : ""}${log ? `\nServer-Log (Ende):\n${log}` : ""}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await server?.stop();
    await scratch?.drop();
    temp.remove();
  }
}

await main();
