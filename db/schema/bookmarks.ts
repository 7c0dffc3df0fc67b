import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";

/** Bookmarks and their reminders (app/server/bookmarks). */

/** A bookmark's note: a reminder to oneself, not a second post. */
export const BOOKMARK_NOTE_MAX_LENGTH = 500;

/**
 * Bookmarks: a member keeps a post (the discussion, comment_id null, or one of its comments) with an
 * optional note and an optional reminder. One per member and post (NULLS NOT DISTINCT, as helpful_marks). The
 * reminder is a job of the one job runner (app/server/bookmarks), due at remind_at; reminded_at says it went out,
 * and a new remind_at clears it.
 */
export const bookmarks = pgTable(
  "bookmarks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    note: text("note"),
    remindAt: timestamp("remind_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the discussion page's look-up: the member's bookmarks in one discussion (a prefix of the key).
    unique("bookmarks_member_post_key").on(t.memberId, t.discussionId, t.commentId).nullsNotDistinct(),
    // /bookmarks, newest first.
    index("bookmarks_member_created_at_idx").on(t.memberId, t.createdAt.desc(), t.id.desc()),
    check("bookmarks_note_length_check", sql`char_length(${t.note}) <= ${sql.raw(String(BOOKMARK_NOTE_MAX_LENGTH))}`),
  ],
);
