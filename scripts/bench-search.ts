/**
 * `npm run bench:search [-- --discussions 20000]`: search latency on a
 * generated data set, on a fresh in-memory PGlite or, with DATABASE_URL, on a
 * fresh PostgreSQL database created (and dropped) for the run.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createScratchDatabase } from "./lib/scratch-db";

const { values } = parseArgs({ options: { discussions: { type: "string", default: "20000" }, rounds: { type: "string", default: "20" } } });
const total = Number(values.discussions);
const rounds = Number(values.rounds);

const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "forum_bench_search") : null;
if (scratch) process.env.DATABASE_URL = scratch.url;
else process.env.DATA_DIR = "memory://";
process.env.LOG_LEVEL = "silent";

const { discussions } = await import("../db/schema");
const { demoDiscussions } = await import("../db/seed/demo-content");
const { closeDatabase, databaseKind, db } = await import("~/server/db");
const { createMemberAccount } = await import("~/server/accounts");
const { didYouMean, refreshSearchWords, searchDiscussions, startSynonymsListener } = await import("~/server/search");
const { parseSearchFilter } = await import("~/lib/search");

const authorId = await createMemberAccount(db, {
  email: "bench@example.com",
  password: { hash: "x" },
  firstName: "Bench",
  lastName: "Autor",
  approvalStatus: "approved",
  role: "member",
  emailVerified: true,
});

const started = Date.now();
const batch = 1000;
for (let offset = 0; offset < total; offset += batch) {
  const rows = Array.from({ length: Math.min(batch, total - offset) }, (_, i) => {
    const n = offset + i;
    const source = demoDiscussions[n % demoDiscussions.length]!;
    return {
      slug: `bench-${n}`,
      title: `${source.title} (${n})`,
      content: source.content,
      category: source.category,
      authorId,
      repliesCount: (n * 7919) % 97,
      viewsCount: (n * 104729) % 5000,
      isPinned: n % 997 === 0,
      createdAt: new Date(Date.now() - (n % 365) * 86_400_000 - (n % 1440) * 60_000),
    };
  });
  await db.insert(discussions).values(rows);
}
// The vocabulary of "Meinten Sie …?", as the job runner rebuilds it; timed, since it splits every title.
const refreshStarted = performance.now();
await refreshSearchWords();
const refreshMs = performance.now() - refreshStarted;
// Fresh statistics, as autovacuum (PostgreSQL) or the app's maintenance task (PGlite) would collect them.
await db.execute(sql`analyze`);
console.log(
  `${databaseKind}: ${total} discussions generated in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
    `the vocabulary built in ${refreshMs.toFixed(0)} ms`,
);

// As an app server does: the synonyms are read once and kept, not read for every search.
const stopSynonyms = await startSynonymsListener();

const queries = [
  "q=Backlinks",
  "q=GA4",
  "q=KI",
  "q=Core%20Web%20Vitals",
  "q=kaufen&sortBy=newest",
  "q=Performance%20Max&category=sea",
  "category=seo&dateRange=month",
  "q=Quantenkompression",
  // The trade's synonyms: the group of the term as typed, OR-ed into both parts.
  "q=Suchmaschinenoptimierung",
  "q=KI%20Tools",
  // Operators in the box.
  "q=kategorie%3Asea%20status%3Aoffen%20Budget",
];
/** "Meinten Sie …?" runs only after a search without hits; timed on its own. */
const suggestionQueries = ["q=Core%20Web%20Vitls", "q=Sichtbarkat%20messen", "q=Quantenkompression"];
const timings: number[] = [];
const perQuery = new Map<string, number[]>();
for (let round = 0; round < rounds + 2; round++) {
  for (const query of queries) {
    const filter = parseSearchFilter(new URLSearchParams(query));
    const t0 = performance.now();
    await searchDiscussions(filter);
    // The first two rounds warm caches and are not counted.
    if (round >= 2) {
      const ms = performance.now() - t0;
      timings.push(ms);
      perQuery.set(query, [...(perQuery.get(query) ?? []), ms]);
    }
  }
}
for (const query of suggestionQueries) {
  const filter = parseSearchFilter(new URLSearchParams(query));
  const list: number[] = [];
  let offered: string | null = null;
  for (let round = 0; round < rounds + 2; round++) {
    const t0 = performance.now();
    offered = await didYouMean(filter);
    if (round >= 2) list.push(performance.now() - t0);
  }
  list.sort((a, b) => a - b);
  console.log(`  Meinten Sie: ${query.padEnd(27)} median ${list[Math.floor(list.length / 2)]!.toFixed(1)} ms → ${offered ?? "nichts"}`);
}
timings.sort((a, b) => a - b);
const pct = (p: number) => timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(1);
for (const [query, list] of perQuery) {
  list.sort((a, b) => a - b);
  console.log(`  ${query.padEnd(40)} median ${list[Math.floor(list.length / 2)]!.toFixed(1)} ms`);
}
console.log(
  `${databaseKind}: search over ${total} discussions, ${timings.length} queries: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`,
);

await stopSynonyms();
await closeDatabase();
await scratch?.drop();
