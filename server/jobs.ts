/**
 * The background work of one app server: the mail outbox, IndexNow, the
 * notification mails, and the hourly purges. Started once the server
 * listens; `stop` ends them in the order shutdown needs.
 */
import { sql } from "drizzle-orm";
import { purgeRateLimits } from "~/server/accounts";
import { databaseKind, db } from "~/server/db";
import { purgeViewMarks } from "~/server/discussions";
import { startMailWorker } from "~/server/mail";
import { startNotificationMailWorker } from "~/server/notifications";
import { env, logger } from "~/server/platform";
import { startIndexNowWorker } from "~/server/seo";

export interface Jobs {
  /** Stops the workers and purges; resolves once a mail delivery under way is done, or after the shutdown timeout. */
  stop(): Promise<unknown>;
}

export async function startJobs(): Promise<Jobs> {
  const stopMailWorker = await startMailWorker();
  const stopIndexNowWorker = startIndexNowWorker();
  const stopNotificationMails = startNotificationMailWorker();
  const rateLimitPurge = setInterval(() => {
    purgeRateLimits().catch((error: unknown) => logger.error({ err: error }, "purging rate limits failed"));
    purgeViewMarks().catch((error: unknown) => logger.error({ err: error }, "purging view marks failed"));
    // PGlite has no autovacuum: without fresh statistics the planner skips the search indexes.
    if (databaseKind === "pglite") {
      db.execute(sql`analyze`).catch((error: unknown) => logger.error({ err: error }, "analyze failed"));
    }
  }, 60 * 60 * 1000);
  rateLimitPurge.unref();
  return {
    stop() {
      stopIndexNowWorker();
      stopNotificationMails();
      // A delivery under way may finish before the database closes, within the shutdown timeout (a lost one is resent after its lease).
      const mailWorkerStopped = Promise.race([
        stopMailWorker().catch((error: unknown) => logger.error({ err: error }, "stopping the mail worker failed")),
        new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_TIMEOUT * 1000).unref()),
      ]);
      clearInterval(rateLimitPurge);
      return mailWorkerStopped;
    },
  };
}
