import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { findViewer } from "~/server/accounts";
import type { Database } from "~/server/db";
import { watchCategory } from "~/server/notifications";
import { seedTagWatch } from "./demo-extras.server";
import { DAY } from "./demo-time.server";

/** How long the demo's watcher has been away: longer than DIGEST_AFTER_DAYS' default of 7. */
export const DEMO_DAYS_AWAY = 10;

/**
 * The demo's watcher: he watches the tag GA4 (decision 0056) and the category SEA, and has not been here for ten
 * days. His bell rings for a new GA4 discussion, and his digest (decision 0059), which /admin/digest previews and
 * the job mails at the first start, has new solutions where he watches, open SEA questions and the busiest threads.
 */
export async function seedWatcherAway(database: Database, memberId: string, now: Date): Promise<void> {
  await seedTagWatch(database, memberId);
  const member = await findViewer(memberId);
  const watched = member && (await watchCategory(member, { category: "sea", level: "watching" }));
  if (!watched?.ok) throw new Error(`Demo-Inhalt: Kategorie SEA nicht beobachtet (${watched?.reason ?? memberId})`);
  await database
    .update(profiles)
    .set({ lastVisitedAt: new Date(now.getTime() - DEMO_DAYS_AWAY * DAY) })
    .where(eq(profiles.id, memberId));
}
