/**
 * Push messages (decision 0060): the server's message (app/server/notifications/push-delivery.server.ts, its shape
 * in app/lib/push.ts) shown as a notification; a click opens its page, or brings the tab that shows it to the front.
 * No fetch listener: the other concerns answer the requests.
 */
import type { PushMessage } from "~/lib/push";
import { sw } from "./scope";

/** The notification list: where a message leads that names no page of ours. */
const FALLBACK_PATH = "/notifications";

/** The message, if it is ours to show: JSON with at least a title. */
function messageOf(event: PushEvent): Partial<PushMessage> | null {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    return data && typeof data.title === "string" ? data : null;
  } catch {
    return null;
  }
}

/** A page of this forum: the message's link with its path on the worker's own origin, never another site. */
function forumUrl(url: unknown): string {
  const { origin } = sw.location;
  if (typeof url !== "string") return new URL(FALLBACK_PATH, origin).href;
  const target = new URL(url, origin);
  return new URL(`${target.pathname}${target.search}${target.hash}`, origin).href;
}

sw.addEventListener("push", (event) => {
  const message = messageOf(event);
  // Each push must show something (the subscription is userVisibleOnly); one we cannot read says where to look.
  event.waitUntil(
    sw.registration.showNotification(message?.title ?? "Neue Benachrichtigung", {
      body: message?.body ?? "Öffnen Sie Ihre Benachrichtigungen im Forum.",
      icon: message?.icon,
      // A group that counts up ("2 neue Antworten …") replaces its earlier notification instead of piling up.
      tag: message?.tag,
      lang: "de",
      data: { url: forumUrl(message?.url) },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = forumUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const showing = windows.find((client) => client.url === url);
      if (showing) return void (await showing.focus());
      await sw.clients.openWindow(url);
    })(),
  );
});
