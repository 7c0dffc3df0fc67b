/**
 * The background work of one app server: the job runner (decision 0023),
 * which delivers mails, sends notification mails and IndexNow submissions and
 * runs the hourly purges. Started once the server listens; `stop` ends it in
 * the order shutdown needs.
 */
import { sql } from "drizzle-orm";
import { databaseKind, db } from "~/server/db";
import { defineSchedule, startJobRunner } from "~/server/jobs";
import { env, logger } from "~/server/platform";
// The domains that define schedules, loaded before the runner starts so it makes every schedule's row.
import "~/server/accounts";
import "~/server/answers";
import "~/server/bookmarks";
import "~/server/discussions";
import "~/server/images";
import "~/server/mail";
import { vapidKeys } from "~/server/notifications";
import "~/server/search";
import "~/server/seo";

export interface Jobs {
  /** Stops taking jobs; resolves once a job under way is done, or after the shutdown timeout. */
  stop(): Promise<unknown>;
}

export async function startJobs(): Promise<Jobs> {
  // PGlite has no autovacuum: without fresh statistics the planner skips the search indexes.
  if (databaseKind === "pglite") defineSchedule("analyze", { everySeconds: 3_600, run: async () => void (await db.execute(sql`analyze`)) });
  const stopJobRunner = await startJobRunner();
  // The push keys exist from the first start on (decision 0060), so that the first backup already carries them. A
  // failure here is no reason to stop: the first push or the first device asks again.
  vapidKeys().catch((error: unknown) => logger.warn({ err: error }, "push keys not ready at start"));
  return {
    stop() {
      // A job under way may finish before the database closes, within the shutdown timeout (a lost one is taken up again after its lease).
      return Promise.race([
        stopJobRunner().catch((error: unknown) => logger.error({ err: error }, "stopping the job runner failed")),
        new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_TIMEOUT * 1000).unref()),
      ]);
    },
  };
}
