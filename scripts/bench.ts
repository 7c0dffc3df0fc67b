/**
 * `npm run bench [-- --data demo|bench --connections 10,50 --duration 10]`
 * Starts the built production server and loads each page with autocannon:
 * as a guest served from the page cache (Cache-Treffer), as a guest whose
 * every request misses it (a new host name each time: render, compress,
 * store), and as a signed-in member. Prints req/s, client latency p50/p99,
 * the server's own time (Server-Timing) p50/p95, its CPU time per request, errors and server RSS, and
 * writes the same as JSON to bench/results/.
 *
 * --data demo (default): the demo content plus one discussion with 30
 *   comments of about 300 characters, the page compared with NodeBB.
 * --data bench: the 100k/1M data set of `npm run bench:data`.
 * --pages Suche --viewers "ohne Cache,Mitglied": only the pages and viewers
 *   whose names contain one of the comma-separated words.
 * With DATABASE_URL on PostgreSQL (demo: a throw-away database), otherwise PGlite.
 * Each row also gives the machine's load average (1 min) when it was measured:
 * on a shared machine the figures mean little without it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, notificationItems, notifications, profiles, readPositions } from "../db/schema";
import { BENCH_DATA_DIR, BENCH_MEMBER } from "./lib/bench-config";
import { percentile, signIn, startServer, type BenchServer } from "./lib/bench-server";
import { createScratchDatabase, type ScratchDatabase } from "./lib/scratch-db";

// Not "development": there the first job written (the demo set's setup writes some) starts a job runner in this
// process, which kept polling the database the script had closed and flooded the end of the output with errors.
process.env.NODE_ENV ??= "test";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: "demo" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10,50" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3401" },
    pages: { type: "string" },
    viewers: { type: "string" },
  },
});
/** Keeps a name when no filter is given, or when it contains one of the filter's comma-separated words. */
const wanted = (filter: string | undefined) => (name: string) => !filter || filter.split(",").some((word) => name.includes(word.trim()));
const dataSet = values.data === "bench" ? "bench" : "demo";
const duration = Number(values.duration);
const connectionCounts = values.connections.split(",").map(Number);
const warmupSeconds = Number(values.warmup);
const databaseUrl = process.env.DATABASE_URL;
const backend = databaseUrl ? "postgres" : "pglite";

interface Page {
  name: string;
  path: string;
}

interface DataSet {
  pages: Page[];
  size: { discussions: number; comments: number };
  member: { email: string; password: string };
  serverEnv: Record<string, string | undefined>;
  cleanup(): Promise<void>;
}

/** How many discussions and comments the database holds, as the results report it. */
async function contentSize(): Promise<DataSet["size"]> {
  const { sql } = await import("drizzle-orm");
  const { queryRows } = await import("~/server/db");
  const [size] = await queryRows<DataSet["size"]>(
    sql`select (select count(*)::int from ${discussions}) as discussions, (select count(*)::int from ${comments}) as comments`,
  );
  return size!;
}

/**
 * The member has read the discussions of the measured lists once, at their start: each list row carries an
 * unread marker, and the member's rows measure the pages with them and with a bell that counts unread notifications.
 * Reading a discussion during the run moves only that discussion's position.
 */
