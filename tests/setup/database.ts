/**
 * Every integration test file gets a database of its own: an in-memory
 * PGlite copied from the migrated template of tests/setup/pglite-template.ts,
 * or a freshly created PostgreSQL database when DATABASE_URL is set. The
 * app's db module is imported only after this ran, and takes the connection
 * opened here.
 */
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import pg from "pg";
// The connection module alone: the platform index reads the environment, and DATABASE_URL is set below.
// eslint-disable-next-line server-domains/domain-imports
import { openDatabase, type DatabaseConnection } from "../../app/server/platform/db-connection.server";

const baseUrl = process.env.DATABASE_URL;

if (baseUrl) {
  const name = `forum_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();

  afterAll(async () => {
    const { closeDatabase } = await import("../../app/server/db");
    await closeDatabase();
    const cleanup = new pg.Client({ connectionString: baseUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
} else {
  const templateFile = inject("pgliteTemplate");
  if (templateFile) {
    const template = new Blob([fs.readFileSync(templateFile)]);
    (globalThis as typeof globalThis & { __forumDatabase?: Promise<DatabaseConnection> }).__forumDatabase = openDatabase({
      dataDir: "memory://",
      template,
    });
  }
  afterAll(async () => {
    const { closeDatabase } = await import("../../app/server/db");
    await closeDatabase();
  });
}

// The listeners of the domain events (decision 0021), before the first test but after the test file's own
// imports: many set process.env first, and the listeners load every domain, the environment included.
beforeAll(async () => {
  await import("../../app/server/listeners");
});
