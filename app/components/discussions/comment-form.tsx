import { Icon } from "~/components/ui/icon";
import { Fragment, useEffect, useRef, useState, type RefObject } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import type { RichTextFieldHandle } from "~/components/editor/rich-text-field";
import { texts } from "~/lib/texts";
import { DiscardDraftForm, DraftControls } from "./draft-controls";
import { useDraftAutosave } from "~/lib/hooks/use-draft-autosave";
import { useCommentPage } from "./comment-page";
import { emptyField, formStart, type FieldStart } from "./comment-form-start";
import type { QuotePrefill, ReplyDraft } from "./comment-types";

// The comment section's forms: a comment's edit form, the reply form under a thread, and the new comment's
// area below the comments, which says why there is no form where there is none.

/** A comment's edit form, in its text's place while the viewer edits it (?editComment=). */
export function EditCommentForm({
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
  const { field: textField } = useCommentPage();
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

/** The form under a thread whose "Antworten" was chosen (?replyTo=), with what the member wrote there before. */
export function ReplyForm({ parentId, field }: { parentId: string; field: RefObject<RichTextFieldHandle | null> }) {
  const { errors, draft, submissionKey, cancelTo } = useCommentPage();
  const { start, draftKept } = formStart(errors, draft, parentId);
  return (
    <CommentForm
      parentId={parentId}
      error={errors.target === parentId ? errors.content : null}
      start={start}
      draftKept={draftKept}
      replyDraft={draft}
      field={field}
      submissionKey={submissionKey}
      autoFocus
      cancelTo={cancelTo}
    />
  );
}

/** Below the comments: the new comment's form, or why there is none (locked, a guest). */
export function NewCommentArea({
  lockReason,
  quote,
  openReplyTarget,
  field,
}: {
  lockReason: string | null;
  /** A post quoted by "Zitieren" without JavaScript, for the form. */
  quote: QuotePrefill | null;
  /** The comment whose reply form is open (?replyTo=). */
  openReplyTarget: string | null;
  /** Where "Zitieren" finds the form's field. */
  field: RefObject<RichTextFieldHandle | null>;
}) {
  const { access, errors, draft: replyDraft, submissionKey } = useCommentPage();
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
  const { start, draftKept } = formStart(errors, replyDraft, null, quote);
  // A draft begun in a reply form that is not open: the link leads back to it.
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
        error={errors.target === null ? (errors.content ?? errors.form) : null}
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

/** A new comment or a reply: its field, the send button, and while the member types, the saved draft's controls. */
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
  const { field: textField } = useCommentPage();
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
