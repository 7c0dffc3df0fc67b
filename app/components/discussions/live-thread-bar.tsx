import { useEffect, useRef, useState } from "react";
import { Link, useNavigation, useRevalidator } from "react-router";
import { useLiveEvent } from "~/lib/live-stream";
import { buttonVariants } from "~/components/ui/button";
import { useGuestPage } from "~/lib/hydration";
import { focusFirstNewComment, newRepliesText, parseThreadState, shownComments, type ThreadState } from "~/lib/live-thread";
import { pageHref, paths } from "~/lib/paths";

interface LiveThreadProps {
  slug: string;
  /** The visible replies this page was rendered with. */
  replies: number;
  /** The discussion's last visible change this page shows (ISO). */
  changedAt: string;
  /** On the last page of the comments new ones are loaded in place; on another page the bar leads to them. */
  onLastPage: boolean;
  /** Where the bar leads from another page: a member's first unread comment, a guest's last page. */
  elsewhereHref: string;
}

const barClass = buttonVariants({ variant: "secondary", size: "wrap", className: "w-full font-semibold" });

/**
 * The live thread at the end of the comment list (decision 0055): "1 neue Antwort – anzeigen" once the live stream
 * tells of new visible replies. A click loads them where the bar was (a revalidation: nothing above moves, an open
 * reply keeps its text); new counts or a solution alone are shown quietly. A guest's reading page has no React
 * (decision 0036): it carries the same bar as a template, which the guest script shows (app/enhance/guest.ts).
 */
export function LiveThreadBar({
  discussion: { slug, repliesCount, changedAt },
  pages,
  guest,
}: {
  discussion: { slug: string; repliesCount: number; changedAt: Date | string };
  pages: { currentPage: number; totalPages: number };
  guest: boolean;
}) {
  const props: LiveThreadProps = {
    slug,
    replies: repliesCount,
    changedAt: new Date(changedAt).toISOString(),
    onLastPage: pages.currentPage >= pages.totalPages,
    elsewhereHref: guest ? pageHref(paths.discussion(slug), pages.totalPages) : paths.discussionUnread(slug),
  };
  return useGuestPage() ? <GuestLiveThread {...props} /> : <MemberLiveThread {...props} />;
}

function MemberLiveThread({ replies, changedAt, onLastPage, elsewhereHref }: LiveThreadProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [latest, setLatest] = useState<ThreadState | null>(null);
  const helpfulSeen = useRef<number | null>(null);
  const handled = useRef("");
  useLiveEvent("thread", (data) => {
    const state = parseThreadState(data);
    // While a form of this page is on its way (a moderator's "Anpinnen", say), the news of that very change can
    // arrive first: revalidating then replaced the submission's navigation, and its answer (the toast) was lost. The
    // page loads afresh when the submission ends, so a change that arrives meanwhile needs nothing of its own.
    if (!state || navigation.state !== "idle") return;
    setLatest(state);
    const helpfulChanged = helpfulSeen.current !== null && helpfulSeen.current !== state.helpful;
    helpfulSeen.current = state.helpful;
    // New replies wait for the reader's click; anything else is shown at once, once per change.
    if (state.replies > replies || handled.current === data) return;
    if (state.replies < replies || state.changedAt !== changedAt || helpfulChanged) {
      handled.current = data;
      void revalidator.revalidate();
    }
  });
  // The comments shown when the bar was clicked: once the revalidation it started has ended, the focus goes to the
  // first new one (none if all of them were hidden meanwhile; then nothing is left waiting for a later change).
  const clickedOver = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (revalidator.state !== "idle" || !clickedOver.current) return;
    focusFirstNewComment(clickedOver.current);
    clickedOver.current = null;
  }, [revalidator.state]);
  const fresh = latest ? latest.replies - replies : 0;
  // While the page loads (the reader's own comment, say) the bar waits for what it brings.
  const show = fresh > 0 && navigation.state === "idle" && revalidator.state === "idle";
  return (
    <div aria-live="polite" className="empty:hidden" data-testid="live-thread">
      {show &&
        (onLastPage ? (
          <button
            type="button"
            className={barClass}
            onClick={() => {
              clickedOver.current = shownComments();
              void revalidator.revalidate();
            }}
          >
            {newRepliesText(fresh)}
          </button>
        ) : (
          <Link to={elsewhereHref} className={barClass}>
            {newRepliesText(fresh)}
          </Link>
        ))}
    </div>
  );
}

/** Rendered once for every guest (the page cache keeps it): the data the guest script compares, and the bar's template. */
function GuestLiveThread({ slug, replies, changedAt, onLastPage, elsewhereHref }: LiveThreadProps) {
  return (
    <>
      <div
        aria-live="polite"
        className="empty:hidden"
        data-testid="live-thread"
        data-live-thread={slug}
        data-replies={replies}
        data-changed-at={changedAt}
      />
      <template data-template="live-thread-bar">
        {onLastPage ? (
          <button type="button" className={barClass} data-action="live-thread-show" data-live-thread-text="" />
        ) : (
          <a href={elsewhereHref} className={barClass} data-live-thread-text="" />
        )}
      </template>
    </>
  );
}
