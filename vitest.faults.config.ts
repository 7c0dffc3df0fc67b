import { defineConfig } from "vitest/config";

// `npm run test:faults`: the built server against faults an operator meets (a restarted or vanished database).
// Each test starts a PostgreSQL server of its own (scripts/lib/own-postgres.ts); it needs the build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
