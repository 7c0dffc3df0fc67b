import { redirect } from "react-router";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";
import type { ConversationIntent } from "~/lib/schemas/message";
import { texts } from "~/lib/texts";
import { refusalText } from "~/lib/moderation";
import type { Viewer } from "~/server/accounts";
import { addParticipant, editMessage, leaveConversation, sendMessage } from "~/server/messages";
import { reportMessage, reportTexts } from "~/server/moderation";
import type { ReportReason } from "../../db/schema";
import { redirectWithToast, respond } from "~/server/http";

/**
 * The thread page's writing forms (decision 0062): send, edit within the window, add a member, leave. The services
 * ask the guardian; a member who is not a participant gets a 404 for every one of them, as for the page.
 */

const failedTitles: Record<ConversationIntent, string> = {
  send: messageTexts.failed,
  edit: "Nachricht nicht geändert",
  "add-participant": "Mitglied nicht hinzugefügt",
  leave: "Unterhaltung nicht verlassen",
  report: reportTexts.failed,
};

export interface ConversationFormAnswer {
  /** Which form failed and why, with the text it sent (without JavaScript the page is drawn anew with it). */
  refused?: {
    intent: ConversationIntent;
    message: string | null;
    messageId: string | null;
    content: string | null;
    format: "html" | "text";
  };
}

/** How a refused form answers: its toast, and the page's data that puts the message into the form it came from. */
export function conversationRefusal(intent: ConversationIntent, viewer: Viewer | null, payload: Record<string, unknown>) {
  return {
    failed: failedTitles[intent],
    fallback: {
      forbidden: refusalText(viewer, texts.permissionDenied),
      "not-found": messageTexts.notFound,
      invalid: texts.unknownError,
      unexpected: texts.unexpectedError,
    },
    page: ({ message }: { message: string | undefined }): ConversationFormAnswer => ({
      refused: {
        intent,
        message: message ?? null,
        messageId: typeof payload.messageId === "string" ? payload.messageId : null,
        content: typeof payload.content === "string" ? payload.content : null,
        format: payload.contentFormat === "html" ? "html" : "text",
      },
    }),
  };
}

type Input =
  | { intent: "send"; content: string; contentFormat: "html" | "text"; submissionKey?: string }
  | { intent: "edit"; messageId: string; content: string; contentFormat: "html" | "text" }
  | { intent: "add-participant"; memberId: string }
  | { intent: "leave" }
  | { intent: "report"; messageId: string; reason: ReportReason; note?: string };

/** One handler per intent; each answers with a redirect (the thread, its message, or the list) or the refusal. */
export function conversationAction(viewer: Viewer, conversationId: string, input: Input, payload: Record<string, unknown>) {
  const here = paths.conversation(conversationId);
  const how = { ...conversationRefusal(input.intent, viewer, payload), context: { intent: input.intent, conversation: conversationId } };
  switch (input.intent) {
    case "send":
      return respond(sendMessage(viewer, { conversationId, ...input }), {
        ...how,
        success: ({ messageId }) => redirect(`${here}#message-${messageId}`),
      });
    case "edit":
      return respond(editMessage(viewer, { conversationId, ...input }), {
        ...how,
        success: ({ messageId }) => redirectWithToast(`${here}#message-${messageId}`, { type: "success", title: messageTexts.updated }),
      });
    case "add-participant":
      return respond(addParticipant(viewer, { conversationId, memberId: input.memberId }), {
        ...how,
        success: ({ name }) => redirectWithToast(here, { type: "success", title: messageTexts.added(name) }),
      });
    case "report":
      return respond(reportMessage(viewer, { messageId: input.messageId, reason: input.reason, note: input.note }), {
        ...how,
        success: ({ already }) =>
          redirectWithToast(`${here}#message-${input.messageId}`, {
            type: "success",
            title: already ? reportTexts.already : reportTexts.thanks,
          }),
      });
    case "leave":
      return respond(leaveConversation(viewer, { conversationId }), {
        ...how,
        success: () => redirectWithToast(paths.messages, { type: "success", title: messageTexts.left }),
      });
  }
}
