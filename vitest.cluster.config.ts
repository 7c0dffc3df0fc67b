import { defineConfig } from "vitest/config";

// `npm run test:cluster`: several built app servers on one PostgreSQL (DATABASE_URL), as in production.
// Apart from vitest.config.ts because it needs the build and a PostgreSQL server; .ci/run runs it in its PostgreSQL step.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
