import { useRef, type RefObject } from "react";
import type { RichTextFieldHandle } from "~/components/editor/rich-text-field";
import { pageHref } from "~/lib/paths";
import { QuoteSelection } from "./quote-selection";
import { Pagination } from "./pagination";
import { LiveThreadBar } from "./live-thread-bar";
import { CommentPageContext, useCommentPage, type CommentPage } from "./comment-page";
import { CommentItem } from "./comment-item";
import { SolutionForm } from "./comment-actions";
import { NewCommentArea, ReplyForm } from "./comment-form";
import type {
  CommentAccess,
  CommentField,
  CommentModerationTools,
  CommentOnPage,
  FormErrors,
  QuotePrefill,
  ReplyDraft,
} from "./comment-types";

// The page imports the section's types from here; they live in comment-types.ts so the section's parts share them.
export type { CommentAccess, CommentField, CommentModerationTools, CommentOnPage, FormErrors, QuotePrefill, ReplyDraft };

interface Thread {
  comment: CommentOnPage;
  replies: CommentOnPage[];
}

/** Top-level comments in order, each with its replies (one visual level). */
function threads(comments: CommentOnPage[]): Thread[] {
  const byId = new Map<string, Thread>();
  const result: Thread[] = [];
  for (const comment of comments) {
    if (comment.parentId === null) {
      const thread = { comment, replies: [] };
      byId.set(comment.id, thread);
      result.push(thread);
    }
  }
  for (const comment of comments) {
    if (comment.parentId !== null) byId.get(comment.parentId)?.replies.push(comment);
  }
  return result;
}

export interface CommentSectionProps {
  // What the page shows.
  /** This page's threads with their replies. */
  comments: CommentOnPage[];
  /** Visible comments of the whole discussion. */
  totalCount: number;
  basePath: string;
  currentPage: number;
  totalPages: number;
  now: Date;
  /** The comments of this page the member had not read before this visit (null: a first visit, or a guest). */
  unreadHere?: readonly string[] | null;

  // What the viewer may do.
  access: CommentAccess;
  lockReason: string | null;
  /** Staff only: hide and restore comments (the server checks again). */
  moderationTools?: CommentModerationTools;
  /** The asker or staff: each answer offers "Als Lösung markieren". */
  mayChooseSolution?: boolean;

  // Which of the page's forms is open (from its query), and what a refused one said.
  replyTo: string | null;
  editing: string | null;
  /** The comment whose report form is open (?report=). */
  reporting?: string | null;
  /** Staff: the comment whose reason form for hiding it is open (?hide=). */
  hiding?: string | null;
  errors: FormErrors;
  /** A refused report of this comment, shown in its "Melden" form. */
  reportErrorFor?: (commentId: string) => string | null;

  // What the comment forms send and start with.
  /** The one-time key the comment forms send (null where no form may be sent). */
  submissionKey: string | null;
  /** Members who may answer: where their reply's draft is saved, and what was saved. */
  draft?: ReplyDraft | null;
  /** A post quoted by "Zitieren" without JavaScript, for the new comment's form. */
  quote?: QuotePrefill | null;
  /** The discussion whose new replies the live thread's bar offers at the end of the list; null for a hidden or held one. */
  live?: { slug: string; changedAt: Date | string } | null;
  /** The comment forms' text field (the page hands in the editor area's). */
  field: CommentField;
}

