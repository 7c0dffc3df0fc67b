import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  check,
  index,
  integer,
  jsonb,
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

/** PostgreSQL's tsvector, for the generated full-text column. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------
// Authentication (the tables better-auth reads and writes; names follow its
// defaults so no field mapping is needed).
// ---------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters live in the database so that several app servers share them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Forum
// ---------------------------------------------------------------------------

export const approvalStatuses = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const roles = ["admin", "moderator", "member"] as const;
export type Role = (typeof roles)[number];

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    expertise: text("expertise").notNull().default("general"),
    experience: text("experience").notNull().default("anfaenger"),
    bio: text("bio").notNull().default(""),
    avatarUrl: text("avatar_url"),
    /**
     * Reputation (issue 28): "Hilfreich" marks on the member's visible posts, and their comments that are a
     * discussion's accepted solution. Kept in the writing statement; hiding a post takes its marks off.
     * The guest page cache does not empty for them (migration 0021): a profile may lag by the cache's maximum age.
     */
    helpfulReceived: integer("helpful_received").notNull().default(0),
    solutionsCount: integer("solutions_count").notNull().default(0),
    /**
     * Trust and safety (issue 29): a suspended member cannot sign in (their sessions end at once), a silenced one
     * reads but writes nothing. Set while it lasts; `…_until` null means until an administrator lifts it.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    silencedAt: timestamp("silenced_at", { withTimezone: true }),
    silencedUntil: timestamp("silenced_until", { withTimezone: true }),
    /** Shown to the member: why they were suspended or silenced. */
    restrictionReason: text("restriction_reason"),
    newsletterSubscribed: boolean("newsletter_subscribed").notNull().default(true),
    /** E-mail when someone answers the member's discussion or comment (only while newsletter_subscribed is on). */
    notifyReplies: boolean("notify_replies").notNull().default(true),
    approvalStatus: text("approval_status", { enum: approvalStatuses }).notNull().default("pending"),
    /** Who approved or rejected the account, and when (kept for the audit trail). */
    approvalDecidedBy: text("approval_decided_by").references((): AnyPgColumn => profiles.id, {
      onDelete: "set null",
    }),
    approvalDecidedAt: timestamp("approval_decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_approval_status_check", sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("profiles_approval_status_created_at_idx").on(t.approvalStatus, t.createdAt.desc().nullsFirst()),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [
    check("user_roles_role_check", sql`${t.role} in ('admin', 'moderator', 'member')`),
    // One role per user: a role change is an upsert, so concurrent changes cannot leave two rows.
    uniqueIndex("user_roles_user_id_key").on(t.userId),
    index("user_roles_role_idx").on(t.role),
  ],
);

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
    index("discussions_category_replies_count_idx").on(t.category, t.repliesCount.desc().nullsFirst()),
    index("discussions_author_created_at_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("discussions_updated_at_idx").on(t.updatedAt.desc().nullsFirst()),
    index("discussions_search_vector_idx").using("gin", t.searchVector),
    // Substring search for short terms and acronyms (ILIKE '%seo%').
    index("discussions_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("discussions_content_trgm_idx").using("gin", sql`${t.content} gin_trgm_ops`),
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
 * "Hilfreich" (issue 28): who found which post helpful. A post is a discussion (comment_id null) or one of its
 * comments; one mark per member and post (NULLS NOT DISTINCT makes the question's null one value). The counts on
 * the posts and the author's reputation move in the statement that adds or removes a mark
 * (app/server/answers/helpful.server.ts).
 */
export const helpfulMarks = pgTable(
  "helpful_marks",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("helpful_marks_member_post_key").on(t.memberId, t.discussionId, t.commentId).nullsNotDistinct(),
    // Who marked a post, first ones first ("Hilfreich für Aylin, Jonas und 3 weitere").
    index("helpful_marks_post_idx").on(t.discussionId, t.commentId, t.createdAt),
  ],
);

/** A bookmark's note: a reminder to oneself, not a second post. */
export const BOOKMARK_NOTE_MAX_LENGTH = 500;

/**
 * Bookmarks (issue 30): a member keeps a post (the discussion, comment_id null, or one of its comments) with an
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

/**
 * What the moderation team reviews (issue 29), oldest first: a reported post (its reports grouped here), a post
 * held back before anyone saw it, a sign-up that looked automated. One open item per post; a decision closes it.
 */
export const reviewKinds = ["report", "held", "sign-up"] as const;
export type ReviewKind = (typeof reviewKinds)[number];
/** Why a sign-up looked automated without being refused: no proof of work arrived, or the form came back too soon (decision 0031). */
export const signUpSignals = ["no-proof", "too-fast"] as const;
export type SignUpSignal = (typeof signUpSignals)[number];
export const reviewStatuses = ["open", "kept", "hidden", "suspended", "spam", "approved"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewItems = pgTable(
  "review_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: reviewKinds }).notNull(),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    /** Whose post or sign-up it is. */
    memberId: text("member_id").references(() => profiles.id, { onDelete: "cascade" }),
    /** A sign-up's signs of a script, when the forum itself put it here; null for posts. */
    signals: text("signals").array().$type<SignUpSignal[]>(),
    status: text("status", { enum: reviewStatuses }).notNull().default("open"),
    createdAt: createdAt(),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("review_items_kind_check", sql`${t.kind} in ('report', 'held', 'sign-up')`),
    check("review_items_status_check", sql`${t.status} in ('open', 'kept', 'hidden', 'suspended', 'spam', 'approved')`),
    check("review_items_signals_check", sql`${t.signals} <@ array['no-proof', 'too-fast']`),
    // Reports of one post gather in one open item, however many arrive at once.
    uniqueIndex("review_items_open_post_key")
      .on(t.discussionId, sql`coalesce(${t.commentId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`status = 'open' and discussion_id is not null`),
    // A sign-up that looked automated waits once: the approval list joins it per member.
    uniqueIndex("review_items_open_sign_up_key")
      .on(t.memberId)
      .where(sql`status = 'open' and kind = 'sign-up'`),
    index("review_items_open_idx")
      .on(t.createdAt)
      .where(sql`status = 'open'`),
    // A member's history in the queue (earlier items, and how many ended with the post gone).
    index("review_items_member_status_idx").on(t.memberId, t.status),
  ],
);

/**
 * Watched words and domains (issue 29): what the forum does when a post contains a
 * word, links to a domain, or a sign-up comes from an e-mail domain on the list. Terms are stored normalised
 * (app/server/watchlist): words in small letters (NFC), domains as ASCII host names without "www.".
 * Each process keeps the list compiled and drops it on a NOTIFY "watchlist" (migration's trigger).
 */
export const watchKinds = ["word", "link-domain", "email-domain"] as const;
export type WatchKind = (typeof watchKinds)[number];
export const watchActions = ["block", "hold", "replace"] as const;
export type WatchAction = (typeof watchActions)[number];

export const watchedTerms = pgTable(
  "watched_terms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: watchKinds }).notNull(),
    term: text("term").notNull(),
    action: text("action", { enum: watchActions }).notNull(),
    /** The text a "replace" word becomes; null for every other action. */
    replacement: text("replacement"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("watched_terms_kind_term_key").on(t.kind, t.term),
    check("watched_terms_kind_check", sql`${t.kind} in ('word', 'link-domain', 'email-domain')`),
    check("watched_terms_action_check", sql`${t.action} in ('block', 'hold', 'replace')`),
    // Only words are replaced, and a sign-up is refused or not: an e-mail domain only blocks.
    check(
      "watched_terms_kind_action_check",
      sql`(${t.kind} = 'word' or ${t.action} <> 'replace') and (${t.kind} <> 'email-domain' or ${t.action} = 'block')`,
    ),
    check("watched_terms_replacement_check", sql`(${t.action} = 'replace') = (${t.replacement} is not null)`),
  ],
);

export const reportReasons = ["spam", "offensive", "off-topic", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

/** A member's report of a post ("Melden"): once per member and post while it waits for review; withdrawn, it is gone. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewItemId: uuid("review_item_id")
      .notNull()
      .references(() => reviewItems.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: reportReasons }).notNull(),
    /** "Sonstiges" says what, up to 500 characters. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reports_reason_check", sql`${t.reason} in ('spam', 'offensive', 'off-topic', 'other')`),
    uniqueIndex("reports_reporter_item_key").on(t.reviewItemId, t.reporterId),
    index("reports_post_idx").on(t.discussionId, t.commentId),
  ],
);

/**
 * Images in posts (issue 30, decision 0032). An upload is stored at once, in
 * every width of `widths` (WebP, metadata stripped), under
 * `post-images/{id}/{width}.webp`; it becomes part of a post when a write
 * names it, and is served only through /images/{id}/{width}.webp, which asks
 * the post's visibility. One never used in a post is removed after a day.
 */
export const postImages = pgTable(
  "post_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Who uploaded it: their quota; null once the member is gone (the image stays with its post). */
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The post that shows it; neither set: not (or no longer) in a post, removed by the cleanup. */
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "set null" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "set null" }),
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
    check("post_images_one_post", sql`${t.discussionId} is null or ${t.commentId} is null`),
    index("post_images_owner_idx").on(t.ownerId),
    index("post_images_discussion_idx").on(t.discussionId),
    index("post_images_comment_idx").on(t.commentId),
    index("post_images_unused_idx")
      .on(t.unusedSince)
      .where(sql`discussion_id is null and comment_id is null`),
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
 * What administrators and moderators did, written in the same transaction as
 * the change itself. Names and titles are copied in, so an entry still reads
 * right after the member or discussion is gone.
 */
export const auditActions = [
  "approve",
  "reject",
  "create-user",
  "change-role",
  "seed-sample",
  "pin",
  "unpin",
  "lock",
  "unlock",
  "update-discussion",
  "update-comment",
  "hide-discussion",
  "restore-discussion",
  "hide-comment",
  "restore-comment",
  "mark-solution",
  "unmark-solution",
  "review-keep",
  "review-approve",
  "review-hide",
  "review-spam",
  "suspend",
  "silence",
  "lift-restriction",
  "watch-term-add",
  "watch-term-remove",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    targetType: text("target_type", { enum: ["member", "discussion", "comment", "watched-term"] }).notNull(),
    targetId: text("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    /** Reason, old and new role, and the like. */
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt.desc(), t.id.desc())],
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

// ---------------------------------------------------------------------------
// Notifications (issue 18): what happened that a member wants to know about,
// whom it concerns, and what they watch. Written in the transaction of the
// change itself by one set-based statement per change (app/server/notifications.server.ts).
// ---------------------------------------------------------------------------

export const notificationKinds = [
  "reply-to-discussion",
  "reply-to-comment",
  "mention",
  "watched-category",
  "watched-discussion",
  "account-approved",
  "moderated",
  "helpful",
  "solution",
  "report-decided",
  "review-needed",
  "bookmark-reminder",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    /**
     * Unread notifications with the same key are one row: a later one counts it up
     * and adds its comment or discussion to the row's items (notification_items),
     * from which the list counts and links what is still visible ('3 neue Antworten in …').
     */
    groupKey: text("group_key").notNull(),
    count: integer("count").notNull().default(1),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    /** For 'moderated': pinned, locked or hidden. */
    detail: text("detail"),
    /** False when the member wants this kind by e-mail only: then it is never listed or counted. */
    shown: boolean("shown").notNull().default(true),
    createdAt: createdAt(),
    /** When the latest of the group happened (the list's order). */
    updatedAt: updatedAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Null while an e-mail is still due for this notification (the mail worker's queue); set once mailed or not wanted. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('reply-to-discussion', 'reply-to-comment', 'mention', 'watched-category', 'watched-discussion', 'account-approved', 'moderated', 'helpful', 'solution', 'report-decided', 'review-needed', 'bookmark-reminder')`,
    ),
    uniqueIndex("notifications_unread_group_key")
      .on(t.recipientId, t.groupKey)
      .where(sql`read_at is null`),
    index("notifications_recipient_updated_at_idx").on(t.recipientId, t.updatedAt.desc(), t.id.desc()),
    index("notifications_mail_due_idx")
      .on(t.createdAt)
      .where(sql`mailed_at is null`),
  ],
);

/**
 * What one notification row groups: each comment (or, for a watched category,
 * each discussion) that counted it up. Moderation may hide any of them later;
 * the row shows the visible ones only, and links the first of those.
 */
export const notificationItems = pgTable(
  "notification_items",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_items_notification_idx").on(t.notificationId, t.createdAt)],
);

export const watchLevels = ["watching", "normal", "muted"] as const;
export type WatchLevel = (typeof watchLevels)[number];

export const discussionWatches = pgTable(
  "discussion_watches",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    level: text("level", { enum: watchLevels }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.discussionId] }),
    check("discussion_watches_level_check", sql`${t.level} in ('watching', 'normal', 'muted')`),
    // The fan-out reads a discussion's watchers.
    index("discussion_watches_discussion_idx").on(t.discussionId, t.level),
  ],
);

export const categoryWatches = pgTable(
  "category_watches",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    level: text("level", { enum: watchLevels }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.category] }),
    check("category_watches_level_check", sql`${t.level} in ('watching', 'normal', 'muted')`),
    index("category_watches_category_idx").on(t.category, t.level),
  ],
);

/** A member's choice per kind; without a row both are on (the master switch newsletter_subscribed still rules e-mail). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    inPage: boolean("in_page").notNull().default(true),
    email: boolean("email").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** When a member was last mailed about a discussion: at most one mail per discussion and hour (later ones are bundled). */
export const notificationMailLog = pgTable(
  "notification_mail_log",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** A discussion's id, or 'member' for notifications about the account itself. */
    topic: text("topic").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.topic] })],
);

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

/**
 * What a member has begun to write and not yet sent (issue 30): one draft of a new discussion (discussion_id null)
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
 * Earlier versions of a post (issue 30): each edit of a discussion (comment_id null) or a comment keeps the text
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
