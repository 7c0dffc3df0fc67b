import { Icon } from "~/components/ui/icon";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useCountInTitle } from "~/lib/hooks/use-count-in-title";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { unreadLabel } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { useLiveEvent } from "~/lib/live-stream";

// The panel and its dialog code load when the bell is first pressed (decision 0009).
const NotificationPanel = lazy(() => import("./notification-panel"));

const bellClass = "relative ml-auto inline-flex size-9 items-center justify-center rounded-md hover:bg-accent";

/**
 * The bell in the top bar (members only): the unread count as the server
 * rendered it, then kept current by the server-sent events of
 * /notifications/live, also in the tab's title. Without JavaScript (and until
 * the scripts run) it is a link to /notifications; afterwards it opens a panel
 * with the newest notifications, which links to that list.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const [count, setCount] = useState(unread);
  const [rendered, setRendered] = useState(unread);
  // A navigation brings the loader's fresh number (adjusted while rendering, as React advises for props).
  if (rendered !== unread) {
    setRendered(unread);
    setCount(unread);
  }
  // The tab's one live stream (LiveStreamProvider), which also carries an open discussion's events.
  useLiveEvent("count", (data) => {
    const next = Number(data);
    if (Number.isInteger(next) && next >= 0) setCount(next);
  });
  useCountInTitle(count);

  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The panel is done once it has led somewhere: a new page closes it.
  const { key } = useLocation();
  const [openedOn, setOpenedOn] = useState(key);
  if (openedOn !== key) {
    setOpenedOn(key);
    setOpen(false);
  }

  const content = (
    <>
      <Icon name="bell" className="size-5" />
      {count > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-semibold leading-5 text-primary-foreground"
          data-testid="notification-count"
          aria-hidden="true"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </>
  );
  if (!hydrated) {
    return (
      <Link
        to={paths.notifications}
        className={bellClass}
        aria-label={unreadLabel(count)}
        title="Benachrichtigungen"
        data-testid="notification-bell"
      >
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={bellClass}
        aria-label={unreadLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title="Benachrichtigungen"
        data-testid="notification-bell"
        onClick={() => setOpen((was) => !was)}
      >
        {content}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} opener={opener} unread={count} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
