import { Icon } from "~/components/ui/icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/discussions/pagination";
import { PageError } from "~/components/layout/page-error";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { notificationText } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { requirePageParam, requirePermission } from "~/server/accounts";
import { listNotifications, markAllNotificationsRead, markNotificationRead, notificationTexts, unreadCount } from "~/server/notifications";
import { fail } from "~/server/platform";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, "receiveNotifications");
  const page = requirePageParam(request, paths.notifications);
  const [list, unread] = await Promise.all([listNotifications(viewer.id, page), unreadCount(viewer.id)]);
  if (page > list.totalPages) throw data(null, { status: 404 });
  return { ...list, unread };
}

const notificationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open"), id: z.uuid({ error: notificationTexts.notFound }) }),
    // `stay`: sent by the bell's panel, which stays open on the page it is on instead of going to the list.
    z.object({ intent: z.literal("read-all"), stay: z.literal("1").optional() }),
  ],
  { error: texts.unknownError },
);

const refusal = {
  failed: "Benachrichtigung nicht geändert",
  fallback: {
    forbidden: texts.permissionDenied,
    "not-found": notificationTexts.notFound,
    invalid: texts.unknownError,
    unexpected: texts.unexpectedError,
  },
};

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "receiveNotifications");
  const submission = parseWithZod(await readFormData(request), { schema: notificationActionSchema });
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), refusal);
  return dispatch(submission.value, {
    // Opening marks it read and leads to the comment, on its page and at its anchor.
    open: ({ id }) => respond(markNotificationRead(viewer, { notificationId: id }), { ...refusal, success: ({ href }) => redirect(href) }),
    "read-all": ({ stay }) =>
      respond(markAllNotificationsRead(viewer, {}), {
        ...refusal,
        success: async () =>
          stay
            ? { readAll: true }
            : await redirectWithToast(paths.notifications, { type: "success", title: "Alle Benachrichtigungen als gelesen markiert" }),
      }),
  });
}

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { notifications, currentPage, totalPages, unread } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Benachrichtigungen</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="notifications-unread">
            {unread === 0
              ? "Keine ungelesenen Benachrichtigungen"
              : unread === 1
                ? "1 ungelesene Benachrichtigung"
                : `${unread} ungelesene Benachrichtigungen`}
            {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
          </p>
        </div>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline">
              <Icon name="check-check" />
              Alle als gelesen markieren
            </Button>
          </Form>
        )}
      </header>
      {notifications.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <Icon name="bell" className="mx-auto size-8 text-muted-foreground" />
          <h2 className="mt-2 text-lg font-semibold">Noch keine Benachrichtigungen</h2>
          <p className="mt-1 text-muted-foreground">
            Hier erfahren Sie, wenn jemand auf Ihre Beiträge antwortet oder in beobachteten Diskussionen schreibt.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="notification-list">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 ${notification.read ? "border-border" : "border-primary/40 bg-primary/5"}`}
              data-testid="notification"
              data-read={notification.read ? "true" : "false"}
            >
              <div className="min-w-0 flex-1">
                {notification.href === null ? (
                  // The notice that a discussion was hidden: the page is gone for its author.
                  <p className="font-medium">{notificationText(notification)}</p>
                ) : (
                  <a href={notification.href} className="font-medium hover:underline">
                    {notificationText(notification)}
                  </a>
                )}
                <p className="text-sm text-muted-foreground">
                  <time dateTime={new Date(notification.at).toISOString()}>{formatDateTime(notification.at)}</time>
                  {notification.read ? "" : " · ungelesen"}
                </p>
              </div>
              {/* Opening through the form marks it read on the way; it works without JavaScript. */}
              {(notification.href !== null || !notification.read) && (
                <Form method="post">
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={notification.id} />
                  <Button type="submit" size="sm" variant={notification.read ? "ghost" : "default"}>
                    {notification.href === null ? "Als gelesen markieren" : notification.read ? "Öffnen" : "Lesen"}
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination basePath={paths.notifications} currentPage={currentPage} totalPages={totalPages} label="Seiten der Benachrichtigungen" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} loadFailedTitle="Fehler beim Laden der Benachrichtigungen" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Benachrichtigungen", path: paths.notifications, noindex: true });