async function giveUnreadMarkers(email: string) {
  const { sql } = await import("drizzle-orm");
  const { excluded, queryRows, unqualified } = await import("~/server/db");
  const { SUBFORUM_PAGE_SIZE } = await import("~/server/discussions");
  const [p, d] = [alias(profiles, "p"), alias(discussions, "d")];
  const [row] = await queryRows<{ n: number }>(sql`
    with marked as (
      insert into ${readPositions} (${unqualified(readPositions.profileId, readPositions.discussionId, readPositions.lastReadAt)})
      select ${p.id}, ${d.id}, ${d.createdAt} from ${profiles} ${p}, ${discussions} ${d}
      where ${p.email} = ${email} and ${d.hiddenAt} is null and ${d.repliesCount} > 0
        and ${d.id} in (
          (select ${discussions.id} from ${discussions} where ${discussions.hiddenAt} is null order by ${discussions.createdAt} desc limit 100)
          union (select ${discussions.id} from ${discussions} where ${discussions.hiddenAt} is null order by ${discussions.repliesCount} desc limit 100)
          union (select ${discussions.id} from ${discussions} where ${discussions.category} = 'seo' and ${discussions.hiddenAt} is null
            order by ${discussions.isPinned} desc, ${discussions.createdAt} desc limit ${SUBFORUM_PAGE_SIZE})
          union (select ${discussions.id} from ${discussions} where ${discussions.category} = 'seo' and ${discussions.hiddenAt} is null
            order by ${discussions.isPinned} asc, ${discussions.createdAt} asc limit ${SUBFORUM_PAGE_SIZE}))
      on conflict (${unqualified(readPositions.profileId, readPositions.discussionId)})
        do update set ${unqualified(readPositions.lastReadAt)} = ${excluded(readPositions.lastReadAt)}
      returning 1)
    select count(*)::int as n from marked`);
  if (!row?.n) throw new Error(`Keine Lesestände für ${email} angelegt.`);
  // And the bell has something to count: replies in five discussions, three each (the group's items), unread.
  const [told] = await queryRows<{ n: number }>(sql`
    with told as (
      insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.count, notifications.discussionId, notifications.commentId, notifications.actorId)})
      select ${p.id}, 'reply-to-discussion', 'bench:' || recent.id, 3, recent.id, reply.id, reply.author_id
      from ${profiles} ${p}
      cross join lateral (
        select ${discussions.id} from ${discussions} where ${discussions.hiddenAt} is null and ${discussions.repliesCount} > 0
        order by ${discussions.createdAt} desc limit 5) recent
      cross join lateral (
        select ${comments.id}, ${comments.authorId} from ${comments} where ${comments.discussionId} = recent.id and ${comments.hiddenAt} is null
        order by ${comments.createdAt} limit 1) reply
      where ${p.email} = ${email}
      on conflict do nothing
      returning ${notifications.id}, ${notifications.discussionId}),
    items as (
      insert into ${notificationItems} (${unqualified(notificationItems.notificationId, notificationItems.discussionId, notificationItems.commentId)})
      select told.id, told.discussion_id, reply.id from told
      cross join lateral (
        select ${comments.id} from ${comments} where ${comments.discussionId} = told.discussion_id and ${comments.hiddenAt} is null
        order by ${comments.createdAt} limit 3) reply)
    -- A second run on the same data finds the first run's notifications still unread: those count too.
    select ((select count(*) from told) + (
      select count(*) from ${notifications} join ${profiles} ${p} on ${p.id} = ${notifications.recipientId}
      where ${p.email} = ${email} and ${notifications.readAt} is null and ${notifications.groupKey} like 'bench:%'))::int as n`);
  if (!told?.n) throw new Error(`Keine Benachrichtigungen für ${email} angelegt.`);
}

