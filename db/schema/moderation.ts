import { sql } from "drizzle-orm";
import { check, index, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";
import { messages } from "./messages";

/** The review queue, members' reports and the audit log (app/server/moderation; a member's restrictions are columns of profiles). */

/**
 * What the moderation team reviews, oldest first: a reported post (its reports grouped here), a post
 * held back before anyone saw it, a sign-up that looked automated, a post named in a legal notice (decision 0048),
 * an author's objection to a decision, and a reported direct message (decision 0062: staff see it with its neighbours
 * only). One open item per post or message, objections aside (they are about a decision, and wait beside any new
 * report of the post); a decision closes it.
 */
export const reviewKinds = ["report", "held", "sign-up", "notice", "objection", "message"] as const;
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
    /** A reported direct message (kind "message"); gone with it. */
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** Whose post, message or sign-up it is. */
    memberId: text("member_id").references(() => profiles.id, { onDelete: "cascade" }),
    /** A sign-up's signs of a script, when the forum itself put it here; null for posts. */
    signals: text("signals").array().$type<SignUpSignal[]>(),
    status: text("status", { enum: reviewStatuses }).notNull().default("open"),
    createdAt: createdAt(),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("review_items_kind_check", sql`${t.kind} in ('report', 'held', 'sign-up', 'notice', 'objection', 'message')`),
    check("review_items_status_check", sql`${t.status} in ('open', 'kept', 'hidden', 'suspended', 'spam', 'approved')`),
    check("review_items_signals_check", sql`${t.signals} <@ array['no-proof', 'too-fast']`),
    // Reports of one post gather in one open item, however many arrive at once.
    uniqueIndex("review_items_open_post_key")
      .on(t.discussionId, sql`coalesce(${t.commentId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`status = 'open' and discussion_id is not null and kind <> 'objection'`),
    // Reports of one message gather in one open item.
    uniqueIndex("review_items_open_message_key")
      .on(t.messageId)
      .where(sql`status = 'open' and message_id is not null`),
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
    /**
     * What it weighs towards hiding the post, by the reporter's standing when they reported (reportWeight in
     * app/server/moderation/reports.server.ts): 0 for a new member or a network's burst, up to 1 for a member with a
     * clean record, REPORTS_TO_HIDE for staff. The post is hidden once its open item's weights reach REPORTS_TO_HIDE.
     */
    weight: real("weight").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    check("reports_reason_check", sql`${t.reason} in ('spam', 'offensive', 'off-topic', 'other')`),
    check("reports_weight_check", sql`${t.weight} >= 0`),
    uniqueIndex("reports_reporter_item_key").on(t.reviewItemId, t.reporterId),
    index("reports_post_idx").on(t.discussionId, t.commentId),
    // A reporter's earlier reports, read for the weight of each new one.
    index("reports_reporter_idx").on(t.reporterId),
  ],
);

/**
 * A member's report of a direct message they received (decision 0062): once per member and message while it waits;
 * the message's open review item gathers them. What staff then see is the message and its neighbours, nothing else.
 */
export const messageReports = pgTable(
  "message_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewItemId: uuid("review_item_id")
      .notNull()
      .references(() => reviewItems.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: reportReasons }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("message_reports_reason_check", sql`${t.reason} in ('spam', 'offensive', 'off-topic', 'other')`),
    uniqueIndex("message_reports_reporter_item_key").on(t.reviewItemId, t.reporterId),
    index("message_reports_message_idx").on(t.messageId),
  ],
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
  "update-site-settings",
  "reset-second-factor",
  "synonym-group-add",
  "synonym-group-remove",
  "tag-rename",
  "tag-merge",
  "tag-delete",
  "tag-describe",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => profiles.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    targetType: text("target_type", {
      enum: ["member", "discussion", "comment", "watched-term", "site-settings", "synonym-group", "tag", "message"],
    }).notNull(),
    targetId: text("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    /** Reason, old and new role, and the like. */
    details: text("details"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt.desc(), t.id.desc())],
);
