import { Icon } from "~/components/ui/icon";
import { createContext, use, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/utils";
import { helpfulSentence } from "~/lib/answers";
import { useShowToast } from "~/components/toast/use-show-toast";
import { useHydrated } from "~/lib/hooks/use-hydrated";
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

/** The choice on its way (from the pressed button until the page's data is read again), null when none is. */
const PendingChoice = createContext<{ post: string; marked: boolean } | null>(null);

/**
 * The page's one "Hilfreich" form and what it is sending, for the buttons below it (members who may mark only).
 * Without JavaScript a button submits the form and the page comes back with the new count; with it the page's one
 * fetcher sends it (the button's value is the submitter's), the count moves at once, and the page's data read
 * again after the answer settles it. One form and one fetcher for a page of fifty posts, not fifty of each.
 */
export function HelpfulProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>({ key: "helpful" });
  useShowToast(fetcher.data?.toast);
  const hydrated = useHydrated();
  const choice = fetcher.formData?.get("helpful");
  const [post, marked] = typeof choice === "string" ? choice.split(":") : [];
  const pending = post && fetcher.state !== "idle" ? { post, marked: marked === "true" } : null;
  return (
    <PendingChoice value={pending}>
      {enabled && (
        <fetcher.Form id={HELPFUL_FORM_ID} method="post" preventScrollReset hidden>
          <input type="hidden" name="intent" value="helpful" />
          {/* Only a script asks for the answer as data; a plain form wants the page again. */}
          {hydrated && <input type="hidden" name="stay" value="1" />}
        </fetcher.Form>
      )}
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
  const marked = sending ? sending.marked : helpful.markedByViewer;
  const count = helpful.count + (marked === helpful.markedByViewer ? 0 : marked ? 1 : -1);
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
