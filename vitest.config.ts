import { availableParallelism } from "node:os";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

type ProjectConfig = NonNullable<TestProjectInlineConfiguration["test"]>;
import { iconSprite } from "./scripts/lib/icon-sprite.ts";

const integration: ProjectConfig = {
  environment: "node",
  globalSetup: ["tests/setup/pglite-template.ts"],
  setupFiles: ["tests/setup/database.ts"],
  env: { DATA_DIR: "memory://", SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "test" },
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

/**
 * Every integration file runs on PGlite, the embedded database (`npm run test:unit`). These run again on a
 * PostgreSQL server (`npm run test:db`), because their subject is what a server does that PGlite cannot show:
 * PGlite runs one statement at a time, so races and locks only meet on a server, and NOTIFY, plans, extensions
 * and pg_dump are the server's own. `npm run test:stress` runs all of them on the server, under load.
 */
const onTheDatabaseServer: Record<string, string> = {
  "tests/integration/admin.test.ts": "30 role changes at once on one member; two administrators demoting each other",
  "tests/integration/answers.test.ts": "counts under parallel marks; two moderators choosing a solution at once",
  "tests/integration/backup.test.ts": "backup and restore through pg_dump and psql",
  "tests/integration/discussion-shared-part.test.ts": "kept reads dropped by the database's NOTIFY",
  "tests/integration/digest.test.ts": "two digest runs at once mail each member once (the claim's SKIP LOCKED)",
  "tests/integration/discussions.test.ts": "200 comments and 1,000 views at once, counted in single statements",
  "tests/integration/drafts-and-revisions.test.ts": "edits arriving at the same moment numbered without gaps",
  "tests/integration/jobs.test.ts": "leases, one run per slot across runners, woken by a commit on another connection",
  "tests/integration/live-stream-end.test.ts": "a member's live streams ended by a NOTIFY the listening connection receives",
  "tests/integration/last-visit.test.ts": "the visit stamp skips a profile row another transaction holds, never waits for it",
  "tests/integration/legal-notices.test.ts": "twenty notices confirmed at once make one queue item (the open-item index)",
  "tests/integration/mail-worker.test.ts": "the outbox's runner woken by NOTIFY",
  "tests/integration/moderation.test.ts": "two moderators hiding at the same moment",
  "tests/integration/notifications.test.ts": "the bell's count pushed through LISTEN/NOTIFY",
  "tests/integration/page-cache-notify.test.ts": "the triggers' NOTIFY, and none for a rolled-back write",
  "tests/integration/page-queries.test.ts": "every page's plans on a generated forum",
  "tests/integration/parallel-writes.test.ts": "writes in parallel on a pool of connections",
  "tests/integration/push.test.ts": "two app servers queueing the due pushes at once queue each once (SKIP LOCKED)",
  "tests/integration/rate-limit.test.ts": "concurrent attempts counted exactly",
  "tests/integration/reports.test.ts": "enough reports at once hide a post exactly once",
  "tests/integration/search-trade.test.ts":
    "the synonyms' copy dropped by the table trigger's NOTIFY; pg_trgm's word similarity on a server",
  "tests/integration/schema.test.ts": "the migrations and constraints on PostgreSQL 15",
  "tests/integration/search.test.ts": "German stemming, unaccent and trigrams of the server's version",
  "tests/integration/site-settings.test.ts": "the trigger's NOTIFY drops every process's settings and guest pages",
  "tests/integration/sitemap-pages.test.ts": "each sitemap page reads its own stretch of the index (plans)",
  "tests/integration/submissions.test.ts": "the same form sent five times at once is stored once",
  "tests/integration/transparency.test.ts": "the report's Berlin months and medians (percentile_cont) of the server's version",
  "tests/integration/watchlist.test.ts": "the trigger's NOTIFY drops every process's copy",
};

// Separate from vite.config.ts: the React Router plugin is not wanted in tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Components name their icons' sprite by its URL (app/components/ui/icon.tsx).
  plugins: [iconSprite("serve", false)],
  test: {
    // Worker threads, not Vitest's default child processes. Measured on two cores, unit and integration together:
    // 251 → 174 s and 471 → 317 CPU-s, most of it in the import phase (194 → 128 s summed over the files; PGlite's
    // own start costs the same in both); on PostgreSQL (test:db) both cost the same. Each thread has its own copy of
    // process.env, which many files set before their imports, and its own module graph.
    pool: "threads",
    // Vitest's default is one worker less than the cores: one on a two-core machine. The integration tests
    // spend much of their time waiting (SMTP, password hashing, timers), so two files at once finish sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Rules without state of their own: the files of a worker share one module graph, imported once (most of the time).
          isolate: false,
          // A domain's index loads the whole domain, the database included (decision 0021): in memory, never ./data.
          env: { DATA_DIR: "memory://" },
          // The checks that parse every source file (the "Sie" texts, the event registry) take 2–5 s alone and up to
          // 7 s beside the integration files on two busy cores: Vitest's 5 s default failed them by chance.
          testTimeout: 30_000,
        },
      },
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"], ...integration } },
      // `npm run test:db` (DATABASE_URL): these files again, each on a database of its own on a PostgreSQL server.
      { extends: true, test: { name: "database-server", include: Object.keys(onTheDatabaseServer), ...integration } },
    ],
  },
});
