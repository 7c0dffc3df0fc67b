import type { ReactNode } from "react";
import type { RichTextFieldProps } from "~/components/editor/rich-text-field";
import type { ContentFormat } from "~/lib/rich-text";
import type { CommentView } from "~/server/discussions";

// The comment section's types, apart from its components so that every part of the section can name them without
// importing another part; comment-section.tsx re-exports them for the page.

export type CommentAccess = "guest" | "pending" | "allowed" | "locked";

/** Draws the comment forms' text field: given by the page (the editor area's rich-text field). */
export type CommentField = (props: RichTextFieldProps) => ReactNode;

/** Staff tools for one comment, given by the page (the moderation area); absent for everyone else. */
export type CommentModerationTools = (comment: {
  id: string;
  hidden: boolean;
  error: string | null;
  /** The comment's reason form is the one open on the page (`?hide=`). */
  open: boolean;
  /** This page with the comment's reason form open. */
  openHref: string;
}) => ReactNode;

/** What a refused form of the page shows: the message, whose form it was (null: the new comment), and the text it sent. */
export interface FormErrors {
  form: string | null;
  content: string | null;
  target: string | null;
  draft: { content: string; contentFormat: ContentFormat } | null;
}

/**
 * The member's saved reply to this discussion (one per discussion): the form it was written in (null: the new
 * comment) gets it back; `continueHref` leads to a reply form that is not open.
 */
export interface ReplyDraft {
  discussionId: string;
  saved: { parentId: string | null; text: string; html: string } | null;
  continueHref: string | null;
}

/** "Zitieren" without JavaScript (?quote=): the whole post quoted, for the new comment's form. */
export interface QuotePrefill {
  text: string;
  html: string;
}

/**
 * A comment as the page gets it: without its text on a document request
 * (app/lib/page-text.tsx), with the guardian's answer whether this viewer may edit it.
 */
export type CommentOnPage = Omit<CommentView, "content"> & {
  content: string | null;
  canEdit: boolean;
  mayMarkHelpful: boolean;
  /** "Melden": null where this viewer may not report it. */
  report: { reported: boolean } | null;
};
