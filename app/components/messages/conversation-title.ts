/** What names a conversation: its subject, else its other participants. */
export interface ConversationHeading {
  subject: string | null;
  others: Array<{ id: string; name: string; avatarUrl: string | null }>;
}

/** The subject, or "Aylin Demir", "Aylin Demir und Markus Weber", "Aylin Demir, Markus Weber und 2 weitere". */
export function conversationTitle({ subject, others }: ConversationHeading): string {
  if (subject) return subject;
  const names = others.map((member) => member.name);
  if (names.length === 0) return "Nur noch Sie";
  if (names.length <= 2) return names.join(" und ");
  return `${names.slice(0, 2).join(", ")} und ${names.length - 2} weitere`;
}
