import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { authorFirstName } from "~/lib/authors";
import { createContext, Fragment, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import type { RichTextFieldHandle, RichTextFieldProps } from "~/components/editor/rich-text-field";
import { formatRelativeTime } from "~/lib/format";
import { pageHref } from "~/lib/paths";
import { texts } from "~/lib/texts";
import type { CommentView } from "~/server/discussions";
import { heldTexts } from "~/lib/moderation";
import { pageTextAttribute, pageTextKeys, usePageText } from "~/lib/page-text";
import { AuthorLink } from "~/components/ui/author-link";
import { LinkifiedText, textWithMentions } from "./linkified-text";
import { RichContent } from "./rich-content";
import { QuoteLink, QuoteSelection, quoteSourceAttributes } from "./quote-selection";
import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import { Pagination } from "./pagination";
import { AuthorCredentials } from "./author-credentials";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { HelpfulButton } from "./helpful-button";
import { ReportControl } from "./report-control";
import { DiscardDraftForm, DraftControls } from "./draft-controls";
import { useDraftAutosave } from "~/lib/hooks/use-draft-autosave";
import { BookmarkControl } from "./bookmark-control";
import { NewMarker } from "~/components/ui/unread-badge";

export type CommentAccess = "guest" | "pending" | "allowed" | "locked";

/** Draws the comment forms' text field: given by the page (the editor area's rich-text field). */
export type CommentField = (props: RichTextFieldProps) => ReactNode;

const FieldContext = createContext<CommentField | null>(null);

function useCommentField(): CommentField {
  const field = useContext(FieldContext);
  if (!field) throw new Error("CommentSection needs its `field`");
  return field;
}

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

/**
 * A comment as the page gets it: without its text on a document request
 * (app/lib/page-text.tsx), with the guardian's answer whether this viewer may edit it.
 */
/** What a refused form of the page shows: the message, whose form it was (null: the new comment), and the text it sent. */
export interface FormErrors {
  form: string | null;
  content: string | null;
  target: string | null;
  draft: { content: string; contentFormat: ContentFormat } | null;
}

/** What a comment form's field starts with: the editor's HTML, the textarea's text, and what that text is. */
interface FieldStart {
  initialHtml: string;
  initialText: string;
  fallbackFormat: ContentFormat;
}

const emptyField: FieldStart = { initialHtml: "", initialText: "", fallbackFormat: "text" };

/** A text sent or stored in either format, as a field starts with it (the textarea shows it as it is). */
function fieldFrom({ content, contentFormat }: { content: string; contentFormat: ContentFormat }): FieldStart {
  return {
    initialHtml: contentFormat === "html" ? content : plainTextToHtml(content),
    initialText: content,
    fallbackFormat: contentFormat,
  };
}

/**
 * The member's saved reply to this discussion (one per discussion, issue 30): the form it was written in (null:
 * the new comment) gets it back; `continueHref` leads to a reply form that is not open.
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

export type CommentOnPage = Omit<CommentView, "content"> & {
  content: string | null;
  canEdit: boolean;
  mayMarkHelpful: boolean;
  /** "Melden": null where this viewer may not report it. */
  report: { reported: boolean } | null;
};

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
  field,
}: {
  /** This page's threads with their replies. */
  comments: CommentOnPage[];
  /** Visible comments of the whole discussion. */
  totalCount: number;
  basePath: string;
  currentPage: number;
  totalPages: number;
  access: CommentAccess;
  lockReason: string | null;
  /** Staff only: hide and restore comments (the server checks again). */
  moderationTools?: CommentModerationTools;
  now: Date;
  replyTo: string | null;
  editing: string | null;
  errors: FormErrors;
  /** The one-time key the comment forms send (null where no form may be sent). */
  submissionKey: string | null;
  /** The asker or staff: each answer offers "Als Lösung markieren". */
  mayChooseSolution?: boolean;
  /** A refused report of this comment, shown in its "Melden" form. */
  reportErrorFor?: (commentId: string) => string | null;
  /** The comment whose report form is open (?report=). */
  reporting?: string | null;
  /** Staff: the comment whose reason form for hiding it is open (?hide=). */
  hiding?: string | null;
  /** Members who may answer: where their reply's draft is saved, and what was saved. */
  draft?: ReplyDraft | null;
  /** The comments of this page the member had not read before this visit (null: a first visit, or a guest). */
  unreadHere?: readonly string[] | null;
  /** A post quoted by "Zitieren" without JavaScript, for the new comment's form. */
  quote?: QuotePrefill | null;
  /** The comment forms' text field (the page hands in the editor area's). */
  field: CommentField;
}) {
  // Reply and edit links stay on this page of the comments (relative: the page's own address with another query).
  const pageLink = (query: string) => `?${currentPage > 1 ? `page=${currentPage}&` : ""}${query}`;
  // Where "Zitieren" puts a quote: the open reply form, else the new comment's.
  const replyField = useRef<RichTextFieldHandle>(null);
  const newCommentField = useRef<RichTextFieldHandle>(null);
  const item = {
    access,
    now,
    editing,
    errors,
    moderationTools,
    pageLink,
    cancelTo: pageHref(".", currentPage),
    mayChooseSolution,
    reportErrorFor,
    reporting,
    hiding,
    // "(bearbeitet)" opens the comment's earlier versions (app/routes/discussion.revisions.tsx).
    revisionsOf: (commentId: string) => `${basePath}/revisions?comment=${commentId}`,
    permalinkOf: (commentId: string) => `${pageHref(basePath, currentPage)}#comment-${commentId}`,
  };
  const pageThreads = threads(comments);
  const unread = new Set(unreadHere ?? []);
  // The line goes before the first unread comment as the page shows them: threads in order, each with its replies.
  const firstUnread = pageThreads.flatMap(({ comment, replies }) => [comment, ...replies]).find((comment) => unread.has(comment.id))?.id;
  return (
    <FieldContext value={field}>
      <section aria-labelledby="comments-title" className="flex flex-col gap-4">
        {mayChooseSolution && <SolutionForm />}
        <h2 id="comments-title" className="text-xl font-semibold">
          Antworten ({totalCount})
        </h2>
        {comments.length === 0 ? (
          <p className="text-muted-foreground">Noch keine Kommentare vorhanden.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {pageThreads.map(({ comment, replies }) => (
              <li key={comment.id} className="flex flex-col gap-2">
                {firstUnread === comment.id && <NewSinceLine />}
                <CommentItem comment={comment} {...item} isNew={unread.has(comment.id)} />
                {(replies.length > 0 || replyTo === comment.id) && (
                  <ol className="ml-6 flex flex-col gap-2 border-l-2 border-brand-100 pl-4 sm:ml-10">
                    {replies.map((reply) => (
                      <li key={reply.id} className="flex flex-col gap-2">
                        {firstUnread === reply.id && <NewSinceLine />}
                        <CommentItem comment={reply} {...item} replyTarget={comment.id} isNew={unread.has(reply.id)} />
                      </li>
                    ))}
                    {replyTo === comment.id && access === "allowed" && (
                      <li>
                        <CommentForm
                          parentId={comment.id}
                          error={errors.target === comment.id ? errors.content : null}
                          start={errors.target === comment.id && errors.draft ? fieldFrom(errors.draft) : savedReply(draft, comment.id)}
                          draftKept={
                            (errors.target === comment.id && errors.draft !== null) || savedReply(draft, comment.id) !== emptyField
                          }
                          replyDraft={draft}
                          field={replyField}
                          submissionKey={submissionKey}
                          autoFocus
                          cancelTo={item.cancelTo}
                        />
                      </li>
                    )}
                  </ol>
                )}
              </li>
            ))}
          </ol>
        )}
        <Pagination basePath={basePath} currentPage={currentPage} totalPages={totalPages} label="Seiten der Kommentare" />
        <NewCommentArea
          access={access}
          lockReason={lockReason}
          error={errors.target === null ? (errors.content ?? errors.form) : null}
          start={errors.target === null && errors.draft ? fieldFrom(errors.draft) : withQuote(savedReply(draft, null), quote)}
          draftKept={(errors.target === null && errors.draft !== null) || savedReply(draft, null) !== emptyField}
          submissionKey={submissionKey}
          replyDraft={draft}
          openReplyTarget={replyTo}
          field={newCommentField}
        />
        {access === "allowed" && <QuoteSelection target={() => replyField.current ?? newCommentField.current} />}
      </section>
    </FieldContext>
  );
}

