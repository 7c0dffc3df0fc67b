import { defineConfig } from "vitest/config";

// Separate from vite.config.ts: the React Router plugin is not wanted in tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup/database.ts"],
          env: { DATA_DIR: "memory://", SEED_DEMO: "false", LOG_LEVEL: "silent", NODE_ENV: "test" },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
