import { ThumbsUpIcon } from "lucide-react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/utils";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { helpfulSentence } from "~/lib/answers";
import { useShowToast } from "~/components/toast/use-show-toast";
import type { ToastMessage } from "~/lib/toast";

export interface HelpfulState {
  count: number;
  names: string[];
  markedByViewer: boolean;
}

/**
 * "Hilfreich" under a post: a button for members who may mark it (a form: it works before and without
 * JavaScript), the count for everyone else. With JavaScript the count moves at once and the server's answer
 * settles it; without, the page comes back with the new count.
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
  const hydrated = useHydrated();
  useShowToast(fetcher.data?.toast);
  const pending = fetcher.formData?.get("marked");
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
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="helpful" />
          {commentId && <input type="hidden" name="commentId" value={commentId} />}
          <input type="hidden" name="marked" value={String(!marked)} />
          {/* Only a page that runs this script wants the answer as data; a plain form post is sent back to the post. */}
          {hydrated && <input type="hidden" name="stay" value="1" />}
          <button
            type="submit"
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
            <ThumbsUpIcon className="size-4" aria-hidden="true" />
            Hilfreich
            {count > 0 && <span className="tabular-nums">{count}</span>}
          </button>
        </fetcher.Form>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid="helpful-count">
          <ThumbsUpIcon className="size-4" aria-hidden="true" />
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