/** Where the comments the member has not read yet begin (issue 30): read above, new below. */
function NewSinceLine() {
  return (
    <p data-testid="new-since" className="flex items-center gap-3 py-1 text-sm font-semibold text-brand-700">
      <span aria-hidden="true" className="h-px flex-1 bg-current" />
      Neu seit Ihrem letzten Besuch
      <span aria-hidden="true" className="h-px flex-1 bg-current" />
    </p>
  );
}

function CommentItem({
  comment,
  isNew = false,
  access,
  moderationTools,
  now,
  editing,
  errors,
  replyTarget,
  pageLink,
  cancelTo,
  mayChooseSolution,
  reportErrorFor,
  reporting,
  hiding,
  revisionsOf,
  permalinkOf,
}: {
  comment: CommentOnPage;
  /** Not read by the member before this visit. */
  isNew?: boolean;
  access: CommentAccess;
  moderationTools?: CommentModerationTools;
  now: Date;
  editing: string | null;
  errors: Pick<FormErrors, "content" | "target" | "draft">;
  pageLink: (query: string) => string;
  cancelTo: string;
  /** The top-level comment a reply button answers to (replies of replies join the thread). */
  replyTarget?: string;
  mayChooseSolution: boolean;
  reportErrorFor: (commentId: string) => string | null;
  reporting: string | null;
  hiding: string | null;
  revisionsOf: (commentId: string) => string;
  permalinkOf: (commentId: string) => string;
}) {
  const textKey = pageTextKeys.comment(comment.id);
  const rich = comment.contentFormat === "html";
  // The page's markup holds the text once (app/lib/page-text.tsx): rich text as its HTML, an old comment as its words and mentions.
  const text = usePageText(textKey, comment.content, rich ? (element) => element.innerHTML : textWithMentions);
  if (comment.placeholder) {
    return (
      <p id={`comment-${comment.id}`} className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground italic">
        Dieser Kommentar wurde von der Moderation ausgeblendet.
      </p>
    );
  }
  const name = authorFirstName(comment.author);
  const edited = new Date(comment.updatedAt).getTime() !== new Date(comment.createdAt).getTime();
  const mayEdit = comment.canEdit;
  const replyTo = replyTarget ?? comment.id;

  return (
    <article
      id={`comment-${comment.id}`}
      data-testid="comment"
      className={cn(
        "scroll-mt-20 rounded-lg border p-4",
        comment.hidden
          ? "border-dashed border-red-300 bg-red-50/40"
          : comment.held
            ? "border-dashed border-amber-300 bg-amber-50/40"
            : comment.isSolution
              ? "border-2 border-green-300 bg-background"
              : "border-border bg-background",
      )}
    >
      {comment.held && !comment.hidden && (
        <p className="mb-2 text-sm font-medium text-amber-900">
          {heldTexts.badge}: {heldTexts.notice}
        </p>
      )}
      {comment.hidden && (
        <p className="mb-2 text-sm font-medium text-red-900">
          Ausgeblendet (nur für das Moderationsteam sichtbar){comment.hidden.reason ? ` – Grund: ${comment.hidden.reason}` : ""}
        </p>
      )}
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Avatar name={comment.author ? `${comment.author.firstName} ${comment.author.lastName}` : name} size="xs" />
        {/* Each comment is an article, and an article gets a heading: who wrote it. */}
        <div className="flex flex-col leading-tight">
          <h3>
            <span className="sr-only">{replyTarget ? "Antwort von " : "Kommentar von "}</span>
            <AuthorLink author={comment.author} name={name} plain />
          </h3>
          <AuthorCredentials author={comment.author} />
        </div>
        {comment.isSolution && <SolvedBadge>Lösung</SolvedBadge>}
        {edited && (
          <a
            href={revisionsOf(comment.id)}
            data-link=""
            aria-label="Bearbeitet – Versionen ansehen"
            className="text-muted-foreground underline-offset-2 hover:underline"
          >
            (bearbeitet)
          </a>
        )}
        <time className="text-muted-foreground" dateTime={new Date(comment.createdAt).toISOString()}>
          {formatRelativeTime(comment.createdAt, now)}
        </time>
        {isNew && <NewMarker label="Neu seit Ihrem letzten Besuch" />}
        {mayEdit && editing !== comment.id && (
          <a
            href={`${pageLink(`editComment=${comment.id}`)}#comment-${comment.id}`}
            data-link="stay"
            className="ml-auto rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Kommentar bearbeiten"
            title="Kommentar bearbeiten"
          >
            <Icon name="pencil" className="size-4" />
          </a>
        )}
      </header>
      {editing === comment.id && mayEdit ? (
        <EditCommentForm
          commentId={comment.id}
          start={fieldFrom(
            errors.target === comment.id && errors.draft ? errors.draft : { content: text, contentFormat: comment.contentFormat },
          )}
          error={errors.target === comment.id ? errors.content : null}
          cancelTo={cancelTo}
        />
      ) : rich ? (
        <RichContent
          html={text}
          className="mt-2 text-sm [&>:first-child]:mt-0"
          {...{ [pageTextAttribute]: textKey }}
          {...quoteSourceAttributes({ author: name, href: permalinkOf(comment.id) })}
        />
      ) : (
        <div className="mt-2 text-sm leading-relaxed" {...quoteSourceAttributes({ author: name, href: permalinkOf(comment.id) })}>
          <LinkifiedText text={text} pageTextKey={textKey} />
        </div>
      )}
      {/* A held comment takes no replies, marks or solution until it is published. */}
      {editing !== comment.id && !comment.hidden && !comment.held && (
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          <HelpfulButton
            commentId={comment.id}
            helpful={comment.helpful}
            mayMark={comment.mayMarkHelpful}
            label={`${replyTarget ? "Antwort" : "Kommentar"} von ${name}`}
          />
          {access === "allowed" && (
            <a
              href={`${pageLink(`replyTo=${replyTo}`)}#comment-${comment.id}`}
              data-link="stay"
              className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
            >
              <Icon name="message-square-reply" className="size-4" />
              Antworten
            </a>
          )}
          {access === "allowed" && (
            <QuoteLink
              href={`${pageLink(`quote=${comment.id}`)}#new-comment`}
              label={`${replyTarget ? "Antwort" : "Kommentar"} von ${name}`}
            />
          )}
          {mayChooseSolution &&
            (comment.isSolution ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="unmark-solution" />
                <button type="submit" className="inline-flex items-center gap-1 text-sm text-green-700 hover:underline">
                  <Icon name="circle-check" className="size-4" />
                  Lösung zurücknehmen
                </button>
              </Form>
            ) : (
              // The page's one solution form (SolutionForm, before the comments): the button names the comment.
              <button
                type="submit"
                form={SOLUTION_FORM_ID}
                name="commentId"
                value={comment.id}
                className="inline-flex items-center gap-1 text-sm text-green-700 hover:underline"
                aria-label={`Kommentar von ${name} als Lösung markieren`}
              >
                <Icon name="circle-check" className="size-4" />
                Als Lösung markieren
              </button>
            ))}
          <BookmarkControl
            post={comment.id}
            label={`${replyTarget ? "Antwort" : "Kommentar"} von ${name}`}
            openHref={`${pageLink(`bookmark=${comment.id}`)}#comment-${comment.id}`}
            cancelTo={`${cancelTo}#comment-${comment.id}`}
          />
          {comment.report && (
            <ReportControl
              commentId={comment.id}
              reported={comment.report.reported}
              label={`${replyTarget ? "Antwort" : "Kommentar"} von ${name}`}
              error={reportErrorFor(comment.id)}
              open={reporting === comment.id}
              openHref={`${pageLink(`report=${comment.id}`)}#comment-${comment.id}`}
              cancelTo={`${cancelTo}#comment-${comment.id}`}
            />
          )}
        </div>
      )}
      {moderationTools && editing !== comment.id && (
        <div className="mt-3 border-t border-border pt-3">
          {moderationTools({
            id: comment.id,
            hidden: comment.hidden !== null,
            error: errors.target === comment.id ? errors.content : null,
            open: hiding === comment.id,
            openHref: `${pageLink(`hide=${comment.id}`)}#comment-${comment.id}`,
          })}
        </div>
      )}
    </article>
  );
}

