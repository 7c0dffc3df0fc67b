import { Icon } from "~/components/ui/icon";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Popover, PopoverContent, PopoverTitle } from "~/components/ui/popover";
import { formatDateTime } from "~/lib/format";
import { notificationText, type NotificationListItem } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { cn } from "~/lib/utils";

type Latest = { status: "loading" } | { status: "failed" } | { status: "loaded"; notifications: NotificationListItem[] };

/**
 * The bell's panel (decision 0041): the newest notifications, asked for when it opens and again whenever the live
 * count changes. Opening one and "Alle als gelesen markieren" are the list page's own forms (app/routes/
 * notifications.tsx), so they mark read exactly as there; "Alle anzeigen" leads to that page.
 */
export default function NotificationPanel({
  id,
  opener,
  unread,
  onClose,
}: {
  id: string;
  opener: RefObject<HTMLButtonElement | null>;
  unread: number;
  onClose: () => void;
}) {
  const latest = useLatestNotifications(unread);
  const readAll = useFetcher({ key: "bell-read-all" });
  const panel = useRef<HTMLDivElement>(null);
  // "Alle als gelesen markieren" goes away once it is done: the focus it had goes back to the panel, not the page.
  const allRead = readAll.data !== undefined && unread === 0;
  useEffect(() => {
    if (allRead) panel.current?.focus();
  }, [allRead]);
  return (
    <Popover onClose={onClose}>
      <PopoverContent
        id={id}
        ref={panel}
        opener={opener}
        aria-describedby={undefined}
        data-testid="notification-panel"
        // The panel itself takes the focus, so a screen reader names it before the first entry.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          panel.current?.focus();
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-border px-4 py-3">
          <PopoverTitle className="font-semibold">Benachrichtigungen</PopoverTitle>
          {unread > 0 && (
            <readAll.Form method="post" action={paths.notifications}>
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="stay" value="1" />
              <button
                type="submit"
                className="inline-flex items-center gap-1 rounded text-sm text-brand-700 hover:underline"
                disabled={readAll.state !== "idle"}
              >
                <Icon name="check-check" className="size-4" />
                Alle als gelesen markieren
              </button>
            </readAll.Form>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {latest.status === "loading" ? (
            <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
              Benachrichtigungen werden geladen …
            </p>
          ) : latest.status === "failed" ? (
            <p role="alert" className="px-4 py-6 text-center text-sm">
              Die Benachrichtigungen konnten nicht geladen werden.
            </p>
          ) : latest.notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">Noch keine Benachrichtigungen</p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Neueste Benachrichtigungen">
              {latest.notifications.map((notification) => (
                <li key={notification.id} data-testid="bell-notification" data-read={notification.read ? "true" : "false"}>
                  <PanelEntry notification={notification} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <Link
          to={paths.notifications}
          className="block border-t border-border px-4 py-3 text-center text-sm font-medium text-brand-700 hover:bg-muted hover:underline"
        >
          Alle anzeigen
        </Link>
      </PopoverContent>
    </Popover>
  );
}

/** One notification: the list page's "Lesen"/"Öffnen" form, as one button (marks it read and leads to it). */
function PanelEntry({ notification }: { notification: NotificationListItem }) {
  const text = notificationText(notification);
  const body = (
    <>
      <span aria-hidden="true" className={cn("mt-1.5 size-2 shrink-0 rounded-full", notification.read ? "bg-transparent" : "bg-primary")} />
      <span className="min-w-0 flex-1">
        <span className={cn("block text-sm break-words", !notification.read && "font-medium")}>{text}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">
          <time dateTime={new Date(notification.at).toISOString()}>{formatDateTime(notification.at)}</time>
          {notification.read ? "" : " · ungelesen"}
        </span>
      </span>
    </>
  );
  // The notice that a discussion was hidden leads nowhere; once read there is nothing to do with it here.
  if (notification.href === null && notification.read) return <div className="flex gap-3 px-4 py-3">{body}</div>;
  return (
    <Form method="post" action={paths.notifications}>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={notification.id} />
      <button type="submit" className="flex w-full gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted">
        {body}
      </button>
    </Form>
  );
}

/** The newest notifications, fetched anew when the live count changes (a new one came, or one was read elsewhere). */
function useLatestNotifications(unread: number): Latest {
  const [latest, setLatest] = useState<Latest>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    fetch(paths.notificationsLatest, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ notifications: NotificationListItem[] }>) : Promise.reject()))
      .then(({ notifications }) => setLatest({ status: "loaded", notifications }))
      .catch(() => {
        if (!controller.signal.aborted) setLatest({ status: "failed" });
      });
    return () => controller.abort();
  }, [unread]);
  return latest;
}
