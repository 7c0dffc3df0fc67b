export {
  type ConversationList,
  type ConversationListItem,
  type ConversationMember,
  type ConversationThread,
  conversationThread,
  directConversationWith,
  listConversations,
  markConversationRead,
  memberName,
  type MessageView,
  participationIn,
  unreadConversationsOf,
} from "./conversations.server";
export { messageSettingsOf, messagingWith, recipientsFor, setBlock, setMessagePreferences } from "./consent.server";
export { messageEvents } from "./events.server";
export { discardMessageDraft, type MessageDraft, messageDraftOf, saveMessageDraft } from "./message-drafts.server";
export {
  type ContextLine,
  exportConversations,
  type ExportedConversation,
  hideMessage,
  messageForReport,
  messagesInContext,
  REPORT_CONTEXT,
} from "./message-records.server";
export {
  type ConversationStart,
  editMessage,
  type MessageEdit,
  type MessageInput,
  participationOf,
  sendMessage,
  startConversation,
} from "./message-writes.server";
export { addParticipant, leaveConversation } from "./participants.server";
