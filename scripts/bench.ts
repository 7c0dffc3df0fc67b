/**
 * `npm run bench [-- --duration 10 --connections 10]`
 * Starts the built production server against the benchmark database (with
 * DATABASE_URL that PostgreSQL database, otherwise the PGlite folder filled by
 * `npm run bench:data`), warms it up and loads each page with autocannon, as a
 * guest and as a signed-in member. Prints req/s, client latency p50/p99, the
 * server's own time (Server-Timing) p50/p95, errors and server RSS, and writes
 * the same as JSON to bench/results/.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { BENCH_DATA_DIR, BENCH_MEMBER } from "./lib/bench-config";
import { percentile, signIn, startServer, type BenchServer } from "./lib/bench-server";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3401" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmupSeconds = Number(values.warmup);
const databaseUrl = process.env.DATABASE_URL;
const backend = databaseUrl ? "postgres" : "pglite";

interface Page {
  name: string;
  path: string;
}

/** Which URLs to load, looked up in the database before the server takes it over (PGlite allows one process). */
async function findPages(): Promise<{ pages: Page[]; size: { discussions: number; comments: number } }> {
  process.env.DATA_DIR ??= BENCH_DATA_DIR;
  process.env.LOG_LEVEL = "warn";
  const { sql } = await import("drizzle-orm");
  const { closeDatabase, queryRows } = await import("~/server/db.server");
  const { SUBFORUM_PAGE_SIZE } = await import("~/server/discussions.server");
  const { RARE_TERM } = await import("../db/seed/bench-data");
  try {
    const [size] = await queryRows<{ discussions: number; comments: number }>(
      sql`select (select count(*)::int from discussions) as discussions, (select count(*)::int from comments) as comments`,
    );
    if (!size || size.discussions < 100) throw new Error("Zu wenige Diskussionen: zuerst `npm run bench:data` ausführen.");
    const closest = async (n: number) =>
      (await queryRows<{ slug: string; replies_count: number }>(
        sql`select slug, replies_count from discussions where hidden_at is null order by abs(replies_count - ${n}), created_at desc limit 1`,
      ))[0]!;
    const [seo] = await queryRows<{ n: number }>(sql`select count(*)::int as n from discussions where category = 'seo' and hidden_at is null`);
    const lastPage = Math.max(1, Math.ceil((seo?.n ?? 0) / SUBFORUM_PAGE_SIZE));
    const small = await closest(30);
    const hot = await closest(500);
    return {
      size,
      pages: [
        { name: "Startseite", path: "/" },
        { name: "Subforum SEO, Seite 1", path: "/subforum/seo" },
        { name: `Subforum SEO, Seite ${lastPage}`, path: `/subforum/seo?page=${lastPage}` },
        { name: `Diskussion, ${small.replies_count} Kommentare`, path: `/discussion/${small.slug}` },
        { name: `Diskussion, ${hot.replies_count} Kommentare`, path: `/discussion/${hot.slug}` },
        { name: "Suche, häufiger Begriff", path: "/search?q=Backlinks" },
        { name: "Suche, seltener Begriff", path: `/search?q=${RARE_TERM}` },
        { name: "Mitglieder", path: "/members" },
      ],
    };
  } finally {
    await closeDatabase();
  }
}

interface Row {
  page: string;
  path: string;
  as: "Gast" | "Mitglied";
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  serverP50: number;
  serverP95: number;
  errors: number;
  rssMb: number;
}

async function load(server: BenchServer, page: Page, cookie: string | null, seconds: number) {
  const serverTimes: number[] = [];
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: "GET",
        path: page.path,
        headers: cookie ? { cookie } : {},
        onResponse: (_status, _body, _context, headers) => {
          // Raw header names keep the server's spelling ("Server-Timing").
          const name = Object.keys(headers ?? {}).find((key) => key.toLowerCase() === "server-timing");
          const timing = /dur=([\d.]+)/.exec(String(name ? headers?.[name] : ""));
          if (timing) serverTimes.push(Number(timing[1]));
        },
      },
    ],
  });
  serverTimes.sort((a, b) => a - b);
  return { result, serverTimes };
}

async function main() {
  const { pages, size } = await findPages();
  const server = await startServer({
    port: Number(values.port),
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: process.env.DATA_DIR },
  });
  const rows: Row[] = [];
  try {
    const cookie = await signIn(server.url, BENCH_MEMBER.email, BENCH_MEMBER.password);
    console.log(`${backend}: ${size.discussions} Diskussionen, ${size.comments} Kommentare; ${connections} Verbindungen, je ${duration} s\n`);
    for (const page of pages) {
      for (const as of ["Gast", "Mitglied"] as const) {
        const viewerCookie = as === "Mitglied" ? cookie : null;
        const probe = await fetch(`${server.url}${page.path}`, { headers: viewerCookie ? { cookie: viewerCookie } : {} });
        if (probe.status !== 200) throw new Error(`${page.path} antwortet ${probe.status}`);
        await load(server, page, viewerCookie, warmupSeconds);
        const { result, serverTimes } = await load(server, page, viewerCookie, duration);
        const row: Row = {
          page: page.name,
          path: page.path,
          as,
          requestsPerSecond: Math.round(result.requests.average),
          latencyP50: result.latency.p50,
          latencyP99: result.latency.p99,
          serverP50: percentile(serverTimes, 50),
          serverP95: percentile(serverTimes, 95),
          errors: result.errors + result.timeouts + result.non2xx,
          rssMb: server.rssMb(),
        };
        rows.push(row);
        console.log(
          `${`${row.page} (${row.as})`.padEnd(42)} ${String(row.requestsPerSecond).padStart(5)} req/s  p50 ${String(row.latencyP50).padStart(4)} ms  p99 ${String(row.latencyP99).padStart(4)} ms  Server p95 ${row.serverP95.toFixed(1).padStart(6)} ms  Fehler ${row.errors}  RSS ${row.rssMb} MB`,
        );
      }
    }
  } finally {
    await server.stop();
  }

  printMarkdown(rows);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/bench-${backend}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  fs.writeFileSync(file, JSON.stringify({ backend, size, connections, duration, rows }, null, 2));
  console.log(`\nErgebnisse: ${file}`);
  const slowest = [...rows].sort((a, b) => b.serverP95 - a.serverP95)[0];
  if (slowest) console.log(`Langsamste Seite (Server p95): ${slowest.page} als ${slowest.as}, ${slowest.serverP95.toFixed(1)} ms`);
}

function printMarkdown(rows: Row[]) {
  console.log("\n| Seite | als | req/s | p50 ms | p99 ms | Server p50 ms | Server p95 ms | Fehler | RSS MB |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ${r.page} | ${r.as} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${r.serverP50.toFixed(1)} | ${r.serverP95.toFixed(1)} | ${r.errors} | ${r.rssMb} |`);
  }
}

await main();
