// Drafts (decision 0037) on both sides: the page's script imports this, so it stays free of zod (the schema is in schemas/draft.ts).

/** How long the page's script waits after the last keystroke before it saves (decision 0037). */
export const DRAFT_SAVE_DELAY_MS = 1200;

export const draftTexts = {
  saved: "Entwurf gespeichert",
  saving: "Entwurf wird gespeichert …",
  failed: "Entwurf nicht gespeichert",
  discard: "Entwurf verwerfen",
  discarded: "Entwurf verworfen",
  restored: "Ihr gespeicherter Entwurf wurde wiederhergestellt.",
  tooMany: "Sie haben in kurzer Zeit sehr oft gespeichert. Ihr Entwurf wird in ein paar Minuten wieder gesichert.",
  replyTooLong: "Der Entwurf ist länger, als ein Kommentar sein darf.",
} as const;
