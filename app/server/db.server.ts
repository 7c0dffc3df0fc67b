import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { env } from "./env.server";
import { logger } from "./logger.server";

/**
 * One Drizzle type for both backends: every query in the app is written once
 * against PostgreSQL and runs on the embedded PGlite or on a real server.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseConnection {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Every statement the app sends, for whoever listens: the query-count tests
 * prove with it that a page's number of queries does not grow with the data.
 * Without listeners it costs one Set lookup per query.
 */
type QueryListener = (query: string, params: unknown[]) => void;
const queryListeners = new Set<QueryListener>();
const queryLogger = {
  logQuery(query: string, params: unknown[]) {
    for (const listener of queryListeners) listener(query, params);
  },
};

/** Calls `listener` with each statement and its parameters until the returned function is called. */
export function onQuery(listener: QueryListener): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");
// Any constant works; it only has to be the same for every app server.
const MIGRATION_LOCK_ID = 72_311_904;

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseConnection> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", (error) => logger.error({ err: error }, "postgres pool error"));
  const db = drizzlePg({ client: pool, schema, logger: queryLogger }) as unknown as Database;

  // Several app servers may start at once: the advisory lock lets exactly one migrate.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
  try {
    // The same extensions the PostgreSQL server provides (migration 0002 creates them).
    const client = yieldBeforeQueries(await PGlite.create(inMemory ? undefined : path.resolve(dataDir), { extensions: { pg_trgm } }));
    const db = drizzlePglite({ client, schema, logger: queryLogger }) as unknown as Database;
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return {
      db,
      kind: "pglite",
      close: async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite runs a query synchronously on this thread and the promise it returns
 * is already settled, so `await db…` never gives the event loop a turn: a
 * request's loaders, and those of every other open request, run back to back
 * as one long chain of microtasks. Under load that chain took seconds, and in
 * that time no connection was accepted, no request read and no response
 * written (clients timed out while the server's own timings looked fine).
 * One turn of the event loop before each query and transaction lets the
 * network I/O in between. Queries inside a transaction keep running through:
 * the transaction holds PGlite's lock, so waiting there would only stall
 * everyone else.
 */
function yieldBeforeQueries(client: PGlite): PGlite {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite["query"];
  client.transaction = (async (...args: Parameters<PGlite["transaction"]>) => {
    await nextTurn();
    return transaction(...args);
  }) as PGlite["transaction"];
  return client;
}

/**
 * PGlite does not guard its folder against a second process, and two writers
 * would corrupt it. A lock file with our pid refuses the second one; a lock
 * left by a killed process (its pid no longer runs) is taken over.
 */
function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "forum.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8").trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `Der Datenordner ${path.resolve(dataDir)} wird bereits von Prozess ${owner} verwendet. ` +
            "Beenden Sie diesen Prozess oder setzen Sie DATA_DIR auf einen anderen Ordner.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Sperrdatei ${lockFile} konnte nicht angelegt werden.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// One connection per process. Kept on globalThis so that the dev server's
// module reloads reuse it instead of opening the PGlite folder twice.
const globalForDb = globalThis as typeof globalThis & { __forumDatabase?: Promise<DatabaseConnection> };
const connection = await (globalForDb.__forumDatabase ??= openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
}).catch((error: unknown) => {
  globalForDb.__forumDatabase = undefined;
  throw error;
}));

export const db: Database = connection.db;
export const databaseKind: DatabaseKind = connection.kind;

export async function closeDatabase(): Promise<void> {
  if (!globalForDb.__forumDatabase) return;
  globalForDb.__forumDatabase = undefined;
  await connection.close();
}

/** For the health check: a round trip to the database. */
export async function pingDatabase(): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query. Both drivers return `{ rows }`; the shared Drizzle type cannot say so. */
export async function queryRows<T extends Record<string, unknown>>(query: SQL, executor: Database | Transaction = db): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Escapes LIKE/ILIKE wildcards so user input matches as plain text. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
