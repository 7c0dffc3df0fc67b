import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";
import { tags } from "./tags";
import { conversations } from "./messages";

// ---------------------------------------------------------------------------
// Notifications: what happened that a member wants to know about,
// whom it concerns, and what they watch. Written in the transaction of the
// change itself by one set-based statement per change (app/server/notifications.server.ts).
// ---------------------------------------------------------------------------

export const notificationKinds = [
  "reply-to-discussion",
  "reply-to-comment",
  "mention",
  "watched-category",
  "watched-tag",
  "watched-discussion",
  "account-approved",
  "moderated",
  "helpful",
  "solution",
  "report-decided",
  "review-needed",
  "bookmark-reminder",
  // A new message in a conversation (decision 0062): one row per conversation while unread, no items.
  "message",
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
    /** For 'message': the conversation; the row is shown while its recipient takes part in it (decision 0062). */
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "cascade" }),
    /** For 'moderated': pinned, locked or hidden; for 'message', the conversation's subject. */
    detail: text("detail"),
    /** False when the member wants this kind by e-mail only: then it is never listed or counted. */
    shown: boolean("shown").notNull().default(true),
    createdAt: createdAt(),
    /** When the latest of the group happened (the list's order). */
    updatedAt: updatedAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Null while an e-mail is still due for this notification (the mail worker's queue); set once mailed or not wanted. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    /** Null while the push worker has not looked at it (its queue, like mailed_at); a group that counts up is due again. */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('reply-to-discussion', 'reply-to-comment', 'mention', 'watched-category', 'watched-tag', 'watched-discussion', 'account-approved', 'moderated', 'helpful', 'solution', 'report-decided', 'review-needed', 'bookmark-reminder', 'message')`,
    ),
    uniqueIndex("notifications_unread_group_key")
      .on(t.recipientId, t.groupKey)
      .where(sql`read_at is null`),
    index("notifications_recipient_updated_at_idx").on(t.recipientId, t.updatedAt.desc(), t.id.desc()),
    // A conversation's notifications: read when its thread is, gone with it.
    index("notifications_conversation_idx")
      .on(t.conversationId, t.recipientId)
      .where(sql`conversation_id is not null`),
    index("notifications_mail_due_idx")
      .on(t.createdAt)
      .where(sql`mailed_at is null`),
    index("notifications_push_due_idx")
      .on(t.createdAt)
      .where(sql`pushed_at is null`),
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

/**
 * The tags a member watches (decision 0056): a row means "Beobachten", "Normal" deletes it; a tag has no muted level.
 * Gone with the member or the tag; a merge moves the rows to the tag it keeps.
 */
export const tagWatches = pgTable(
  "tag_watches",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.tagId] }),
    // The fan-out reads the watchers of a new discussion's tags.
    index("tag_watches_tag_idx").on(t.tagId, t.memberId),
  ],
);

/**
 * A member's choice per kind; without a row both are on (the master switch newsletter_subscribed still rules e-mail).
 * `push`: null is the kind's default (pushedByDefault in app/lib/notifications.ts); it counts only on devices the
 * member subscribed (push_subscriptions).
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    inPage: boolean("in_page").notNull().default(true),
    email: boolean("email").notNull().default(true),
    push: boolean("push"),
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
 * The browsers a member turned push on in (decision 0060): what the browser's push service gave it (endpoint and the
 * keys the payload is encrypted for, RFC 8291), one row per endpoint. Gone with the member; an endpoint the push
 * service answers 404 or 410 for is removed by the delivery job.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret, base64url as PushSubscription.toJSON() gives them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome auf Android": read from the user agent when it subscribed, so the member tells devices apart. */
    label: text("label").notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index("push_subscriptions_member_idx").on(t.memberId)],
);

/**
 * The site's VAPID key pair (RFC 8292), made by the first server that needs it and read by all others: every
 * subscription is bound to the public key, so all app servers must sign with the same one, and a restored backup
 * must bring it back (decision 0060). Unused while VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set.
 */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: boolean("id").primaryKey().default(true),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("push_keys_single_row", sql`${t.id}`)],
);
