// Direct messages (decision 0062) on both sides: limits and texts the pages, the forms and the server share.

/** Members in one conversation, its starter included: a small group, not a mailing list. */
export const MAX_CONVERSATION_MEMBERS = 10;
/** How long after sending its author may still correct a message; it then shows "(bearbeitet)". */
export const MESSAGE_EDIT_MINUTES = 15;
/** A message's words, as a comment's. */
export const MESSAGE_MAX_LENGTH = 10_000;
export const SUBJECT_MAX_LENGTH = 120;
/** Messages per page of a thread: the newest page first, older ones by "Ältere Nachrichten". */
export const MESSAGES_PER_PAGE = 50;
/** Conversations per page of /messages. */
export const CONVERSATIONS_PER_PAGE = 25;

export const messageTexts = {
  title: "Nachrichten",
  newConversation: "Neue Nachricht",
  send: "Nachricht senden",
  sending: "Wird gesendet...",
  sent: "Nachricht gesendet",
  edited: "(bearbeitet)",
  deletedMember: "Gelöschtes Mitglied",
  cannotReceive: (name: string) => `${name} kann keine Nachrichten empfangen.`,
  cannotReceiveSome: "Mindestens ein gewähltes Mitglied kann keine Nachrichten empfangen.",
  noRecipient: "Bitte wählen Sie mindestens ein Mitglied.",
  tooManyMembers: `An einer Unterhaltung nehmen höchstens ${MAX_CONVERSATION_MEMBERS} Mitglieder teil.`,
  strangersLater:
    "Als neues Mitglied können Sie erst Mitgliedern schreiben, mit denen Sie schon Kontakt hatten. Sobald ein Beitrag von Ihnen veröffentlicht ist, können Sie allen schreiben.",
  tooManyConversations: "Als neues Mitglied können Sie nur wenige Unterhaltungen am Tag beginnen. Bitte versuchen Sie es später wieder.",
  missing: "Bitte schreiben Sie eine Nachricht.",
  tooLong: `Eine Nachricht darf höchstens ${MESSAGE_MAX_LENGTH.toLocaleString("de-DE")} Zeichen lang sein.`,
  subjectTooLong: `Der Betreff darf höchstens ${SUBJECT_MAX_LENGTH} Zeichen lang sein.`,
  notFound: "Diese Unterhaltung gibt es nicht.",
  messageNotFound: "Diese Nachricht gibt es nicht.",
  alone: "In dieser Unterhaltung ist niemand mehr, der Ihre Nachricht lesen könnte.",
  editTooLate: `Eine Nachricht lässt sich nur in den ersten ${MESSAGE_EDIT_MINUTES} Minuten bearbeiten.`,
  updated: "Nachricht geändert",
  added: (name: string) => `${name} nimmt jetzt an der Unterhaltung teil`,
  alreadyIn: "Dieses Mitglied nimmt schon an der Unterhaltung teil.",
  left: "Sie haben die Unterhaltung verlassen",
  hidden: "Diese Nachricht wurde von der Moderation ausgeblendet.",
  blocked: (name: string) => `${name} ist blockiert: Sie erhalten keine Nachrichten mehr von diesem Mitglied.`,
  unblocked: (name: string) => `Blockierung von ${name} aufgehoben`,
  preferencesSaved: "Einstellung für Nachrichten gespeichert",
  knownOnlyLabel: "Nachrichten nur von Mitgliedern, mit denen ich schon geschrieben habe",
  failed: "Nachricht nicht gesendet",
} as const;

/** "1 ungelesene Unterhaltung", for the sidebar's count and the list. */
export const unreadConversationsLabel = (count: number) => (count === 1 ? "ungelesene Unterhaltung" : "ungelesene Unterhaltungen");
