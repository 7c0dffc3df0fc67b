/**
 * Throw-away databases for load and fault tests: a PostgreSQL database of
 * its own next to the one DATABASE_URL names, or a temporary folder for the
 * embedded PGlite. Both are removed again afterwards.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface ScratchDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the server of `baseUrl` (which must allow CREATE DATABASE). */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  await withClient(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // FORCE: a server killed with -9 may leave its connections behind for a moment.
    drop: () => withClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh folder under the system's temp directory; `remove()` deletes it with everything in it. */
export function createTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
