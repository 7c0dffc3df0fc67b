/**
 * Web push (decision 0060): the same notifications as the bell, to the devices a member turned push on in. A
 * schedule picks the notification rows written or counted up since it last looked (pushed_at, like the mail
 * worker's mailed_at) and queues one job per row and device; the job reads the row again as the bell would show it,
 * encrypts it for that browser (RFC 8291, by web-push) and posts it to the browser's push service. 404 or 410 from
 * there: the subscription is gone, and so is our row; any other failure is tried again with the runner's pauses.
 */
import { and, eq, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import webpush from "web-push";
import { notifications, notificationSettings, profiles, pushSubscriptions } from "../../../db/schema";
import { notificationText, pushableKinds, pushedByDefault, type NotificationKindName } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import type { PushMessage } from "~/lib/push";
import { appIcons } from "~/lib/seo";
import { db, queryRows } from "~/server/db";
import { defineJob, defineSchedule } from "~/server/jobs";
import { env, excerpt } from "~/server/platform";
import { suspendedNow } from "~/server/accounts";
import { notificationView, type NotificationView } from "./notifications.server";
import { vapidKeys } from "./push-keys.server";

/** A message waits this long at the push service for a device that is offline; after a day it is old news. */
export const PUSH_TTL_SECONDS = 24 * 3_600;
/** A push service answers within seconds; one that does not is tried again later, like any failure. */
const SEND_TIMEOUT_MS = 10_000;
/** The body's length: a line on a phone's lock screen, and far below the 4 KB a push message may carry. */
const BODY_LENGTH = 180;
export const PUSH_JOB = "push-notification";

const pushTitles: Record<(typeof pushableKinds)[number], string> = {
  "reply-to-discussion": "Neue Antwort auf Ihre Diskussion",
  "reply-to-comment": "Neue Antwort auf Ihren Kommentar",
  mention: "Sie wurden erwähnt",
  solution: "Ihre Antwort ist die Lösung",
  "watched-discussion": "Neuer Kommentar in einer beobachteten Diskussion",
  "watched-category": "Neue Diskussion in einer beobachteten Kategorie",
  "watched-tag": "Neue Diskussion mit einem beobachteten Schlagwort",
  // Who wrote and the subject, never a word of the message (decision 0062).
  message: "Neue persönliche Nachricht",
};

const sqlList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

const s = alias(notificationSettings, "s");

/**
 * Whether the recipient (`profiles`, with their setting `s` for the kind) wants a notification of `kind` pushed:
 * a pushable kind they did not switch off, and an approved member who is not suspended. Asked when the job is
 * queued and again when it runs: a suspension or a switch in between stops it.
 */
function pushWanted(kind: SQLWrapper): SQL {
  return sql`${kind} in ${sqlList(pushableKinds)}
    and coalesce(${s.push}, ${kind} in ${sqlList(pushableKinds.filter(pushedByDefault))})
    and ${profiles.approvalStatus} = 'approved' and not ${suspendedNow}`;
}

const pushJob = defineJob<{ notificationId: string; subscriptionId: string }>(PUSH_JOB, {
  run: ({ notificationId, subscriptionId }) => deliverPush(notificationId, subscriptionId),
});

/**
 * Queues a job for each due notification and device that wants it, and marks every due row looked at, in one
 * transaction; SKIP LOCKED lets every app server run it. Returns how many rows it settled and jobs it queued.
 */
export async function queueDuePushes(limit = 500): Promise<{ settled: number; queued: number }> {
  const due = alias(notifications, "due_row");
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ notification_id: string; subscription_id: string | null }>(
      sql`
      with due as (
        update ${notifications} set ${sql.identifier(notifications.pushedAt.name)} = now()
        where ${notifications.id} in (
          select ${due.id} from ${notifications} ${due} where ${due.pushedAt} is null order by ${due.createdAt} limit ${limit}
          for update skip locked)
        returning ${notifications.id} as notification_id
      )
      select due.notification_id, device.id as subscription_id
      from due
      left join lateral (
        select ${pushSubscriptions.id} from ${notifications}
        join ${profiles} on ${profiles.id} = ${notifications.recipientId}
        join ${pushSubscriptions} on ${pushSubscriptions.memberId} = ${profiles.id}
        left join ${notificationSettings} ${s} on ${s.memberId} = ${profiles.id} and ${s.kind} = ${notifications.kind}
        where ${notifications.id} = due.notification_id and ${pushWanted(notifications.kind)}
      ) device on true`,
      tx,
    );
    const jobs = rows.filter((row): row is { notification_id: string; subscription_id: string } => row.subscription_id !== null);
    for (const row of jobs) await pushJob.enqueue(tx, { notificationId: row.notification_id, subscriptionId: row.subscription_id });
    return { settled: new Set(rows.map((row) => row.notification_id)).size, queued: jobs.length };
  });
}

/** Batches until nothing is due (a fan-out to thousands leaves several). */
export async function queueAllDuePushes(): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await queueDuePushes();
    queued += batch.queued;
    if (batch.settled === 0) return queued;
  }
}

/** The notification as the bell shows it, in a title, a short body and the link: nothing the bell would not show. */
export function pushMessageOf(view: NotificationView): PushMessage {
  const kind = view.kind as NotificationKindName;
  return {
    title: (pushTitles as Record<string, string>)[kind] ?? "Neue Benachrichtigung",
    body: excerpt(
      notificationText({
        kind,
        count: view.count,
        detail: view.detail,
        actorName: view.actorName,
        discussionTitle: view.discussionTitle,
        category: view.category,
      }),
      BODY_LENGTH,
    ),
    url: `${env.PUBLIC_URL}${view.href ?? paths.notifications}`,
    tag: view.id,
    icon: `${env.PUBLIC_URL}${appIcons[1].path}`,
  };
}

/**
 * Sends one notification to one device, if the device is still there, the member still wants it and it is still
 * unread and visible (a hidden post sends nothing; the bell's read decides what the message says).
 */
export async function deliverPush(notificationId: string, subscriptionId: string): Promise<void> {
  const [target] = await db
    .select({
      recipientId: notifications.recipientId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(notifications, and(eq(notifications.id, notificationId), eq(notifications.recipientId, pushSubscriptions.memberId)))
    .innerJoin(profiles, eq(profiles.id, pushSubscriptions.memberId))
    .leftJoin(s, and(eq(s.memberId, profiles.id), eq(s.kind, notifications.kind)))
    .where(and(eq(pushSubscriptions.id, subscriptionId), isNull(notifications.readAt), pushWanted(notifications.kind)));
  if (!target) return;
  const view = await notificationView(target.recipientId, notificationId);
  if (!view || view.read) return;
  const keys = await vapidKeys();
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(pushMessageOf(view)),
    {
      vapidDetails: keys,
      TTL: PUSH_TTL_SECONDS,
      // A group that counts up while the device is offline replaces its earlier message at the push service.
      topic: notificationId.replaceAll("-", ""),
    },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch counts the body itself.
      .filter(([name]) => name.toLowerCase() !== "content-length")
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(request.endpoint, {
    method: "POST",
    headers,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: "error",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) {
    // The browser gave the subscription up (or the member turned push off there): nobody will read this endpoint again.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    return;
  }
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, subscriptionId));
}

/** What is due, every few seconds, on one app server at a time. */
defineSchedule("notification-pushes", {
  everySeconds: 3,
  async run() {
    await queueAllDuePushes();
  },
});
