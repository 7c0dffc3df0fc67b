import { createContext, useContext } from "react";
import type { CommentAccess, CommentField, CommentModerationTools, FormErrors, ReplyDraft } from "./comment-types";

/**
 * What every comment and comment form of the page reads the same way: what the viewer may do, which of the
 * page's forms is open or was refused, and where its links lead. CommentSection gives it once, so a comment
 * is drawn from the comment itself instead of a dozen props handed down through each thread.
 */
export interface CommentPage {
  access: CommentAccess;
  now: Date;
  /** The comment whose edit form is open (?editComment=). */
  editing: string | null;
  errors: FormErrors;
  /** Staff only: hide and restore comments (the server checks again). */
  moderationTools?: CommentModerationTools;
  /** The asker or staff: each answer offers "Als Lösung markieren". */
  mayChooseSolution: boolean;
  /** A refused report of this comment, shown in its "Melden" form. */
  reportErrorFor: (commentId: string) => string | null;
  /** The comment whose report form is open (?report=). */
  reporting: string | null;
  /** Staff: the comment whose reason form for hiding it is open (?hide=). */
  hiding: string | null;
  /** The one-time key the comment forms send (null where no form may be sent). */
  submissionKey: string | null;
  /** Members who may answer: where their reply's draft is saved, and what was saved. */
  draft: ReplyDraft | null;
  /** The comment forms' text field (the page hands in the editor area's). */
  field: CommentField;
  /** This page of the comments with another query: reply, edit, quote and report links stay on it. */
  pageLink: (query: string) => string;
  /** This page of the comments with no form open: where "Abbrechen" leads. */
  cancelTo: string;
  /** "(bearbeitet)" opens the comment's earlier versions (app/routes/discussion.revisions.tsx). */
  revisionsOf: (commentId: string) => string;
  /** The comment's own address, for the source line of a quote. */
  permalinkOf: (commentId: string) => string;
}

export const CommentPageContext = createContext<CommentPage | null>(null);

export function useCommentPage(): CommentPage {
  const page = useContext(CommentPageContext);
  if (!page) throw new Error("Comments and comment forms are drawn inside CommentSection");
  return page;
}
