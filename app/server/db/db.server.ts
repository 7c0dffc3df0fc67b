import { type Column, sql, type SQL } from "drizzle-orm";
import {
  type Database,
  type DatabaseConnection,
  type DatabaseKind,
  env,
  logger,
  openDatabase,
  type PoolStats,
  type Transaction,
} from "~/server/platform";

export type { Database, DatabaseKind, Transaction } from "~/server/platform";
export { onQuery } from "~/server/platform";

// One connection per process. Kept on globalThis so that the dev server's
// module reloads reuse it instead of opening the PGlite folder twice.
const globalForDb = globalThis as typeof globalThis & { __forumDatabase?: Promise<DatabaseConnection> };
const connection = await (globalForDb.__forumDatabase ??= openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  onPoolError: (error) => logger.error({ err: error }, "postgres pool error"),
  onBackupDump: (report) =>
    "error" in report
      ? logger.error({ err: report.error, target: report.target }, "database copy for a backup failed")
      : logger.info(report, "database copied for a backup"),
}).catch((error: unknown) => {
  globalForDb.__forumDatabase = undefined;
  throw error;
}));

export const db: Database = connection.db;
export const databaseKind: DatabaseKind = connection.kind;
/** NOTIFY messages on a channel, from every process on this database (see DatabaseConnection.listen). */
export const listenToDatabase: DatabaseConnection["listen"] = (...args) => connection.listen(...args);

/** The PostgreSQL pool's numbers, for the metrics; null with PGlite. */
export function databasePoolStats(): PoolStats | null {
  return connection.poolStats();
}

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

/**
 * Columns by their bare names, where SQL allows no table before them: the
 * column list of INSERT, ON CONFLICT and its index predicate, the left side of
 * SET. Elsewhere `${table.column}` (or an alias's) names a column.
 */
export function unqualified(...columns: Column[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/** The value an upsert's INSERT proposed for `column` (ON CONFLICT … DO UPDATE SET x = excluded.x). */
export function excluded(column: Column): SQL {
  return sql`excluded.${sql.identifier(column.name)}`;
}

/** Escapes LIKE/ILIKE wildcards so user input matches as plain text. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
