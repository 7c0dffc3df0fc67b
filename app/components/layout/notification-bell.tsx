import { BellIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { unreadLabel } from "~/lib/notifications";
import { paths } from "~/lib/paths";

/**
 * The bell in the top bar (members only): the unread count as the server
 * rendered it, then kept current by the server-sent events of
 * /notifications/live. Without JavaScript a reload shows the same number.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const [count, setCount] = useState(unread);
  const [rendered, setRendered] = useState(unread);
  // A navigation brings the loader's fresh number (adjusted while rendering, as React advises for props).
  if (rendered !== unread) {
    setRendered(unread);
    setCount(unread);
  }
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    // EventSource reconnects by itself after a dropped connection (the server sends a retry hint).
    const source = new EventSource(paths.notificationsLive);
    source.addEventListener("count", (event) => {
      const next = Number((event as MessageEvent<string>).data);
      if (Number.isInteger(next) && next >= 0) setCount(next);
    });
    return () => source.close();
  }, []);
  return (
    <Link
      to={paths.notifications}
      className="relative ml-auto inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
      aria-label={unreadLabel(count)}
      title="Benachrichtigungen"
      data-testid="notification-bell"
    >
      <BellIcon className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-semibold leading-5 text-primary-foreground"
          data-testid="notification-count"
          aria-hidden="true"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
