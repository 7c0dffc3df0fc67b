import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./shared";
import { profiles } from "./accounts";

/**
 * Direct messages between members (app/server/messages, decision 0062): conversations of two to ten members, who
 * takes part in each and how far they have read, the messages, and each member's consent (blocks, "only members I
 * have written with"). Readable by participants only: no staff view, no public output reads these tables.
 */

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** An optional subject, given when the conversation is started; without one the list names the participants. */
    subject: text("subject"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * How many messages were written in it: the next one's number. Counted up in the sending statement, which locks
     * the row, so fifty messages sent at once take 1…50 in turn (the thread's order and every reader's unread count).
     */
    messageCount: integer("message_count").notNull().default(0),
    /** When the newest message came: the list's order. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [check("conversations_message_count_check", sql`${t.messageCount} >= 0`)],
);

/**
 * A member in a conversation: since when, who added them, whether they left, and the number of the last message
 * they read (unread: the conversation's message_count above it). A deleted account's rows go with it; its messages stay.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    addedBy: text("added_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** Left the conversation: it is gone from their list and a 404 for them; the others read on. */
    leftAt: timestamp("left_at", { withTimezone: true }),
    lastReadNumber: integer("last_read_number").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    // A member's list and their unread count read their own rows.
    index("conversation_participants_member_idx").on(t.memberId, t.conversationId),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    /** Its place in the conversation, 1 for the first: one number each, in the order they were stored. */
    number: integer("number").notNull(),
    /** Null once the author deleted their account: the message stays, signed "Gelöschtes Mitglied". */
    authorId: text("author_id").references(() => profiles.id, { onDelete: "set null" }),
    /** Rich text as a comment's (sanitised, highlighted, mentions of participants only). */
    content: text("content").notNull(),
    createdAt: createdAt(),
    /** Set by an edit within the edit window: the thread shows "(bearbeitet)". */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Hidden by the moderation after a report: the participants see that it was, not what it said. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references((): AnyPgColumn => profiles.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
  },
  (t) => [
    unique("messages_conversation_number_key").on(t.conversationId, t.number),
    check("messages_number_check", sql`${t.number} >= 1`),
    // A member's own messages (the data export) and a new member's count of conversations started.
    index("messages_author_idx").on(t.authorId, t.createdAt),
  ],
);

/** A member who blocked another: the blocked one cannot write to them, and learns only "kann keine Nachrichten empfangen". */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check("member_blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
    index("member_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** A member's consent to messages; without a row anyone approved may write to them. */
export const messagePreferences = pgTable("message_preferences", {
  memberId: text("member_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  /** "Nachrichten nur von Mitgliedern, mit denen ich schon geschrieben habe". */
  knownMembersOnly: boolean("known_members_only").notNull().default(false),
  updatedAt: updatedAt(),
});

/** What a member began to write in a conversation and has not sent (decision 0037's drafts, per conversation). */
export const messageDrafts = pgTable(
  "message_drafts",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    contentFormat: text("content_format", { enum: ["html", "text"] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.conversationId] }),
    check("message_drafts_content_format_check", sql`${t.contentFormat} in ('html', 'text')`),
    index("message_drafts_conversation_idx").on(t.conversationId),
  ],
);
