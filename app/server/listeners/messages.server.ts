import { messageEvents } from "~/server/messages";
import { notifyMessage } from "~/server/notifications";

/**
 * What a message in a conversation causes, besides its own rows (decisions 0021, 0062): every listener of the
 * messages' events, in the order they run, inside the writer's transaction. Nothing reaches anyone outside the
 * conversation: no search, feed, IndexNow or page cache hears of it.
 */

// The other participants' bells (one row per conversation, counting up), and from there their mail after a delay if
// still unread (the notification mail worker) and push where the member chose it (the push worker maps "message").
messageEvents.on("message.sent", "notifications", (tx, { conversationId, authorId, recipientIds, subject }) =>
  notifyMessage(tx, { conversationId, actorId: authorId, recipientIds, subject }),
);
// A member added to a conversation has its messages to read: their bell says so, as for a new message.
messageEvents.on("participant.added", "notifications", (tx, { conversationId, memberId, addedBy, subject }) =>
  notifyMessage(tx, { conversationId, actorId: addedBy, recipientIds: [memberId], subject }),
);
