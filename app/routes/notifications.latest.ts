import { checkPermission, getViewer } from "~/server/accounts";
import { latestNotifications, unreadCount } from "~/server/notifications";
import type { Route } from "./+types/notifications.latest";

/** How many notifications the bell's panel shows; "Alle anzeigen" leads to the rest. */
const BELL_PANEL_SIZE = 8;

/** Private to the member who asks, and nothing for a search engine. */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * JSON for the bell's panel (decision 0041): the member's newest notifications and the unread count, asked for when
 * the panel opens and again when the live count changes. Without JavaScript the bell is a link to the list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const json = (body: unknown, status = 200) => Response.json(body, { status, headers: HEADERS });
  const allowed = checkPermission(await getViewer(request), "receiveNotifications", {
    unauthenticated: "Bitte melden Sie sich an.",
    forbidden: "Benachrichtigungen gibt es erst nach der Freischaltung.",
  });
  if (!allowed.ok) return json({ message: allowed.message }, allowed.reason === "unauthenticated" ? 401 : 403);
  const [notifications, unread] = await Promise.all([
    latestNotifications(allowed.value.id, BELL_PANEL_SIZE),
    unreadCount(allowed.value.id),
  ]);
  return json({ notifications, unread });
}
