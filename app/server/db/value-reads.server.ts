import { sql, type SQL } from "drizzle-orm";
import { renderKey } from "~/server/platform";
import { db, queryRows, type Database, type Transaction } from "./db.server";

/**
 * A small read that answers with one value (a member's marks in a discussion, their watch level, their draft),
 * written by its domain as a scalar subquery together with what to make of the raw value: JSON comes back parsed
 * (so timestamps inside it are strings), booleans and text as they are, on PGlite and PostgreSQL alike.
 */
export interface ValueRead<T> {
  /** Null for a value known without asking (knownValue). */
  query: SQL | null;
  parse: (raw: unknown) => T;
}

export function valueRead<T>(query: SQL, parse: (raw: unknown) => T): ValueRead<T> {
  return { query, parse };
}

/** A value the page knows without asking (a reader who may not keep bookmarks has none): no column at all. */
export function knownValue<T>(value: T): ValueRead<T> {
  return { query: null, parse: () => value };
}

type Values<R> = { [K in keyof R]: R[K] extends ValueRead<infer T> ? T : never };

/**
 * Several value reads as the columns of one one-row select: a page that needs five small facts about its reader
 * asks the database once rather than five times. On PGlite every statement costs the server's own CPU, on
 * PostgreSQL a round trip, and either costs more than such a read itself (measured on members' pages, decision 0042).
 */
export async function readValues<R extends Record<string, ValueRead<unknown>>>(
  reads: R,
  executor: Database | Transaction = db,
): Promise<Values<R>> {
  const entries = Object.entries(reads);
  const asked = entries.flatMap(([, read], index) => (read.query ? [sql`(${read.query}) as ${sql.identifier(`v${index}`)}`] : []));
  // Nothing to ask (a guest's page): no statement at all.
  const [row] = asked.length === 0 ? [] : await queryRows<Record<string, unknown>>(sql`select ${sql.join(asked, sql`, `)}`, executor);
  return Object.fromEntries(entries.map(([name, read], index) => [name, read.parse(row?.[`v${index}`])])) as Values<R>;
}

/** One value read on its own. */
export async function readValue<T>(read: ValueRead<T>, executor: Database | Transaction = db): Promise<T> {
  return (await readValues({ value: read }, executor)).value;
}

interface Waiting {
  read: ValueRead<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Per request (renderKey): the value reads its loaders asked for in this moment, not yet sent. */
const gathering = new WeakMap<object, Waiting[]>();

/**
 * A request's value reads, sent together with those its other loaders ask for in the same moment: the layout's
 * bell and the page's reads of its reader become one statement. A request's loaders run side by side and, once
 * they know the reader, ask for their values within the same turn of the event loop; the statement goes out at
 * the end of that turn (setImmediate, after every promise that could still add a read has settled).
 */
export async function readValuesTogether<R extends Record<string, ValueRead<unknown>>>(request: Request, reads: R): Promise<Values<R>> {
  const entries = Object.entries(reads);
  const values = await Promise.all(entries.map(([, read]) => readTogether(request, read)));
  return Object.fromEntries(entries.map(([name], index) => [name, values[index]])) as Values<R>;
}

function readTogether<T>(request: Request, read: ValueRead<T>): Promise<T> {
  if (read.query === null) return Promise.resolve(read.parse(undefined));
  const key = renderKey(request);
  let waiting = gathering.get(key);
  if (!waiting) {
    const batch: Waiting[] = [];
    gathering.set(key, (waiting = batch));
    setImmediate(() => {
      gathering.delete(key);
      readValues(Object.fromEntries(batch.map(({ read: each }, index) => [index, each]))).then(
        (values) => batch.forEach(({ resolve }, index) => resolve(values[index])),
        (error: unknown) => batch.forEach(({ reject }) => reject(error)),
      );
    });
  }
  return new Promise<T>((resolve, reject) => waiting.push({ read, resolve: resolve as (value: unknown) => void, reject }));
}
