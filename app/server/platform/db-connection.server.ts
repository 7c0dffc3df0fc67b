/**
 * Opening a database: PGlite in a folder or in memory, or a PostgreSQL pool,
 * migrated either way. Free of side effects, so tests can open a connection
 * of their own before `db.server` opens the process's one.
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../../db/schema";
import { acquireDataDirLock, answerBackupRequests, type BackupDumpReport, emptyDataFolder } from "./pglite-folder.server";
import { nextPause } from "./retry-pause.server";

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
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any
   * process using this database. `onGap` is called when messages may have been
   * missed (the listening connection was lost and is back).
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections and the queries waiting for one; null for PGlite (one connection, no pool). */
  poolStats(): PoolStats | null;
}

export interface PoolStats {
  size: number;
  total: number;
  idle: number;
  waiting: number;
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
  /** An in-memory PGlite starts as a copy of this dump (`dumpDataDir`) instead of running initdb. */
  template?: Blob;
  /** Errors of pool connections, idle or checked out (a restarted server, a dropped connection). */
  onPoolError?: (error: Error) => void;
  /** Each copy of the embedded database written for the backup command (decision 0025). */
  onBackupDump?: (report: BackupDumpReport) => void;
}): Promise<DatabaseConnection> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onPoolError)
    : openPglite(options.dataDir, options.template, options.onBackupDump);
}

async function openPostgres(
  url: string,
  poolSize: number,
  onPoolError: (error: Error) => void = () => undefined,
): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // The pool listens for errors of idle connections only. A connection checked out for a transaction that
  // the server ends (a restart: "terminating connection due to administrator command") would otherwise
  // throw an unhandled 'error' event and end the process. With a listener of its own for its whole life,
  // the loss fails the statement under way, hence that one request, and the pool drops the connection.
  pool.on("connect", (client) => {
    client.on("error", onPoolError);
    releaseWhenBeginFails(client);
  });
  pool.on("error", onPoolError);
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
  const listeners: Array<() => Promise<void>> = [];
  return {
    db,
    kind: "postgres",
    listen: async (channel, onMessage, onGap) => {
      const stop = await listenOnPostgres(url, channel, onMessage, onGap, onPoolError);
      listeners.push(stop);
      return stop;
    },
    close: async () => {
      await Promise.all(listeners.map((stop) => stop()));
      await pool.end();
    },
    poolStats: () => ({ size: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Drizzle's transaction (node-postgres session, 0.45) sends BEGIN before its
 * try/finally, so a BEGIN that fails (the connection was ended a moment
 * before, by a restarting server) never gives the connection back: the pool
 * shrinks by one for good, and `pool.end()` at shutdown waits forever. Such a
 * connection is given back here, with the error, so the pool drops it. Drizzle
 * does not release it again: its finally block was never entered.
 */
function releaseWhenBeginFails(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const first = args[0];
    const text = typeof first === "string" ? first : (first as { text?: unknown } | null)?.text;
    if (typeof text === "string" && /^\s*begin\b/i.test(text) && result instanceof Promise) {
      result.catch((error: unknown) => client.release(error instanceof Error ? error : new Error(String(error))));
    }
    return result;
  }) as typeof client.query;
}

/**
 * LISTEN needs a connection of its own for as long as it listens; a pooled
 * one would be handed to queries. When it drops (a restarted server), it is
 * opened again with growing pauses, and `onGap` says messages were missed.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let pause = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      onError(error);
      reconnect(next);
    });
    next.on("end", () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    pause = 500;
  };

  const reconnect = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = null;
    lost.end().catch(() => undefined);
    const attempt = () => {
      retry = null;
      if (stopped) return;
      connect().then(onGap, (error: unknown) => {
        onError(error as Error);
        pause = nextPause(pause, { first: 500, max: 30_000 });
        retry = setTimeout(attempt, pause);
      });
    };
    retry = setTimeout(attempt, pause);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** The extensions the PostgreSQL server provides (migration 0002 creates them). */
const pgliteExtensions = { pg_trgm };

async function openPglite(
  dataDir: string,
  template?: Blob,
  onBackupDump?: (report: BackupDumpReport) => void,
): Promise<DatabaseConnection> {
  const inMemory = dataDir.startsWith("memory://");
  if (template && !inMemory) throw new Error("A PGlite template can only seed an in-memory database.");
  const releaseLock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
  try {
    const client = yieldBeforeQueries(
      await PGlite.create({ dataDir: inMemory ? undefined : path.resolve(dataDir), loadDataDir: template, extensions: pgliteExtensions }),
    );
    const db = drizzlePglite({ client, schema, logger: queryLogger }) as unknown as Database;
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    const stopAnswering = inMemory ? () => undefined : answerBackupRequests(path.resolve(dataDir), client, onBackupDump);
    return {
      db,
      kind: "pglite",
      // One process owns the embedded database, so a NOTIFY comes from this process and cannot be missed.
      listen: async (channel, onMessage) => {
        const unlisten = await client.listen(channel, onMessage);
        return () => unlisten();
      },
      close: async () => {
        stopAnswering();
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
      poolStats: () => null,
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Opens an embedded database's folder that no process has open, as it is:
 * without migrating it (a backup copies what is there, a restore puts back
 * what was copied). With `replaceWith`, everything in the folder is removed
 * first and the database loaded from that dump (`dumpDataDir`); "memory://"
 * loads the dump into memory only. Runs `work` and closes the database; the
 * lock keeps a server from opening the folder meanwhile.
 */
export async function withPgliteFolder<T>(
  dataDir: string,
  work: (client: PGlite) => Promise<T>,
  options: { replaceWith?: Blob } = {},
): Promise<T> {
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => undefined : acquireDataDirLock(dataDir);
  try {
    if (options.replaceWith && !inMemory) emptyDataFolder(dataDir);
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : path.resolve(dataDir),
      loadDataDir: options.replaceWith,
      extensions: pgliteExtensions,
    });
    try {
      return await work(client);
    } finally {
      await client.close();
    }
  } finally {
    releaseLock();
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
