import { Icon } from "~/components/ui/icon";
import { createContext, use, type ReactNode } from "react";
import { cn } from "~/lib/utils";
import { helpfulSentence } from "~/lib/answers";
import { postChoiceValue } from "~/lib/post-choice";
import { usePostChoiceForm } from "./post-choice-form";

export interface HelpfulState {
  count: number;
  names: string[];
  markedByViewer: boolean;
}

/** The page's one form that every "Hilfreich" button submits (`form` attribute): one form, not one per post. */
export const HELPFUL_FORM_ID = "helpful-form";

/** The choice on its way (from the pressed button until the page's data is read again), null when none is. */
const PendingChoice = createContext<{ post: string; on: boolean } | null>(null);

/**
 * The page's one "Hilfreich" form and what it is sending, for the buttons below it (members who may mark only):
 * the count moves at once, and the page's data read again after the answer settles it.
 */
export function HelpfulProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { pending, form } = usePostChoiceForm("helpful", HELPFUL_FORM_ID);
  return (
    <PendingChoice value={pending}>
      {enabled && form}
      {children}
    </PendingChoice>
  );
}

/**
 * "Hilfreich" under a post: a button for members who may mark it, the count for everyone else. It submits the
 * page's one helpful form (HelpfulProvider) with its post and the state it asks for.
 */
export function HelpfulButton({
  commentId,
  helpful,
  mayMark,
  label,
}: {
  /** The comment; null for the question itself. */
  commentId: string | null;
  helpful: HelpfulState;
  mayMark: boolean;
  /** What the post is, for screen readers ("Kommentar von Aylin"). */
  label: string;
}) {
  const pending = use(PendingChoice);
  const sending = pending?.post === (commentId ?? "discussion") ? pending : null;
  const marked = sending ? sending.on : helpful.markedByViewer;
  const count = helpful.count + (marked === helpful.markedByViewer ? 0 : marked ? 1 : -1);
  const names = helpfulSentence(helpful.names, count, { me: marked && !helpful.markedByViewer });
  if (!mayMark && count === 0) return null;
  return (
    <div className="post-helpful">
      {mayMark ? (
        <button
          type="submit"
          form={HELPFUL_FORM_ID}
          name="helpful"
          value={postChoiceValue(commentId ?? "discussion", !marked)}
          aria-pressed={marked}
          aria-label={`${label}: hilfreich${count > 0 ? ` (${count})` : ""}`}
          className={cn("post-pill", marked && "post-pill-on")}
        >
          <Icon name="thumbs-up" className="size-4" />
          Hilfreich
          {count > 0 && <span className="tabular-nums">{count}</span>}
        </button>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid="helpful-count">
          <Icon name="thumbs-up" className="size-4" />
          <span>
            <span className="tabular-nums">{count}</span> × hilfreich
          </span>
        </span>
      )}
      {names && (
        <details className="group text-muted-foreground">
          <summary className="cursor-pointer list-none rounded text-xs underline decoration-dotted underline-offset-2 hover:text-foreground">
            Wer?
          </summary>
          <p className="mt-1 text-xs">{names}</p>
        </details>
      )}
    </div>
  );
}
