import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { DraftControls } from "~/components/discussions/draft-controls";
import type { RichTextFieldProps } from "~/components/editor/rich-text-field";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useDraftAutosave } from "~/lib/hooks/use-draft-autosave";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";

/** What the field starts with: a refused message as sent (a page rendered anew), or the saved draft. */
export interface ComposeStart {
  html: string;
  text: string;
  format: "html" | "text";
}

/**
 * The thread's form under its messages: the rich-text field of the comments (a textarea until JavaScript runs,
 * decision 0006), its draft saved while the member types (decision 0037, at the conversation's own address), and
 * "Entwurf verwerfen". A sent message empties it. The route hands in the field and the draft's controls (component
 * areas do not import each other).
 */
export function MessageForm({
  conversationId,
  submissionKey,
  start,
  draftKept,
  error,
  disabledHint,
  field,
  draftControls,
}: {
  field: (props: RichTextFieldProps) => ReactNode;
  draftControls: (props: Parameters<typeof DraftControls>[0]) => ReactNode;
  conversationId: string;
  submissionKey: string;
  start: ComposeStart;
  draftKept: boolean;
  error: string | null;
  /** A participant who may not write (silenced): the form shows why and cannot be sent. */
  disabledHint: string | null;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [emptied, setEmptied] = useState(0);
  const [discarded, setDiscarded] = useState(false);
  const hasDraft = !discarded && draftKept;
  const autosave = useDraftAutosave(formRef, {
    discussionId: null,
    enabled: disabledHint === null,
    saved: hasDraft,
    endpoint: paths.conversationDraft(conversationId),
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  // Sent: the answer is a redirect to a new location; then the field is drawn anew, empty.
  const submittedAt = useRef<string | null>(null);
  useEffect(() => {
    if (submittedAt.current === null || navigation.state !== "idle") return;
    if (location.key !== submittedAt.current && !error) {
      autosave.discard();
      setEmptied((count) => count + 1);
    }
    submittedAt.current = null;
  }, [navigation.state, location.key, error, autosave]);
  const empty = { html: "", text: "", format: "text" as const };
  const shown = emptied > 0 || discarded ? empty : start;
  const discardFormId = "discard-message-draft";
  return (
    <>
      <Form
        ref={formRef}
        method="post"
        noValidate
        preventScrollReset
        className="flex flex-col gap-2"
        onSubmit={() => {
          submittedAt.current = location.key;
        }}
      >
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <label id="reply-label" htmlFor="reply" className="text-sm font-medium">
          Ihre Nachricht
        </label>
        {disabledHint && (
          <p id="reply-hint" className="rounded-lg bg-muted p-3 text-sm">
            {disabledHint}
          </p>
        )}
        <Fragment key={`${emptied}-${discarded}`}>
          {field({
            id: "reply",
            name: "content",
            labelId: "reply-label",
            initialHtml: shown.html,
            initialText: shown.text,
            fallbackFormat: shown.format,
            compact: true,
            loadEditor: "on-intent",
            disabled: disabledHint !== null,
            describedBy: disabledHint ? "reply-hint" : undefined,
            placeholder: "Schreiben Sie eine Nachricht...",
          })}
        </Fragment>
        {error && (
          <p className="text-sm text-destructive" data-testid="message-error">
            {error}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={pending || disabledHint !== null}>
            <Icon name="message-square" />
            {pending ? messageTexts.sending : messageTexts.send}
          </Button>
        </div>
        {disabledHint === null &&
          draftControls({
            status: autosave.status,
            discardFormId,
            hasDraft,
            onDiscard: () => {
              autosave.discard();
              setDiscarded(true);
            },
          })}
      </Form>
      <Form id={discardFormId} method="post" action={paths.conversationDraft(conversationId)} preventScrollReset hidden>
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="back" value={`${location.pathname}${location.search}#reply`} />
      </Form>
    </>
  );
}
