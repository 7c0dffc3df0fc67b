import { Icon } from "~/components/ui/icon";
import { Form, useFetcher } from "react-router";
import { cn } from "~/lib/utils";
import { helpfulSentence } from "~/lib/answers";
import { useShowToast } from "~/components/toast/use-show-toast";
import type { ToastMessage } from "~/lib/toast";

export interface HelpfulState {
  count: number;
  names: string[];
  markedByViewer: boolean;
}

/** The page's one form that every "Hilfreich" button submits (`form` attribute): one form, not one per post. */
export const HELPFUL_FORM_ID = "helpful-form";

/** What a "Hilfreich" button sends: the post ("discussion" for the question) and the state it asks for. */
export function helpfulChoiceValue(commentId: string | null, marked: boolean): string {
  return `${commentId ?? "discussion"}:${marked}`;
}

/**
 * "Hilfreich" under a post: a button for members who may mark it, the count for everyone else. Without
 * JavaScript the button submits the page's one helpful form (HelpfulForm) and the page comes back with the new
 * count; with it, the count moves at once and the server's answer settles it.
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
  const fetcher = useFetcher<{ helpful?: { marked: boolean; count: number }; toast?: ToastMessage }>();
  useShowToast(fetcher.data?.toast);
  const pendingChoice = fetcher.formData?.get("helpful");
  const pending = typeof pendingChoice === "string" ? pendingChoice.split(":")[1] : undefined;
  const settled = fetcher.data?.helpful;
  const marked = pending !== undefined && pending !== null ? pending === "true" : (settled?.marked ?? helpful.markedByViewer);
  const count =
    pending !== undefined && pending !== null
      ? helpful.count + (marked === helpful.markedByViewer ? 0 : marked ? 1 : -1)
      : (settled?.count ?? helpful.count);
  const names = helpfulSentence(helpful.names, count, { me: marked && !helpful.markedByViewer });
  if (!mayMark && count === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {mayMark ? (
        <button
          type="submit"
          form={HELPFUL_FORM_ID}
          name="helpful"
          value={helpfulChoiceValue(commentId, !marked)}
          // With JavaScript the page stays and only this count changes ("stay": the answer as data).
          onClick={(event) => {
            event.preventDefault();
            void fetcher.submit({ intent: "helpful", helpful: helpfulChoiceValue(commentId, !marked), stay: "1" }, { method: "post" });
          }}
          aria-pressed={marked}
          aria-label={`${label}: hilfreich${count > 0 ? ` (${count})` : ""}`}
          className={cn(
            "inline-flex min-h-8 items-center gap-1.5 rounded-full border px-3 py-1 font-medium transition-colors",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            marked
              ? "border-brand-600 bg-brand-50 text-brand-800"
              : "border-border text-muted-foreground hover:border-brand-200 hover:text-foreground",
          )}
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

/** The form every "Hilfreich" button of the page submits without JavaScript: rendered once, before the posts. */
export function HelpfulForm() {
  return (
    <Form id={HELPFUL_FORM_ID} method="post" preventScrollReset hidden>
      <input type="hidden" name="intent" value="helpful" />
    </Form>
  );
}
