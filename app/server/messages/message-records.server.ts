import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { conversationParticipants, conversations, messages, profiles } from "../../../db/schema";
import { authorFullName } from "~/lib/authors";
import { messageTexts } from "~/lib/messages";
import { htmlToText, mentionNamesOf, postTextWithNames, postWithNames } from "~/server/discussions";
import { db, type Transaction } from "~/server/db";
import { imagesAsText } from "~/server/images";
import { isHidden, isParticipating, visible } from "~/server/platform";
import { lockConversation, type LockedConversation } from "./message-writes.server";

// A conversation's records for the two who may see more than a participant's page: the moderation, which sees a
// reported message with its neighbours and nothing else (decision 0062), and the member's own data export.

/** Messages before and after a reported one that the moderation sees: enough to judge it, not the conversation. */
export const REPORT_CONTEXT = 2;

const m = alias(messages, "msg");
const a = alias(profiles, "msg_author");

export interface ContextLine {
  id: string;
  author: string;
  authorId: string | null;
  text: string;
  createdAt: Date;
  /** The reported message itself. */
  reported: boolean;
  hidden: boolean;
}

const t = alias(messages, "reported_msg");

/**
 * Reported messages each with at most REPORT_CONTEXT messages on either side, as plain text, for the review queue:
 * nothing else (no subject, no participants, no way to the conversation), in one statement for a page of the queue.
 * An image is its description in words ("[Bild: …]"), never the picture or its address: staff are served no image
 * of a message. A message that is gone has no lines.
 */
export async function messagesInContext(messageIds: readonly string[]): Promise<Map<string, ContextLine[]>> {
  const found = new Map<string, ContextLine[]>();
  if (messageIds.length === 0) return found;
  const rows = await db
    .select({
      reportedId: t.id,
      id: m.id,
      authorId: m.authorId,
      firstName: a.firstName,
      lastName: a.lastName,
      content: m.content,
      names: mentionNamesOf(m.content, "html"),
      createdAt: m.createdAt,
      hiddenAt: m.hiddenAt,
    })
    .from(t)
    .innerJoin(
      m,
      and(
        eq(m.conversationId, t.conversationId),
        between(m.number, sql`${t.number} - ${REPORT_CONTEXT}`, sql`${t.number} + ${REPORT_CONTEXT}`),
      ),
    )
    .leftJoin(a, eq(a.id, m.authorId))
    .where(inArray(t.id, [...messageIds]))
    .orderBy(asc(t.id), asc(m.number));
  for (const row of rows) {
    const lines = found.get(row.reportedId) ?? [];
    lines.push({
      id: row.id,
      authorId: row.authorId,
      author:
        row.authorId === null
          ? messageTexts.deletedMember
          : authorFullName({ firstName: row.firstName ?? "", lastName: row.lastName ?? "" }),
      // The reported one is shown even when hidden (it is what staff decide on); a hidden neighbour is not.
      text:
        isHidden(row) && row.id !== row.reportedId ? messageTexts.hidden : postTextWithNames(imagesAsText(row.content), "html", row.names),
      createdAt: row.createdAt,
      reported: row.id === row.reportedId,
      hidden: isHidden(row),
    });
    found.set(row.reportedId, lines);
  }
  return found;
}

/** A message as a report needs it: its author, whether it is hidden, and its conversation's participants (locked). */
export async function messageForReport(
  tx: Transaction,
  messageId: string,
): Promise<{
  message: { id: string; authorId: string | null; hiddenAt: Date | null; text: string };
  conversation: LockedConversation;
} | null> {
  const [message] = await tx
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      authorId: messages.authorId,
      hiddenAt: messages.hiddenAt,
      content: messages.content,
    })
    .from(messages)
    .where(eq(messages.id, messageId));
  if (!message) return null;
  const conversation = await lockConversation(tx, message.conversationId);
  if (!conversation) return null;
  return {
    message: { id: message.id, authorId: message.authorId, hiddenAt: message.hiddenAt, text: htmlToText(message.content) },
    conversation,
  };
}

/**
 * Hides a message after a report, in the moderation's transaction: its participants see that it was hidden, never
 * again what it said. False when it is gone or hidden already.
 */
export async function hideMessage(tx: Transaction, messageId: string, by: { actorId: string; reason: string }): Promise<boolean> {
  const hidden = await tx
    .update(messages)
    .set({ hiddenAt: sql`now()`, hiddenBy: by.actorId, hiddenReason: by.reason })
    .where(and(eq(messages.id, messageId), visible.message()))
    .returning({ id: messages.id });
  return hidden.length > 0;
}

export interface ExportedConversation {
  id: string;
  subject: string | null;
  participants: string[];
  left: boolean;
  /** `html`: the message as stored (its images as /images/… addresses, for the participant to open); `text`: its words. */
  messages: Array<{ author: string; own: boolean; text: string; html: string; sentAt: string; edited: boolean }>;
}

/**
 * The member's conversations for their data export (DSGVO Art. 15/20): every conversation they take part in with all
 * its messages; one they left with their own messages only (the rest is no longer theirs to read).
 */
export async function exportConversations(memberId: string): Promise<ExportedConversation[]> {
  const mine = await db
    .select({ id: conversations.id, subject: conversations.subject, leftAt: conversationParticipants.leftAt })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(eq(conversationParticipants.memberId, memberId))
    .orderBy(asc(conversations.createdAt));
  if (mine.length === 0) return [];
  const ids = mine.map((row) => row.id);
  const participants = await db
    .select({ conversationId: conversationParticipants.conversationId, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(conversationParticipants)
    .innerJoin(profiles, eq(profiles.id, conversationParticipants.memberId))
    .where(inArray(conversationParticipants.conversationId, ids));
  const rows = await db
    .select({
      conversationId: m.conversationId,
      authorId: m.authorId,
      firstName: a.firstName,
      lastName: a.lastName,
      content: m.content,
      names: mentionNamesOf(m.content, "html"),
      createdAt: m.createdAt,
      editedAt: m.editedAt,
      hiddenAt: m.hiddenAt,
    })
    .from(m)
    .leftJoin(a, eq(a.id, m.authorId))
    .where(inArray(m.conversationId, ids))
    .orderBy(asc(m.conversationId), asc(m.number));
  return mine.map((conversation) => ({
    id: conversation.id,
    subject: conversation.subject,
    left: !isParticipating(conversation),
    participants: participants.filter((row) => row.conversationId === conversation.id).map((row) => authorFullName(row)),
    messages: rows
      .filter((row) => row.conversationId === conversation.id && (isParticipating(conversation) || row.authorId === memberId))
      .map((row) => {
        // A message the moderation hid is exported as hidden to the others; its author gets their own words.
        const withheld = isHidden(row) && row.authorId !== memberId;
        return {
          author:
            row.authorId === null
              ? messageTexts.deletedMember
              : authorFullName({ firstName: row.firstName ?? "", lastName: row.lastName ?? "" }),
          own: row.authorId === memberId,
          text: withheld ? messageTexts.hidden : postTextWithNames(imagesAsText(row.content), "html", row.names),
          html: withheld ? "" : postWithNames(row.content, "html", row.names),
          sentAt: row.createdAt.toISOString(),
          edited: row.editedAt !== null,
        };
      }),
  }));
}
