import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import type { FormErrors, QuotePrefill, ReplyDraft } from "./comment-types";

/** What a comment form's field starts with: the editor's HTML, the textarea's text, and what that text is. */
export interface FieldStart {
  initialHtml: string;
  initialText: string;
  fallbackFormat: ContentFormat;
}

export const emptyField: FieldStart = { initialHtml: "", initialText: "", fallbackFormat: "text" };

/** A text sent or stored in either format, as a field starts with it (the textarea shows it as it is). */
export function fieldFrom({ content, contentFormat }: { content: string; contentFormat: ContentFormat }): FieldStart {
  return {
    initialHtml: contentFormat === "html" ? content : plainTextToHtml(content),
    initialText: content,
    fallbackFormat: contentFormat,
  };
}

/** The saved reply for the form answering `parentId` (null: the new comment), if it was written there. */
function savedReply(draft: ReplyDraft | null, parentId: string | null): FieldStart {
  const saved = draft?.saved && draft.saved.parentId === parentId ? draft.saved : null;
  return saved ? { initialHtml: saved.html, initialText: saved.text, fallbackFormat: "text" } : emptyField;
}

/** A quote asked for without JavaScript (?quote=) after what the field starts with, and a place to answer below it. */
function withQuote(start: FieldStart, quote: QuotePrefill | null): FieldStart {
  if (!quote) return start;
  return {
    initialHtml: `${start.initialHtml}${quote.html}<p></p>`,
    initialText: `${start.initialText.trimEnd()}${start.initialText.trim() ? "\n\n" : ""}${quote.text}\n\n`,
    fallbackFormat: start.fallbackFormat,
  };
}

/**
 * What the form answering `parentId` (null: the new comment) starts with: the text it sent if the page refused
 * it (rendered anew, without JavaScript), else the member's saved draft for it, with a quote after the draft
 * (the new comment's form only); and whether a draft came with it, which the server keeps for a refused text too.
 */
export function formStart(
  errors: FormErrors,
  draft: ReplyDraft | null,
  parentId: string | null,
  quote: QuotePrefill | null = null,
): { start: FieldStart; draftKept: boolean } {
  const refused = errors.target === parentId ? errors.draft : null;
  const saved = savedReply(draft, parentId);
  return { start: refused ? fieldFrom(refused) : withQuote(saved, quote), draftKept: refused !== null || saved !== emptyField };
}
