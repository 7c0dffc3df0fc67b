import type { Viewer } from "../../app/server/accounts";
import { sendMessage, startConversation } from "../../app/server/messages";

/**
 * Conversations for integration tests (decision 0062), written through the services the forms use: their rules,
 * counters and events run as in the app. A refused write fails the test with the service's reason and text.
 */

/** A conversation `author` started with these members by a first message; its id. */
export async function conversationOf(
  author: Viewer,
  recipients: Viewer[],
  options: { content?: string; subject?: string } = {},
): Promise<string> {
  const started = await startConversation(author, {
    recipientIds: recipients.map((recipient) => recipient.id),
    content: options.content ?? "Hallo, eine kurze Frage.",
    contentFormat: "text",
    ...(options.subject ? { subject: options.subject } : {}),
  });
  if (!started.ok) throw new Error(`conversation by ${author.firstName}: ${started.reason} ${started.message ?? ""}`);
  return started.value.conversationId;
}

/** A message of `by` in the conversation; its id. */
export async function messageIn(conversationId: string, by: Viewer, content = "Eine Antwort"): Promise<string> {
  const sent = await sendMessage(by, { conversationId, content, contentFormat: "text" });
  if (!sent.ok) throw new Error(`message by ${by.firstName}: ${sent.reason} ${sent.message ?? ""}`);
  return sent.value.messageId;
}
