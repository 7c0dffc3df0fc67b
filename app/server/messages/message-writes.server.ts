import { and, eq, sql } from "drizzle-orm";
import { conversationParticipants, conversations, messageDrafts, messages } from "../../../db/schema";
import { MAX_CONVERSATION_MEMBERS, messageTexts } from "~/lib/messages";
import { refusalText } from "~/lib/moderation";
import type { ContentFormat } from "~/lib/rich-text";
import {
  acceptsMessagesFrom,
  can,
  canEditMessage,
  canReadConversation,
  canSendMessage,
  checkRateLimits,
  mayWriteToStranger,
  newConversationsPerNewMember,
  postingMember,
  type PostingMember,
  type Viewer,
} from "~/server/accounts";
import { defineService, type Transaction } from "~/server/db";
import { attachPostImages } from "~/server/images";
import { fail, ok, type Failure } from "~/server/platform";
import { recipientsFor, refusalFor } from "./consent.server";
import { messageEvents } from "./events.server";
import { messageBody } from "./message-body.server";

// Writing in conversations (decision 0062): start one, send, correct within the edit window. Every write is a
// service; what follows a new message (the others' bells, mails, push) is the listeners' (message.sent).

export type ConversationStart = {
  recipientIds: string[];
  subject?: string;
  content: string;
  contentFormat: ContentFormat;
  submissionKey?: string;
};
export type MessageInput = { conversationId: string; content: string; contentFormat: ContentFormat; submissionKey?: string };
export type MessageEdit = { conversationId: string; messageId: string; content: string; contentFormat: ContentFormat };

/** A conversation as the writes lock it, with every participant's row (at most ten). */
export interface LockedConversation {
  id: string;
  subject: string | null;
  participants: Array<{ memberId: string; leftAt: Date | null }>;
}

/** The conversation's row, locked (the writes in one conversation take their turn), and its participants. */
export async function lockConversation(tx: Transaction, conversationId: string): Promise<LockedConversation | null> {
  const [row] = await tx
    .select({ id: conversations.id, subject: conversations.subject })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for("update");
  if (!row) return null;
  const participants = await tx
    .select({ memberId: conversationParticipants.memberId, leftAt: conversationParticipants.leftAt })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId));
  return { ...row, participants };
}

/** The viewer's own row among the loaded participants. */
export const participationOf = (conversation: LockedConversation, viewer: Viewer) =>
  conversation.participants.find((row) => row.memberId === viewer.id) ?? null;

/** The participants still in it. */
export const currentMembers = (conversation: LockedConversation) =>
  conversation.participants.filter((row) => row.leftAt === null).map((row) => row.memberId);

/**
 * Who is not a participant does not learn the conversation exists (a 404, staff included); a participant who may
 * not write (silenced) learns why.
 */
export function refuseWriting(viewer: Viewer, conversation: LockedConversation): true | Failure {
  const mine = participationOf(conversation, viewer);
  if (canSendMessage(viewer, mine)) return true;
  return canReadConversation(viewer, mine)
    ? fail("forbidden", refusalText(viewer, messageTexts.failed))
    : fail("not-found", messageTexts.notFound);
}

/**
 * The posting rules for reaching these members (decision 0062): each accepts this writer (acceptsMessagesFrom:
 * approved, no block either way, their consent setting), and a writer without a published post knows each already.
 */
export async function refuseRecipients(tx: Transaction, actor: Viewer, memberIds: readonly string[], standing: PostingMember) {
  const recipients = await recipientsFor(actor.id, memberIds, tx);
  if (recipients.length < new Set(memberIds).size) return fail("invalid", "Dieses Mitglied gibt es nicht.");
  const refused = recipients.filter((recipient) => !acceptsMessagesFrom(actor, recipient));
  if (refused.length > 0) return fail("forbidden", refusalFor(refused));
  if (!mayWriteToStranger(standing) && recipients.some((recipient) => !recipient.known))
    return fail("forbidden", messageTexts.strangersLater);
  return null;
}

/**
 * Starts a conversation with one or more members (with the writer at most MAX_CONVERSATION_MEMBERS) by its first
 * message. A new member (decision 0035) starts only a few a day (newConversationsPerNewMember), counted before the
 * transaction; every recipient must accept the writer (refuseRecipients).
 */
