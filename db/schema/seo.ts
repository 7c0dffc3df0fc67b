import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";

// ---------------------------------------------------------------------------
// IndexNow: pages whose change search engines are told about. A write records
// its paths in its own transaction; a scheduled job submits them in batches
// (app/server/index-now.server.ts). One pending row per path.
// ---------------------------------------------------------------------------

export const indexNowStatuses = ["pending", "sent", "failed"] as const;

export const indexNowQueue = pgTable(
  "index_now_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Path on the site (with PUBLIC_URL it is the URL submitted), so a changed PUBLIC_URL submits the new host. */
    path: text("path").notNull(),
    status: text("status", { enum: indexNowStatuses }).notNull().default("pending"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("index_now_queue_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    uniqueIndex("index_now_queue_pending_path_key")
      .on(t.path)
      .where(sql`status = 'pending'`),
  ],
);

/** The site's IndexNow key: made once by whichever server needs it first, the same for every server. */
export const indexNowKey = pgTable(
  "index_now_key",
  {
    id: boolean("id").primaryKey().default(true),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("index_now_key_single_row", sql`${t.id}`)],
);