export function CommentSection({
  comments,
  totalCount,
  basePath,
  currentPage,
  totalPages,
  access,
  lockReason,
  moderationTools,
  now,
  replyTo,
  editing,
  errors,
  submissionKey,
  mayChooseSolution = false,
  reportErrorFor = () => null,
  reporting = null,
  hiding = null,
  draft = null,
  unreadHere = null,
  quote = null,
  live = null,
  field,
}: CommentSectionProps) {
  // Where "Zitieren" puts a quote: the open reply form, else the new comment's.
  const replyField = useRef<RichTextFieldHandle>(null);
  const newCommentField = useRef<RichTextFieldHandle>(null);
  const page: CommentPage = {
    access,
    now,
    editing,
    errors,
    moderationTools,
    mayChooseSolution,
    reportErrorFor,
    reporting,
    hiding,
    submissionKey,
    draft,
    field,
    // Reply and edit links stay on this page of the comments (relative: the page's own address with another query).
    pageLink: (query: string) => `?${currentPage > 1 ? `page=${currentPage}&` : ""}${query}`,
    cancelTo: pageHref(".", currentPage),
    revisionsOf: (commentId: string) => `${basePath}/revisions?comment=${commentId}`,
    permalinkOf: (commentId: string) => `${pageHref(basePath, currentPage)}#comment-${commentId}`,
  };
  const pageThreads = threads(comments);
  const unread = new Set(unreadHere ?? []);
  // The line goes before the first unread comment as the page shows them: threads in order, each with its replies.
  const firstUnread = pageThreads.flatMap(({ comment, replies }) => [comment, ...replies]).find((comment) => unread.has(comment.id))?.id;
  return (
    <CommentPageContext value={page}>
      <section aria-labelledby="comments-title" className="flex flex-col gap-4">
        {mayChooseSolution && <SolutionForm />}
        <h2 id="comments-title" className="text-xl font-semibold">
          Antworten ({totalCount})
        </h2>
        {comments.length === 0 ? (
          <p className="text-muted-foreground">Noch keine Kommentare vorhanden.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {pageThreads.map((thread) => (
              <CommentThread
                key={thread.comment.id}
                thread={thread}
                unread={unread}
                firstUnread={firstUnread}
                replyOpen={replyTo === thread.comment.id}
                replyField={replyField}
              />
            ))}
          </ol>
        )}
        {live && (
          <LiveThreadBar
            discussion={{ slug: live.slug, repliesCount: totalCount, changedAt: live.changedAt }}
            pages={{ currentPage, totalPages }}
            guest={access === "guest"}
          />
        )}
        <Pagination basePath={basePath} currentPage={currentPage} totalPages={totalPages} label="Seiten der Kommentare" />
        <NewCommentArea lockReason={lockReason} quote={quote} openReplyTarget={replyTo} field={newCommentField} />
        {access === "allowed" && <QuoteSelection target={() => replyField.current ?? newCommentField.current} />}
      </section>
    </CommentPageContext>
  );
}

/** A top-level comment with its replies below it, and the reply form when it was asked for (?replyTo=). */
function CommentThread({
  thread: { comment, replies },
  unread,
  firstUnread,
  replyOpen,
  replyField,
}: {
  thread: Thread;
  unread: ReadonlySet<string>;
  /** The first comment of the page the member had not read: the "new since" line goes before it. */
  firstUnread: string | undefined;
  replyOpen: boolean;
  /** Where "Zitieren" finds the reply form's field. */
  replyField: RefObject<RichTextFieldHandle | null>;
}) {
  const { access } = useCommentPage();
  return (
    <li className="flex flex-col gap-2">
      {firstUnread === comment.id && <NewSinceLine />}
      <CommentItem comment={comment} isNew={unread.has(comment.id)} />
      {(replies.length > 0 || replyOpen) && (
        <ol className="ml-6 flex flex-col gap-2 border-l-2 border-brand-100 pl-4 sm:ml-10">
          {replies.map((reply) => (
            <li key={reply.id} className="flex flex-col gap-2">
              {firstUnread === reply.id && <NewSinceLine />}
              <CommentItem comment={reply} replyTarget={comment.id} isNew={unread.has(reply.id)} />
            </li>
          ))}
          {replyOpen && access === "allowed" && (
            <li>
              <ReplyForm parentId={comment.id} field={replyField} />
            </li>
          )}
        </ol>
      )}
    </li>
  );
}

/** Where the comments the member has not read yet begin: read above, new below. */
function NewSinceLine() {
  return (
    <p data-testid="new-since" className="flex items-center gap-3 py-1 text-sm font-semibold text-brand-700">
      <span aria-hidden="true" className="h-px flex-1 bg-current" />
      Neu seit Ihrem letzten Besuch
      <span aria-hidden="true" className="h-px flex-1 bg-current" />
    </p>
  );
}
