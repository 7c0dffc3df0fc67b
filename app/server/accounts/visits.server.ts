import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles } from "../../../db/schema";
import { db } from "~/server/db";
import { faultOf, logger } from "~/server/platform";

/**
 * A member's last visit, for the digest mail (app/server/notifications/digest.server.ts): the time of a signed-in
 * page, kept to the hour. The viewer's one query reads the stamp with the session, so a page whose stamp is recent
 * sends nothing more; only a stale one is written, once an hour at most, beside the page and never before it.
 */
export const VISIT_STAMP_MINUTES = 60;

/** Members whose stamp is being written by this process: parallel requests of one member send one write. */
const stamping = new Set<string>();

export function visitStampDue(lastVisitedAt: Date, now = Date.now()): boolean {
  return now - lastVisitedAt.getTime() >= VISIT_STAMP_MINUTES * 60_000;
}

/**
 * Notes a signed-in request. The write is not awaited: the page does not wait for it, and whatever it meets (a
 * full disk, a lost connection) is logged, never thrown, so it can neither fail a page nor end the process.
 */
export function noteVisit(memberId: string, lastVisitedAt: Date): void {
  if (!visitStampDue(lastVisitedAt) || stamping.has(memberId)) return;
  stamping.add(memberId);
  stampVisit(memberId)
    .catch((error: unknown) => {
      const fault = faultOf(error);
      logger[fault ? "warn" : "error"]({ err: error, fault }, "last visit not stored");
    })
    .finally(() => stamping.delete(memberId));
}

const locked = alias(profiles, "locked");

/**
 * One statement, and one that never waits: a profile row another write holds (the member saving their profile, the
 * digest job claiming them) is skipped, and the next page stamps it. Whether it wrote is for the tests.
 */
export async function stampVisit(memberId: string): Promise<boolean> {
  const stale = db
    .select({ id: locked.id })
    .from(locked)
    .where(and(eq(locked.id, memberId), lte(locked.lastVisitedAt, sql`now() - make_interval(mins => ${VISIT_STAMP_MINUTES})`)))
    .for("update", { skipLocked: true });
  const written = await db
    .update(profiles)
    .set({ lastVisitedAt: sql`now()` })
    .where(inArray(profiles.id, stale))
    .returning({ id: profiles.id });
  return written.length > 0;
}
