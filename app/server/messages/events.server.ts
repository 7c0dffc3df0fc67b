import { defineEvents } from "~/server/platform";

/**
 * What a write in a conversation announces in its transaction (decisions 0021, 0062). The write states the facts;
 * app/server/listeners/messages.server.ts decides what follows (the bell of every other participant, the mail
 * after a delay, push where the push domain maps the kind "message").
 */
export const messageEvents = defineEvents<{
  /** A message was stored: `recipientIds` are the conversation's other participants at that moment. */
  "message.sent": { conversationId: string; messageId: string; authorId: string; recipientIds: string[]; subject: string | null };
  /** A member was added to a conversation by another participant, and may now read it. */
  "participant.added": { conversationId: string; memberId: string; addedBy: string; subject: string | null };
}>("messages", {
  "message.sent": ["notifications"],
  "participant.added": ["notifications"],
});
