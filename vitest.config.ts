import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/lib/icon-sprite.ts";

// Separate from vite.config.ts: the React Router plugin is not wanted in tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  // Components name their icons' sprite by its URL (app/components/ui/icon.tsx).
  plugins: [iconSprite("serve", false)],
  test: {
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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/pglite-template.ts"],
          setupFiles: ["tests/setup/database.ts"],
          env: { DATA_DIR: "memory://", SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "test" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
