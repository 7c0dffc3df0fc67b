import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";

// ---------------------------------------------------------------------------
// Jobs (decision 0023): what runs outside the request, once (a mail) or on a
// schedule (purges, IndexNow, notification mails). app/server/jobs.server.ts.
// ---------------------------------------------------------------------------

export const jobStatuses = ["pending", "done", "failed"] as const;

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** A schedule's interval; null for a job that runs once. */
    everySeconds: integer("every_seconds"),
    status: text("status", { enum: jobStatuses }).notNull().default("pending"),
    /** Tries so far, counted when a runner claims the job (a run cut off by a dying server counts too). */
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a runner holds the job; past it, another runner may take it up. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("jobs_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    uniqueIndex("jobs_schedule_kind_key")
      .on(t.kind)
      .where(sql`every_seconds is not null`),
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`status = 'pending'`),
  ],
);