/** Which URLs to load, looked up in the database before the server takes it over (PGlite allows one process). */
async function benchDataSet(): Promise<DataSet> {
  process.env.DATA_DIR ??= BENCH_DATA_DIR;
  process.env.LOG_LEVEL = "warn";
  const { sql } = await import("drizzle-orm");
  const { closeDatabase, queryRows } = await import("~/server/db");
  const { SUBFORUM_PAGE_SIZE } = await import("~/server/discussions");
  const { RARE_TERM } = await import("../db/seed/bench-data");
  try {
    const size = await contentSize();
    if (size.discussions < 100) throw new Error("Zu wenige Diskussionen: zuerst `npm run bench:data` ausführen.");
    const closest = async (n: number) =>
      (
        await queryRows<{ slug: string; replies_count: number }>(
          sql`select ${discussions.slug}, ${discussions.repliesCount} from ${discussions} where ${discussions.hiddenAt} is null
          order by abs(${discussions.repliesCount} - ${n}), ${discussions.createdAt} desc limit 1`,
        )
      )[0]!;
    const [seo] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from ${discussions} where ${discussions.category} = 'seo' and ${discussions.hiddenAt} is null`,
    );
    const lastPage = Math.max(1, Math.ceil((seo?.n ?? 0) / SUBFORUM_PAGE_SIZE));
    const small = await closest(30);
    const hot = await closest(500);
    await giveUnreadMarkers(BENCH_MEMBER.email);
    return {
      size,
      member: BENCH_MEMBER,
      serverEnv: databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: process.env.DATA_DIR },
      cleanup: async () => undefined,
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

/** The demo content plus the page compared with NodeBB: one discussion with 30 comments of about 300 characters. */
async function demoDataSet(): Promise<DataSet> {
  let scratch: ScratchDatabase | null = null;
  let dataDir: string | null = null;
  if (databaseUrl) {
    scratch = await createScratchDatabase(databaseUrl, "forum_bench_demo");
    process.env.DATABASE_URL = scratch.url;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-bench-demo-"));
    process.env.DATA_DIR = dataDir;
  }
  process.env.LOG_LEVEL = "warn";
  const { db, closeDatabase } = await import("~/server/db");
  const { seedDemoContent, DEMO_MEMBER_PASSWORD } = await import("~/server/demo");
  await import("~/server/listeners");
  const { createComment, createDiscussion } = await import("~/server/discussions");
  const { findViewer } = await import("~/server/accounts");
  const { profiles } = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  try {
    await seedDemoContent(db, {});
    const members = await db
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.approvalStatus, "approved"));
    const viewers = (await Promise.all(members.map((member) => findViewer(member.id)))).filter((viewer) => viewer !== null);
    const created = await createDiscussion(viewers[0]!, {
      title: "Benchmark: Crawl-Budget bei großen Shops mit Facettennavigation",
      category: "seo",
      content: `<p>${paragraph(0)}</p><p>${paragraph(1)}</p>`,
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(`Benchmark-Diskussion: ${created.reason}`);
    const { getDiscussionBySlug } = await import("~/server/discussions");
    const discussion = (await getDiscussionBySlug(created.value.slug))!;
    for (let i = 0; i < 30; i++) {
      const written = await createComment(viewers[(i + 1) % viewers.length]!, { discussionId: discussion.id, content: paragraph(i + 2) });
      if (!written.ok) throw new Error(`Benchmark-Kommentar: ${written.reason}`);
    }
    await giveUnreadMarkers("sabine.koehler@example.com");
    return {
      size: await contentSize(),
      member: { email: "sabine.koehler@example.com", password: DEMO_MEMBER_PASSWORD },
      serverEnv: scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir! },
      cleanup: async () => {
        await scratch?.drop();
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      },
      pages: [
        { name: "Startseite", path: "/" },
        { name: "Subforum SEO, Seite 1", path: "/subforum/seo" },
        { name: "Diskussion, 30 Kommentare", path: `/discussion/${discussion.slug}` },
      ],
    };
  } finally {
    await closeDatabase();
  }
}

const SENTENCES = [
  "Bei großen Shops entscheidet die Facettennavigation darüber, wie viel Crawl-Budget auf wertlose Kombinationen fällt.",
  "Wir haben die Logfiles von drei Monaten ausgewertet und gesehen, dass der Googlebot vor allem Filter-URLs besucht.",
  "Ein sauberes Canonical allein hilft wenig, wenn interne Links weiter auf die Parameter-Varianten zeigen.",
  "Seit wir die unwichtigen Filter per robots.txt sperren, werden neue Produktseiten innerhalb von zwei Tagen indexiert.",
  "Spannend finde ich, wie KI-Suchmaschinen mit solchen Seiten umgehen, denn dort zählt strukturierte Information mehr.",
];

/** About 300 characters of forum German, different for each n. */
function paragraph(n: number): string {
  return [0, 1, 2]
    .map((k) => SENTENCES[(n + k) % SENTENCES.length])
    .join(" ")
    .slice(0, 300);
}

type Viewer = "Gast, Cache-Treffer" | "Gast, ohne Cache" | "Mitglied";

interface Row {
  page: string;
  path: string;
  as: Viewer;
  connections: number;
  requestsPerSecond: number;
  latencyP50: number;
  latencyP99: number;
  serverP50: number;
  serverP95: number;
  errors: number;
  rssMb: number;
  /** The server's own CPU time per answered request (its processes, not PostgreSQL's): less noisy than req/s on a shared machine. */
  cpuMsPerRequest: number;
  loadAverage: number;
}

let unique = 0;

async function load(server: BenchServer, page: Page, as: Viewer, cookie: string | null, connections: number, seconds: number) {
  const serverTimes: number[] = [];
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip, br" },
    requests: [
      {
        method: "GET",
        path: page.path,
        headers: cookie ? { cookie, "accept-encoding": "gzip, br" } : { "accept-encoding": "gzip, br" },
        // A host name no one asked for before (the cache key holds it; the page does not depend on it): the
        // guest's page is rendered, compressed and stored each time. A new query parameter would not do:
        // search and members redirect unknown parameters to their canonical URL.
        ...(as === "Gast, ohne Cache"
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { ...request.headers, host: `miss-${++unique}.localhost` },
              }),
            }
          : {}),
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

/** Requests one client address may have in the server at once during the run: 0, none (see main). */
const PER_CLIENT_LIMIT = 0;

async function main() {
  const data = dataSet === "bench" ? await benchDataSet() : await demoDataSet();
  // autocannon's connections come from one address, standing for many visitors: no limit per client (decision 0020),
  // set here and printed with the figures, so that they measure the server and not the gate.
  const server = await startServer({
    port: Number(values.port),
    env: { ...data.serverEnv, TRUST_PROXY: "1", MAX_REQUESTS_PER_CLIENT: String(PER_CLIENT_LIMIT) },
  });
  const rows: Row[] = [];
  try {
    // An address of its own per run: runs back to back on the kept bench data would otherwise meet the sign-in limit
    // per address and account (8 in 10 minutes) and end in a 429.
    const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
    const cookie = await signIn(server.url, data.member.email, data.member.password, { "X-Forwarded-For": address });
    console.log(
      `${backend}, ${dataSet === "demo" ? "Demo-Inhalte" : "Benchmark-Daten"}: ${data.size.discussions} Diskussionen, ${data.size.comments} Kommentare; ${connectionCounts.join(" und ")} Verbindungen, je ${duration} s; Anfragen pro Client: ${PER_CLIENT_LIMIT === 0 ? "unbegrenzt (MAX_REQUESTS_PER_CLIENT=0)" : PER_CLIENT_LIMIT}\n`,
    );
    for (const page of data.pages.filter((candidate) => wanted(values.pages)(candidate.name))) {
      for (const as of (["Gast, Cache-Treffer", "Gast, ohne Cache", "Mitglied"] as const).filter(wanted(values.viewers))) {
        const viewerCookie = as === "Mitglied" ? cookie : null;
        const probe = await fetch(`${server.url}${page.path}`, { headers: viewerCookie ? { cookie: viewerCookie } : {} });
        if (probe.status !== 200) throw new Error(`${page.path} antwortet ${probe.status}`);
        // The member's home page is measured with its unread markers (giveUnreadMarkers).
        if (as === "Mitglied" && page.path === "/") {
          const html = await probe.text();
          if (!html.includes('data-testid="unread-badge"')) throw new Error("Die Startseite des Mitglieds zeigt keine Ungelesen-Marker.");
          if (!/Benachrichtigungen, [1-9]\d* ungelesen/.test(html))
            throw new Error("Die Glocke des Mitglieds zählt keine ungelesenen Benachrichtigungen.");
        }
        for (const connections of connectionCounts) {
          await load(server, page, as, viewerCookie, connections, warmupSeconds);
          const cpuBefore = server.cpuMs();
          const { result, serverTimes } = await load(server, page, as, viewerCookie, connections, duration);
          const cpuMs = server.cpuMs() - cpuBefore;
          const row: Row = {
            page: page.name,
            path: page.path,
            as,
            connections,
            requestsPerSecond: Math.round(result.requests.average),
            latencyP50: result.latency.p50,
            latencyP99: result.latency.p99,
            serverP50: percentile(serverTimes, 50),
            serverP95: percentile(serverTimes, 95),
            errors: result.errors + result.timeouts + result.non2xx,
            rssMb: server.rssMb(),
            cpuMsPerRequest: Math.round((10 * cpuMs) / Math.max(1, result.requests.total)) / 10,
            loadAverage: os.loadavg()[0]!,
          };
          rows.push(row);
          console.log(
            `${`${row.page} (${row.as}, ${connections})`.padEnd(56)} ${String(row.requestsPerSecond).padStart(5)} req/s  p50 ${String(row.latencyP50).padStart(4)} ms  p99 ${String(row.latencyP99).padStart(4)} ms  Server p95 ${row.serverP95.toFixed(1).padStart(6)} ms  CPU ${row.cpuMsPerRequest.toFixed(1)} ms/Anfrage  Fehler ${row.errors}  RSS ${row.rssMb} MB  Last ${row.loadAverage.toFixed(1)}`,
          );
        }
      }
    }
  } finally {
    await server.stop();
    await data.cleanup();
  }

  printMarkdown(rows);
  fs.mkdirSync("bench/results", { recursive: true });
  const file = `bench/results/bench-${dataSet}-${backend}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  fs.writeFileSync(
    file,
    JSON.stringify({ backend, dataSet, size: data.size, connectionCounts, duration, perClientLimit: PER_CLIENT_LIMIT, rows }, null, 2),
  );
  console.log(`\nErgebnisse: ${file}`);
  const slowest = [...rows].sort((a, b) => b.serverP95 - a.serverP95)[0];
  if (slowest) console.log(`Langsamste Seite (Server p95): ${slowest.page} als ${slowest.as}, ${slowest.serverP95.toFixed(1)} ms`);
}

function printMarkdown(rows: Row[]) {
  console.log(
    "\n| Seite | als | Verb. | req/s | p50 ms | p99 ms | Server p50 ms | Server p95 ms | CPU ms/Anfrage | Fehler | RSS MB | Last |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.as} | ${r.connections} | ${r.requestsPerSecond} | ${r.latencyP50} | ${r.latencyP99} | ${r.serverP50.toFixed(1)} | ${r.serverP95.toFixed(1)} | ${r.cpuMsPerRequest.toFixed(1)} | ${r.errors} | ${r.rssMb} | ${r.loadAverage.toFixed(1)} |`,
    );
  }
}

await main();
