import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  check,
  index,
  integer,
  bigint,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./shared";
import { profiles } from "./accounts";

/**
 * Discussions and their comments, with what hangs on them alone: views, counts, read positions, drafts, earlier
 * versions (app/server/discussions); and the community events the home page's statistics count.
 */

/** PostgreSQL's tsvector, for the generated full-text column. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const discussions = pgTable(
  "discussions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Counts up as discussions are stored, never reused. Sitemap pages are ranges of it, so each page
     * reads one index range however many discussions come before it (no OFFSET, decision 0008).
     */
    number: bigint("number", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    category: text("category").notNull(),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    assignedTo: text("assigned_to").references(() => profiles.id, { onDelete: "set null" }),
    isPinned: boolean("is_pinned").notNull().default(false),
    /** Locked by the moderation: the discussion stays readable but takes no new comments. */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    lockReason: text("lock_reason"),
    /** Hidden by the moderation: gone for the public, visible to staff, restorable. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    /**
     * Held for review before anyone saw it (a new member's post, decision 0035): stored hidden (`hidden_at` set too),
     * so every public read, index and counter already leaves it out; this says why, and approval publishes it.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    /** Counts the visible comments only: hiding a comment takes it off the count, restoring puts it back. */
    repliesCount: integer("replies_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    /** "Hilfreich" marks on the question itself (helpful_marks with comment_id null). */
    helpfulCount: integer("helpful_count").notNull().default(0),
    /**
     * The accepted answer ("Lösung"), chosen by the author or staff: one per discussion by construction. A hidden
     * comment stops being the solution (the moderation clears it); a deleted one too (set null).
     */
    solutionCommentId: uuid("solution_comment_id").references((): AnyPgColumn => comments.id, { onDelete: "set null" }),
    solvedAt: timestamp("solved_at", { withTimezone: true }),
    solvedBy: text("solved_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The page's last visible change (decision 0027): its title or text edited, a comment written, edited,
     * hidden or restored, a moderation action. Set in the writing transaction, so it only moves forward; the
     * sitemap's lastmod, the JSON-LD's dateModified, article:modified_time and the comments feed's
     * Last-Modified all read it.
     */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** German full-text search: title weighted A, content B. Kept current by PostgreSQL itself. */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('german', coalesce(title, '')), 'A') || setweight(to_tsvector('german', coalesce(content, '')), 'B')`,
    ),
  },
  (t) => [
    check("discussions_category_check", sql`${t.category} in ('seo', 'sea', 'ki-suche', 'general', 'tools', 'events')`),
    check("discussions_counts_check", sql`${t.repliesCount} >= 0 and ${t.viewsCount} >= 0 and ${t.helpfulCount} >= 0`),
    uniqueIndex("discussions_slug_key").on(t.slug),
    uniqueIndex("discussions_number_key").on(t.number),
    index("discussions_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("discussions_category_created_at_idx").on(t.category, t.createdAt.desc().nullsFirst()),
    // A subforum page in its order, visible discussions only: the page's ids and the count come from the index alone
    // (index-only scan), so even the last page of a large subforum never reads the table rows it skips.
    index("discussions_visible_category_order_idx")
      .on(t.category, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`hidden_at is null`),
    index("discussions_replies_count_idx").on(t.repliesCount.desc().nullsFirst()),
    // Search results in relevance order (pinned, then replies): for a common word the planner walks this index
    // and stops after 50 matches instead of ranking every match. views_count stays out of every index, so a
    // view remains a HOT update that touches no index (the GIN indexes above are expensive to update).
    index("discussions_visible_relevance_idx")
      .on(t.isPinned.desc().nullsFirst(), t.repliesCount.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    // The "Gelöst" filter of a category page and its count: the solved ones are a small part of all.
    index("discussions_visible_solved_idx")
      .on(t.category, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`hidden_at is null and solution_comment_id is not null`),
    // Its "Offen" twin, so an open page is read like any other: index-only, without the rows it skips (the visible
    // index less the solved ids took a hash of every solved id of the category per page).
    index("discussions_visible_open_idx")
      .on(t.category, t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`hidden_at is null and solution_comment_id is null`),
    // Home's "Unbeantwortet": the newest visible questions without an answer, however few and old they are.
    index("discussions_visible_unanswered_idx")
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`hidden_at is null and solution_comment_id is null and replies_count = 0`),
    // The digest mail's new solutions since a member's last visit: few rows, read by the time they were chosen.
    index("discussions_visible_solved_at_idx")
      .on(t.solvedAt)
      .where(sql`hidden_at is null and solution_comment_id is not null`),
    index("discussions_category_replies_count_idx").on(t.category, t.repliesCount.desc().nullsFirst()),
    index("discussions_author_created_at_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("discussions_updated_at_idx").on(t.updatedAt.desc().nullsFirst()),
    index("discussions_search_vector_idx").using("gin", t.searchVector),
    // Substring search for short terms and acronyms (ILIKE '%seo%').
    index("discussions_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("discussions_content_trgm_idx").using("gin", sql`${t.content} gin_trgm_ops`),
    // Similar titles, nearest first ("Ähnliche Diskussionen", "Wurde das schon gefragt?"): a GiST index answers
    // `order by title <-> $1 limit n` by walking to the nearest few, where the GIN index above had to check every
    // title sharing a trigram (0.3 s for a common title at 100,000 discussions). The longer signature keeps a
    // title without any neighbour from visiting the whole tree (90 ms with the default 12 bytes, under 1 ms).
    index("discussions_title_trgm_gist_idx").using("gist", sql`${t.title} gist_trgm_ops`),
  ],
);

/**
 * Who was counted for a discussion lately, so a visitor adds one view per
 * window (VIEW_WINDOW_MINUTES) however often the counter is posted to.
 * `visitor` is a keyed hash (member id, or client IP and user agent for
 * guests), never the raw value. Rows older than the window are purged hourly.
 */
export const discussionViews = pgTable(
  "discussion_views",
  {
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.visitor] }), index("discussion_views_viewed_at_idx").on(t.viewedAt)],
);

/**
 * Visible discussions per category, kept by statement-level triggers on
 * discussions (migration 0007) in the same transaction as the change: counting
 * 100,000 rows on every home and subforum page would cost more than the page.
 */
export const discussionCounts = pgTable("discussion_counts", {
  category: text("category").primaryKey(),
  visibleCount: integer("visible_count").notNull().default(0),
});

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    /**
     * "html": rich text as every comment is written now (sanitised, highlighted: decisions 0032, 0040); "text": a
     * comment from before, plain text with mention tokens, rendered as it always was. The default is the old rows'.
     */
    contentFormat: text("content_format", { enum: ["html", "text"] })
      .notNull()
      .default("text"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    /** Held for review, stored hidden like the discussion's `held_at` (decision 0035). */
    heldAt: timestamp("held_at", { withTimezone: true }),
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("comments_helpful_count_check", sql`${t.helpfulCount} >= 0`),
    check("comments_content_format_check", sql`${t.contentFormat} in ('html', 'text')`),
    index("comments_discussion_created_at_idx").on(t.discussionId, t.createdAt),
    // One page of a discussion's threads (top-level comments in order); replies come by parent_id.
    index("comments_discussion_threads_idx")
      .on(t.discussionId, t.createdAt, t.id)
      .where(sql`parent_id is null`),
    // The home page's weekly statistics read the comments of the last seven days.
    index("comments_created_at_idx").on(t.createdAt),
    index("comments_parent_id_idx").on(t.parentId),
    index("comments_author_created_at_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * How far a member has read a discussion: every visible comment written up to
 * last_read_at counts as read (decision 0016). Only members have one; it only
 * moves forwards, and goes with the member or the discussion.
 */
export const readPositions = pgTable(
  "read_positions",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.discussionId] }), index("read_positions_discussion_id_idx").on(t.discussionId)],
);

/**
 * What a member has begun to write and not yet sent: one draft of a new discussion (discussion_id null)
 * and one reply per discussion, saved while they type (app/server/discussions/drafts.server.ts, decision 0034).
 * Only the member sees it; publishing or "Entwurf verwerfen" removes it.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Null: the form "Neue Diskussion"; else the reply to this discussion. */
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "cascade" }),
    /** The comment a reply answers; gone with the comment (the draft then answers the discussion). */
    parentId: uuid("parent_id").references(() => comments.id, { onDelete: "set null" }),
    /** A new discussion's title and category, as far as they were filled in. */
    title: text("title"),
    category: text("category"),
    content: text("content").notNull(),
    /** As the form sent it: "html" from the editor, "text" from the plain textarea. */
    contentFormat: text("content_format", { enum: ["html", "text"] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("drafts_content_format_check", sql`${t.contentFormat} in ('html', 'text')`),
    unique("drafts_member_discussion_key").on(t.memberId, t.discussionId).nullsNotDistinct(),
    // The cascade when a discussion goes; the member's own look-ups use the unique index.
    index("drafts_discussion_id_idx").on(t.discussionId),
  ],
);

/**
 * Earlier versions of a post: each edit of a discussion (comment_id null) or a comment keeps the text
 * it replaced, in the edit's transaction. Numbers count up per post from 1 without gaps: the edit locks the post's
 * row first, so parallel edits take their numbers in turn (app/server/discussions/revisions.server.ts).
 */
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** 1 for the text as first written, 2 for the text after the first edit, and so on. */
    number: integer("number").notNull(),
    /** A discussion's title before the edit; null for comments. */
    title: text("title"),
    content: text("content").notNull(),
    contentFormat: text("content_format", { enum: ["html", "text"] }).notNull(),
    /** Who made the edit that replaced this version, and whether it was the moderation (not the author). */
    editorId: text("editor_id").references(() => profiles.id, { onDelete: "set null" }),
    byModeration: boolean("by_moderation").notNull().default(false),
    /** When this version was replaced. */
    createdAt: createdAt(),
  },
  (t) => [
    check("post_revisions_content_format_check", sql`${t.contentFormat} in ('html', 'text')`),
    check("post_revisions_number_check", sql`${t.number} >= 1`),
    unique("post_revisions_post_number_key").on(t.discussionId, t.commentId, t.number).nullsNotDistinct(),
    index("post_revisions_comment_id_idx").on(t.commentId),
  ],
);

/** Community events (meetups, conferences). The spec only counts them. */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("events_created_at_idx").on(t.createdAt.desc().nullsFirst()), index("events_starts_at_idx").on(t.startsAt)],
);
