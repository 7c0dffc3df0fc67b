import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";

// ---------------------------------------------------------------------------
// Mail outbox: every mail is written here first, then delivered by a job
// (`jobs`, kind "mail"). Without SMTP the rows are the developer mailbox.
// ---------------------------------------------------------------------------

export const mailStatuses = ["pending", "sent", "failed", "dev"] as const;
export type MailStatus = (typeof mailStatuses)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Headers of this mail besides the usual ones (List-Unsubscribe of notification mails, RFC 8058). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: mailStatuses }).notNull().default("pending"),
    /** Delivery tries so far and the last one's error: the job runner's, copied here for the log. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed', 'dev')`),
    index("mail_outbox_created_at_idx").on(t.createdAt.desc().nullsFirst()),
  ],
);
