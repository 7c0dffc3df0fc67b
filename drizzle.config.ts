import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (`npm run db:generate`); the app applies
// them itself at start with the programmatic migrator.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
