import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";
import { discussions } from "./discussions";

/** Tags ("Schlagwörter") across the categories, and which discussions carry them (app/server/tags). */

/**
 * A tag: its URL name (`slug`, lowercase letters, digits and hyphens, app/lib/tags.ts), the name as written, the
 * description staff write for its page, and how many visible discussions carry it. The count is set in the
 * transaction that changes a discussion's tags or its visibility, from the rows themselves (decision 0053).
 */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique("tags_slug_key"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    discussionCount: integer("discussion_count").notNull().default(0),
    createdAt: createdAt(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
  },
  (t) => [
    check("tags_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("tags_discussion_count_check", sql`${t.discussionCount} >= 0`),
    // /tags lists the busiest first; the sitemap reads those above its threshold.
    index("tags_discussion_count_idx").on(t.discussionCount.desc(), t.slug),
  ],
);

/** A discussion's tags (up to MAX_TAGS_PER_DISCUSSION, checked by the write). */
export const discussionTags = pgTable(
  "discussion_tags",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.tagId] }), index("discussion_tags_tag_idx").on(t.tagId, t.discussionId)],
);

/**
 * Where a tag was before staff renamed it or merged it into another: its old page answers 301 to the tag's page.
 * Dropped with the tag it leads to.
 */
export const tagRedirects = pgTable("tag_redirects", {
  slug: text("slug").primaryKey(),
  tagId: uuid("tag_id")
    .notNull()
    .references(() => tags.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