export const startConversation = defineService<Viewer, ConversationStart, true, { conversationId: string }, PostingMember>({
  policy: (viewer) => can(viewer, "sendMessages"),
  async prepare(viewer, { recipientIds }) {
    const others = [...new Set(recipientIds)].filter((id) => id !== viewer.id);
    if (others.length === 0) return fail("invalid", messageTexts.noRecipient, { recipients: [messageTexts.noRecipient] });
    if (others.length + 1 > MAX_CONVERSATION_MEMBERS)
      return fail("invalid", messageTexts.tooManyMembers, { recipients: [messageTexts.tooManyMembers] });
    const standing = await postingMember(viewer);
    if (!standing.isNew) return ok(standing);
    const limit = await checkRateLimits([[newConversationsPerNewMember, viewer.id]]);
    return limit.allowed ? ok(standing) : { ...fail("too-many-requests", messageTexts.tooManyConversations), retryAfter: limit.retryAfter };
  },
  submissionKey: (input) => input.submissionKey,
  load: async () => true,
  async change(tx, { actor, input, prepared: standing }) {
    const others = [...new Set(input.recipientIds)].filter((id) => id !== actor.id);
    const refused = await refuseRecipients(tx, actor, others, standing);
    if (refused) return refused;
    const body = await messageBody(tx, input, { actorId: actor.id }, [actor.id, ...others]);
    if (!body.ok) return body;
    const subject = input.subject?.trim() || null;
    const [conversation] = await tx
      .insert(conversations)
      .values({ subject, createdBy: actor.id, messageCount: 1 })
      .returning({ id: conversations.id });
    const conversationId = conversation!.id;
    await tx
      .insert(conversationParticipants)
      .values([
        { conversationId, memberId: actor.id, lastReadNumber: 1 },
        ...others.map((memberId) => ({ conversationId, memberId, addedBy: actor.id })),
      ]);
    const [message] = await tx
      .insert(messages)
      .values({ conversationId, number: 1, authorId: actor.id, content: body.value.html })
      .returning({ id: messages.id });
    await attachPostImages(tx, { messageId: message!.id }, body.value.imageIds);
    await messageEvents.emit(tx, "message.sent", {
      conversationId,
      messageId: message!.id,
      authorId: actor.id,
      recipientIds: others,
      subject,
    });
    return ok({ conversationId });
  },
});

/**
 * A participant writes in the conversation. The conversation's row is locked first and its count taken in the
 * same statement that raises it, so messages sent at once are numbered one after another, each once. In a
 * conversation of two, a block either way stops it ("kann keine Nachrichten empfangen").
 */
export const sendMessage = defineService<Viewer, MessageInput, LockedConversation, { messageId: string; number: number }>({
  policy: (viewer) => can(viewer, "sendMessages"),
  submissionKey: (input) => input.submissionKey,
  load: (tx, { conversationId }) => lockConversation(tx, conversationId),
  authorize: refuseWriting,
  async change(tx, { actor, input, loaded: conversation }) {
    const members = currentMembers(conversation);
    const others = members.filter((id) => id !== actor.id);
    if (others.length === 0) return fail("invalid", messageTexts.alone);
    if (others.length === 1) {
      const [other] = await recipientsFor(actor.id, others, tx);
      if (other?.blocked) return fail("forbidden", messageTexts.cannotReceive(other.name));
    }
    const body = await messageBody(tx, input, { actorId: actor.id }, members);
    if (!body.ok) return body;
    const [counted] = await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, lastMessageAt: sql`clock_timestamp()` })
      .where(eq(conversations.id, conversation.id))
      .returning({ number: conversations.messageCount });
    const number = counted!.number;
    const [message] = await tx
      .insert(messages)
      // Its time is taken now, under the conversation's lock, not at the transaction's start: a later number is never earlier.
      .values({ conversationId: conversation.id, number, authorId: actor.id, content: body.value.html, createdAt: sql`clock_timestamp()` })
      .returning({ id: messages.id });
    await attachPostImages(tx, { messageId: message!.id }, body.value.imageIds);
    await tx
      .update(conversationParticipants)
      .set({ lastReadNumber: number })
      .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.memberId, actor.id)));
    await tx.delete(messageDrafts).where(and(eq(messageDrafts.memberId, actor.id), eq(messageDrafts.conversationId, conversation.id)));
    await messageEvents.emit(tx, "message.sent", {
      conversationId: conversation.id,
      messageId: message!.id,
      authorId: actor.id,
      recipientIds: others,
      subject: conversation.subject,
    });
    return ok({ messageId: message!.id, number });
  },
});

type EditLoaded = LockedConversation & { message: { authorId: string | null; createdAt: Date; hiddenAt: Date | null } | null };

/** Its author corrects a message within MESSAGE_EDIT_MINUTES; the thread then shows "(bearbeitet)". */
export const editMessage = defineService<Viewer, MessageEdit, EditLoaded, { messageId: string }>({
  policy: (viewer) => can(viewer, "sendMessages"),
  async load(tx, { conversationId, messageId }) {
    const conversation = await lockConversation(tx, conversationId);
    if (!conversation) return null;
    const [message] = await tx
      .select({ authorId: messages.authorId, createdAt: messages.createdAt, hiddenAt: messages.hiddenAt })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
    return { ...conversation, message: message ?? null };
  },
  authorize(viewer, loaded) {
    const mine = participationOf(loaded, viewer);
    if (!canReadConversation(viewer, mine)) return fail("not-found", messageTexts.notFound);
    if (!loaded.message) return fail("not-found", messageTexts.messageNotFound);
    if (loaded.message.authorId !== viewer.id) return fail("forbidden", messageTexts.messageNotFound);
    return canEditMessage(viewer, mine, loaded.message) || fail("forbidden", refusalText(viewer, messageTexts.editTooLate));
  },
  async change(tx, { actor, input, loaded }) {
    const body = await messageBody(tx, input, { actorId: actor.id, messageId: input.messageId }, currentMembers(loaded));
    if (!body.ok) return body;
    // Images the edit took out are unused from now on, and gone a day later.
    await attachPostImages(tx, { messageId: input.messageId }, body.value.imageIds);
    await tx
      .update(messages)
      .set({ content: body.value.html, editedAt: sql`now()` })
      .where(eq(messages.id, input.messageId));
    return ok({ messageId: input.messageId });
  },
});
