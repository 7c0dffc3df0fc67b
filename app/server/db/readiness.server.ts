import { statfs } from "node:fs/promises";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { readinessProbes } from "../../../db/schema";
import { env, lastStorageFailure, logger } from "~/server/platform";
import { databaseKind, db, pingDatabase } from "./db.server";

/**
 * Readiness for /healthz: the database answers, and it can store. A write
 * that fits into a page already on disk may succeed while every new comment
 * needs a page more and fails, so besides its own write the check counts a
 * storage failure a request met lately, and for the embedded database the
 * free space of its folder.
 */
export interface Readiness {
  /** The database answers a query. */
  reachable: boolean;
  /** It stored the probe's write, and nothing says it has stopped storing since. */
  stores: boolean;
}

/** A successful probe write is repeated at most this often: /healthz is public and polled. */
const WRITE_PROBE_EVERY_MS = 5_000;
/** A request's failed write counts this long. */
const RECENT_FAILURE_MS = 15_000;
/** Below one WAL segment of free space the embedded database cannot be trusted to store the next change. */
const MIN_FREE_BYTES = 16 * 1024 * 1024;

let lastWriteOkAt = 0;

export async function checkReadiness(now = Date.now()): Promise<Readiness> {
  try {
    await pingDatabase();
  } catch (error) {
    logger.error({ err: error }, "health check: database unreachable");
    return { reachable: false, stores: false };
  }
  return { reachable: true, stores: await canStore(now) };
}

async function canStore(now: number): Promise<boolean> {
  if (now - lastStorageFailure() < RECENT_FAILURE_MS) return false;
  if (!(await hasFreeSpace())) return false;
  if (now - lastWriteOkAt < WRITE_PROBE_EVERY_MS) return true;
  try {
    await db
      .insert(readinessProbes)
      .values({ host: hostname() })
      .onConflictDoUpdate({ target: readinessProbes.host, set: { checkedAt: sql`now()` } });
    lastWriteOkAt = now;
    return true;
  } catch (error) {
    logger.error({ err: error }, "health check: the database cannot store");
    return false;
  }
}

async function hasFreeSpace(): Promise<boolean> {
  if (databaseKind !== "pglite" || env.DATA_DIR.startsWith("memory://")) return true;
  try {
    const disk = await statfs(env.DATA_DIR);
    return disk.bavail * disk.bsize >= MIN_FREE_BYTES;
  } catch (error) {
    logger.error({ err: error }, "health check: free space unknown");
    return false;
  }
}
