import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { notificationKinds, notificationSettings, type NotificationKind } from "../../db/schema";
import { isCategory } from "~/lib/categories";
import { notificationKindLabels, notificationText } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { signingSecret } from "./auth.server";
import { commentHref } from "./comments.server";
import { db, queryRows, type Transaction } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { queueMail } from "./mail.server";
import { notificationMail } from "./mail-templates.server";
import { fail, type Outcome } from "./outcome.server";

/** At most one mail per member and discussion within this time; what comes later waits and goes out as one. */
export const MAIL_INTERVAL_MINUTES = 60;

// ---------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058): a signed token names the member and the
// kind; it turns that kind's e-mail off without signing in.
// ---------------------------------------------------------------------------

function signature(memberId: string, kind: string): string {
  return createHmac("sha256", signingSecret).update(`unsubscribe\n${memberId}\n${kind}`).digest("base64url");
}

export function unsubscribeToken(memberId: string, kind: NotificationKind): string {
  return `${Buffer.from(`${memberId}\n${kind}`).toString("base64url")}.${signature(memberId, kind)}`;
}

/** The member and kind a token was made for, or null for anything not signed by us. */
export function readUnsubscribeToken(token: string): { memberId: string; kind: NotificationKind } | null {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const [memberId, kind, ...extra] = Buffer.from(payload, "base64url").toString("utf8").split("\n");
  if (!memberId || !kind || extra.length > 0 || !(notificationKinds as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(signature(memberId, kind));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { memberId, kind: kind as NotificationKind };
}

/** Turns the kind's e-mail off for the token's member (in-page notifications stay as they were). */
export async function unsubscribe(token: string): Promise<Outcome<{ kind: NotificationKind }>> {
  const target = readUnsubscribeToken(token);
  if (!target) return fail("invalid", "Dieser Abmeldelink ist ungültig.");
  const [member] = await queryRows<{ id: string }>(sql`select id from profiles where id = ${target.memberId}`);
  if (!member) return fail("not-found", "Dieses Konto gibt es nicht mehr.");
  await db
    .insert(notificationSettings)
    .values({ memberId: target.memberId, kind: target.kind, email: false })
    .onConflictDoUpdate({ target: [notificationSettings.memberId, notificationSettings.kind], set: { email: false } });
  return { ok: true, value: { kind: target.kind } };
}

// ---------------------------------------------------------------------------
// The worker: notifications that still want a mail, bundled per member and
// discussion, at most one mail per hour each.
// ---------------------------------------------------------------------------

interface DueRow extends Record<string, unknown> {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  count: number;
  detail: string | null;
  discussion_id: string | null;
  comment_id: string | null;
  topic: string;
  email: string;
  first_name: string;
  wants: boolean;
  visible: boolean;
  title: string | null;
  slug: string | null;
  category: string | null;
  actor_first: string | null;
  actor_last: string | null;
}

/**
 * Mails what is due, in one transaction: rows nobody wants mailed (master
 * switch or the kind's e-mail off, hidden content, the approval that has its
 * own mail) are marked done; the rest go out one mail per member and
 * discussion. A discussion mailed within the hour is left out by the query
 * itself, so its notifications wait and go out together after the hour.
 * SKIP LOCKED lets every app server run it. Returns how many notifications
 * it settled and how many mails it queued.
 */
export async function mailDueNotifications(limit = 500): Promise<{ settled: number; mails: number }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<DueRow>(
      sql`
      select n.id, n.recipient_id, n.kind, n.count, n.detail, n.discussion_id, n.comment_id,
        coalesce(n.discussion_id::text, 'member') as topic, p.email, p.first_name,
        (p.newsletter_subscribed and coalesce(s.email, true) and n.kind <> 'account_approved') as wants,
        (n.kind = 'moderated' or ((d.id is null or d.hidden_at is null) and (c.id is null or c.hidden_at is null))) as visible,
        d.title, d.slug, d.category, a.first_name as actor_first, a.last_name as actor_last
      from notifications n
      join profiles p on p.id = n.recipient_id
      left join notification_settings s on s.member_id = n.recipient_id and s.kind = n.kind
      left join discussions d on d.id = n.discussion_id
      left join comments c on c.id = n.comment_id
      left join profiles a on a.id = n.actor_id
      where n.mailed_at is null
        and not exists (
          select 1 from notification_mail_log l
          where l.member_id = n.recipient_id and l.topic = coalesce(n.discussion_id::text, 'member')
            and l.sent_at > now() - make_interval(mins => ${MAIL_INTERVAL_MINUTES})
        )
      order by n.created_at
      limit ${limit}
      for update of n skip locked`,
      tx,
    );
    if (rows.length === 0) return { settled: 0, mails: 0 };
    const bundles = new Map<string, DueRow[]>();
    for (const row of rows) {
      if (!row.wants || !row.visible) continue;
      const key = `${row.recipient_id}\n${row.topic}`;
      bundles.set(key, [...(bundles.get(key) ?? []), row]);
    }
    for (const bundle of bundles.values()) await mailBundle(tx, bundle);
    await tx.execute(sql`update notifications set mailed_at = now() where id in (${sql.join(rows.map((row) => sql`${row.id}::uuid`), sql`, `)})`);
    return { settled: rows.length, mails: bundles.size };
  });
}

/** Batches until nothing is due (a fan-out to thousands leaves several). */
export async function mailAllDueNotifications(): Promise<number> {
  let mails = 0;
  for (;;) {
    const batch = await mailDueNotifications();
    mails += batch.mails;
    if (batch.settled === 0) return mails;
  }
}

async function mailBundle(tx: Transaction, bundle: DueRow[]): Promise<void> {
  const first = bundle[0]!;
  const lines = bundle.map((row) =>
    notificationText({
      kind: row.kind,
      count: Number(row.count),
      detail: row.detail,
      actorName: row.actor_first === null ? null : `${row.actor_first} ${row.actor_last ?? ""}`.trim(),
      discussionTitle: row.title,
      category: isCategory(row.category) ? row.category : null,
    }),
  );
  const path =
    first.slug === null || first.discussion_id === null
      ? paths.notifications
      : first.comment_id === null
        ? paths.discussion(first.slug)
        : await commentHref({ id: first.discussion_id, slug: first.slug }, first.comment_id, tx);
  const token = unsubscribeToken(first.recipient_id, first.kind);
  const unsubscribeUrl = `${env.PUBLIC_URL}${paths.unsubscribe(token)}`;
  await queueMail(
    notificationMail({
      to: first.email,
      name: first.first_name,
      lines,
      discussionTitle: first.title,
      url: `${env.PUBLIC_URL}${path}`,
      kindLabel: notificationKindLabels[first.kind],
      unsubscribeUrl,
      settingsUrl: `${env.PUBLIC_URL}${paths.profile(first.recipient_id)}`,
    }),
    tx,
  );
  await tx.execute(sql`
    insert into notification_mail_log (member_id, topic, sent_at) values (${first.recipient_id}, ${first.topic}, now())
    on conflict (member_id, topic) do update set sent_at = excluded.sent_at`);
}

/** Runs the worker every `intervalMs` in this process; the returned function stops it. */
export function startNotificationMailWorker(intervalMs = 5_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mailAllDueNotifications()
      .catch((error: unknown) => logger.error({ err: error }, "notification mails failed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