/** The one form every "Als Lösung markieren" button of the page submits (`form` attribute), with its comment's id. */
const SOLUTION_FORM_ID = "solution-form";

function SolutionForm() {
  return (
    <Form id={SOLUTION_FORM_ID} method="post" preventScrollReset hidden>
      <input type="hidden" name="intent" value="mark-solution" />
    </Form>
  );
}

function EditCommentForm({
  commentId,
  start,
  error,
  cancelTo,
}: {
  commentId: string;
  /** The comment as stored (an old plain-text one goes into the editor as paragraphs), or the refused edit. */
  start: FieldStart;
  error: string | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const textField = useCommentField();
  const pending = navigation.state === "submitting" && navigation.formData?.get("commentId") === commentId;
  const id = `edit-${commentId}`;
  return (
    <Form method="post" className="mt-2 flex flex-col gap-2" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="update-comment" />
      <input type="hidden" name="commentId" value={commentId} />
      <label id={`${id}-label`} htmlFor={id} className="sr-only">
        Kommentar bearbeiten
      </label>
      {textField({ id, name: "content", labelId: `${id}-label`, ...start, compact: true, autoFocus: true })}
      {error && <p className="text-sm text-destructive">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Wird gespeichert..." : "Speichern"}
        </Button>
        <CancelLink size="sm" variant="ghost" to={cancelTo} />
      </div>
    </Form>
  );
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

function NewCommentArea({
  access,
  lockReason,
  error,
  start,
  draftKept,
  submissionKey,
  replyDraft,
  openReplyTarget,
  field,
}: {
  access: CommentAccess;
  lockReason: string | null;
  error: string | null;
  start: FieldStart;
  draftKept: boolean;
  field: RefObject<RichTextFieldHandle | null>;
  submissionKey: string | null;
  replyDraft: ReplyDraft | null;
  /** The comment whose reply form is open (?replyTo=). */
  openReplyTarget: string | null;
}) {
  if (access === "locked") {
    return (
      <div className="flex gap-3 rounded-lg bg-muted p-4 text-sm" data-testid="locked-notice">
        <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
        <div>
          <p className="font-medium">{texts.discussionLocked}</p>
          {lockReason && <p className="mt-1 text-muted-foreground">Grund: {lockReason}</p>}
        </div>
      </div>
    );
  }
  if (access === "guest") {
    return (
      <div className="rounded-lg bg-muted p-4 text-sm">
        <p>{texts.signInToCommentHint}</p>
        <Button asChild size="sm" className="mt-3">
          <Link to="/auth">Anmelden</Link>
        </Button>
      </div>
    );
  }
  const elsewhere = replyDraft?.saved?.parentId && replyDraft.saved.parentId !== openReplyTarget ? replyDraft.continueHref : null;
  return (
    <>
      {elsewhere && (
        <p className="rounded-lg bg-muted p-3 text-sm">
          Sie haben eine Antwort auf einen Kommentar begonnen.{" "}
          <Link to={elsewhere} className="text-brand-700 underline underline-offset-2">
            Entwurf fortsetzen
          </Link>
        </p>
      )}
      <CommentForm
        error={error}
        start={start}
        draftKept={draftKept}
        submissionKey={submissionKey}
        disabledHint={access === "pending" ? texts.awaitingApprovalHint : undefined}
        replyDraft={access === "allowed" ? replyDraft : null}
        field={field}
      />
    </>
  );
}

function CommentForm({
  parentId,
  error,
  start,
  draftKept,
  submissionKey,
  autoFocus,
  disabledHint,
  cancelTo = ".",
  replyDraft = null,
  field,
}: {
  parentId?: string;
  /** Where "Abbrechen" of a reply form leads: this page of the comments without ?replyTo. */
  cancelTo?: string;
  error: string | null;
  /** What the field starts with: the refused text (a page rendered anew, without JavaScript), the saved draft, a quote. */
  start: FieldStart;
  /** The member's saved draft for this form came with it. */
  draftKept: boolean;
  submissionKey: string | null;
  autoFocus?: boolean;
  /** Signed in but not yet allowed to comment: the form shows why and cannot be sent. */
  disabledHint?: string;
  /** Where this form's draft is saved while the member types; null: no draft (pending members). */
  replyDraft?: ReplyDraft | null;
  /** Where "Zitieren" finds this form's field. */
  field: RefObject<RichTextFieldHandle | null>;
}) {
  const navigation = useNavigation();
  const textField = useCommentField();
  const formRef = useRef<HTMLFormElement>(null);
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "create-comment" &&
    (navigation.formData?.get("parentId") ?? "") === (parentId ?? "");
  const id = parentId ? `reply-${parentId}` : "new-comment";
  // A sent or discarded comment empties the field: it is drawn anew (the editor too), without the text it came with.
  const [emptied, setEmptied] = useState(0);
  const [discarded, setDiscarded] = useState(false);
  const restored = discarded ? emptyField : start;
  // A saved draft (or a refused form's text, which the server kept as one) came with the form.
  const hasDraft = !discarded && draftKept;
  const autosave = useDraftAutosave(formRef, {
    discussionId: replyDraft?.discussionId ?? null,
    enabled: replyDraft !== null,
    saved: hasDraft,
  });
  // Sent: the draft went with the post (the server removed it), so the form says nothing of one any more.
  const onSubmit = useResetAfterSuccess(navigation.state === "idle", error, () => {
    autosave.discard();
    setEmptied((count) => count + 1);
  });
  const discardFormId = `${id}-discard-draft`;
  return (
    <>
      <Form ref={formRef} method="post" className="flex flex-col gap-2" preventScrollReset noValidate onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="create-comment" />
        {parentId && <input type="hidden" name="parentId" value={parentId} />}
        {submissionKey && <input type="hidden" name="submissionKey" value={submissionKey} />}
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
          {parentId ? "Ihre Antwort" : "Ihr Kommentar"}
        </label>
        {disabledHint && (
          <p id={`${id}-hint`} className="rounded-lg bg-muted p-3 text-sm">
            {disabledHint}
          </p>
        )}
        <Fragment key={emptied}>
          {textField({
            handle: field,
            id,
            name: "content",
            labelId: `${id}-label`,
            ...(emptied > 0 ? emptyField : restored),
            compact: true,
            loadEditor: "on-intent",
            disabled: Boolean(disabledHint),
            describedBy: disabledHint ? `${id}-hint` : undefined,
            autoFocus,
            placeholder: parentId ? "Antwort schreiben..." : "Schreiben Sie einen Kommentar...",
          })}
        </Fragment>
        {error && <p className="text-sm text-destructive">{error}</p>}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={pending || Boolean(disabledHint)}>
            {pending ? "Wird gesendet..." : parentId ? "Antwort senden" : "Kommentar senden"}
          </Button>
          {parentId && <CancelLink size="sm" variant="ghost" to={cancelTo} />}
        </div>
        {replyDraft && (
          <DraftControls
            status={autosave.status}
            discardFormId={discardFormId}
            hasDraft={hasDraft}
            onDiscard={() => {
              autosave.discard();
              setDiscarded(true);
              setEmptied((count) => count + 1);
            }}
          />
        )}
      </Form>
      {replyDraft && <DiscardDraftForm id={discardFormId} discussionId={replyDraft.discussionId} anchor={`#${id}`} />}
    </>
  );
}

/**
 * Empties the form once its own submission went through; a refused one keeps the text. A comment that went
 * through redirects (a new location), a refused one answers with an error on the same location. Router
 * updates run as transitions, so on a slow device the "submitting" state may never be rendered: the
 * submission is noted at the submit event instead of being read from the navigation state.
 */
function useResetAfterSuccess(idle: boolean, error: string | null, empty: () => void) {
  const location = useLocation();
  const submittedAt = useRef<string | null>(null);
  const emptyRef = useRef(empty);
  useEffect(() => {
    emptyRef.current = empty;
  });
  useEffect(() => {
    if (submittedAt.current === null || !idle) return;
    const moved = location.key !== submittedAt.current;
    if (!moved && !error) return;
    submittedAt.current = null;
    if (moved && !error) emptyRef.current();
  }, [idle, error, location.key]);
  return () => {
    submittedAt.current = location.key;
  };
}
