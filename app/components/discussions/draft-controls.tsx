import { Form, useLocation } from "react-router";
import { draftStatusText, type DraftState } from "~/lib/hooks/use-draft-autosave";
import { paths } from "~/lib/paths";
import { draftTexts } from "~/lib/drafts";

/**
 * Under a post's form: whether its draft is saved (read out politely), and "Entwurf verwerfen" while there is
 * one. The button sends a form of its own (`form=`), rendered beside the post's form by DiscardDraftForm: forms
 * do not nest, and without JavaScript the button must still work.
 */
export function DraftControls({
  status,
  discardFormId,
  hasDraft,
  onDiscard,
}: {
  status: DraftState;
  discardFormId: string;
  hasDraft: boolean;
  onDiscard: () => void;
}) {
  const text = draftStatusText(status);
  const showDiscard = hasDraft || status.state === "saved" || status.state === "restored";
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p role="status" className="text-muted-foreground" data-testid="draft-status">
        {text}
      </p>
      {showDiscard && (
        <button type="submit" form={discardFormId} onClick={onDiscard} className="text-brand-700 underline-offset-2 hover:underline">
          {draftTexts.discard}
        </button>
      )}
    </div>
  );
}

/** The form "Entwurf verwerfen" sends: the draft of a new discussion (no discussionId) or of the reply to one. */
export function DiscardDraftForm({ id, discussionId, anchor = "" }: { id: string; discussionId: string | null; anchor?: string }) {
  const location = useLocation();
  return (
    <Form id={id} method="post" action={paths.drafts} preventScrollReset hidden>
      <input type="hidden" name="intent" value="discard" />
      {discussionId && <input type="hidden" name="discussionId" value={discussionId} />}
      <input type="hidden" name="back" value={`${location.pathname}${location.search}${anchor}`} />
    </Form>
  );
}
