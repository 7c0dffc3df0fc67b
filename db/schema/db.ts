import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";

/** What app/server/db keeps for every domain: the health check's write and the one-time keys of forms. */

/**
 * The health check's write (app/routes/healthz.ts): one row per app host,
 * touched at most every few seconds, so /healthz says so when the database
 * answers but can no longer store anything.
 */
export const readinessProbes = pgTable("readiness_probes", {
  host: text("host").primaryKey(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time keys of forms that create something (a comment, a discussion): a
 * resent form is answered like the first time, not stored twice
 * (app/server/db/submissions.server.ts). Kept for a day.
 */
export const submissions = pgTable("submissions", {
  key: uuid("key").primaryKey(),
  memberId: text("member_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** What was sent with the key: the same key with other content is another write, not a resend. */
  fingerprint: text("fingerprint").notNull(),
  /** The first answer's value, given again to a resend. */
  value: jsonb("value"),
  createdAt: createdAt(),
});
