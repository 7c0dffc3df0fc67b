import { useFetcher } from "react-router";
import { useShowToast } from "~/components/toast/use-show-toast";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { readPostChoice } from "~/lib/post-choice";
import type { ToastMessage } from "~/lib/toast";

/**
 * The page's one form for a post's toggle (`intent` and the buttons' field share the name) and the choice on its
 * way. Without JavaScript a button submits the form and the page comes back; with it the page's one fetcher sends it
 * (the button's value is the submitter's) and `pending` names the post and the state it asked for until the
 * answer is in; `answer` is what the server said to the last one. One form and one fetcher for a page of fifty
 * posts, not fifty of each.
 */
export function usePostChoiceForm<Answer extends object = object>(name: "helpful" | "bookmark", formId: string) {
  const fetcher = useFetcher<Answer & { toast?: ToastMessage }>({ key: name });
  useShowToast(fetcher.data?.toast);
  const hydrated = useHydrated();
  const choice = fetcher.formData?.get(name);
  const pending = typeof choice === "string" && fetcher.state !== "idle" ? readPostChoice(choice) : null;
  const form = (
    <fetcher.Form id={formId} method="post" preventScrollReset hidden>
      <input type="hidden" name="intent" value={name} />
      {/* Only a script asks for the answer as data; a plain form wants the page again. */}
      {hydrated && <input type="hidden" name="stay" value="1" />}
    </fetcher.Form>
  );
  // The server's last answer, once the page's data is read again after it (a new object per answer).
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return { pending, form, answer };
}
