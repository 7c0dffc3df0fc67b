import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";
import { messages } from "./messages";

/** Images in posts and direct messages (app/server/images). */

/**
 * Images in posts (decision 0033) and in direct messages (decision 0062). An upload is stored at once, in
 * every width of `widths` (WebP, metadata stripped), under
 * `post-images/{id}/{width}.webp`; it becomes part of a post or a message when a write
 * names it, and is served only through /images/{id}/{width}.webp, which asks
 * the post's visibility, or for a message its conversation's. One never used is removed after a day.
 */
export const postImages = pgTable(
  "post_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who uploaded it: their quota; null once the member is gone (the image stays with its post). */
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The post or message that shows it (at most one); none set: not (or no longer) in one, removed by the cleanup. */
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "set null" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "set null" }),
    /** A direct message's image: served to the conversation's participants only, never stored by a cache. */
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** The largest stored width and its height: the image's own size, at most 2,000 px on the long side. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Every stored width, ascending (the srcset). */
    widths: integer("widths").array().notNull(),
    /** All files together, for the member's quota. */
    bytes: integer("bytes").notNull(),
    /** The uploaded file's name without extension: an alt text equal to it describes nothing. */
    sourceName: text("source_name").notNull().default(""),
    createdAt: createdAt(),
    /** When it last left a post (or was uploaded): the cleanup's clock. */
    unusedSince: timestamp("unused_since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("post_images_one_post", sql`num_nonnulls(${t.discussionId}, ${t.commentId}, ${t.messageId}) <= 1`),
    index("post_images_owner_idx").on(t.ownerId),
    index("post_images_discussion_idx").on(t.discussionId),
    index("post_images_comment_idx").on(t.commentId),
    index("post_images_message_idx").on(t.messageId),
    index("post_images_unused_idx")
      .on(t.unusedSince)
      .where(sql`discussion_id is null and comment_id is null and message_id is null`),
  ],
);
