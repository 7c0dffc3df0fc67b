import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "../../../db/schema";
import { db, listenToDatabase, queryRows, type Database, type Transaction } from "~/server/db";
import { devMailboxUrl } from "./dev-mailbox.server";
import { devMailboxEnabled, env, logger } from "~/server/platform";

export interface MailMessage {
  /** What the mail is for (verification, magic-link, …): for logs and the developer mailbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Further headers (List-Unsubscribe and List-Unsubscribe-Post of notification mails). */
  headers?: Record<string, string>;
}

const MAX_ATTEMPTS = 6;
/** Minutes until the next try after 1, 2, … failed deliveries. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
/** A claimed row is retried by another server if its delivery did not finish within this time. */
const LEASE_MINUTES = 5;
/** NOTIFY channel that wakes the mail worker of every app server when a write commits a mail. */
export const MAIL_OUTBOX_CHANNEL = "mail_outbox";

let transporter: Transporter | undefined;
let mailboxShown = false;
function smtp(): Transporter {
  transporter ??= nodemailer.createTransport(env.SMTP_URL);
  return transporter;
}

/**
 * Records the mail in the outbox; the worker delivers it (startMailWorker), so
 * no request waits for SMTP. Pass the write's transaction: the mail then exists
 * only if the write commits, and the worker is woken only by that commit.
 * Without SMTP the mail lands in the developer mailbox. Its links are not
 * logged: a log is read by more people than the mailbox, and the links sign anyone in.
 */
export async function queueMail(message: MailMessage, executor: Database | Transaction = db): Promise<void> {
  if (devMailboxEnabled) {
    await executor.insert(mailOutbox).values({ ...message, status: "dev", sentAt: new Date() });
    logger.info({ kind: message.kind, to: message.to }, "mail stored in developer mailbox");
    // `npm run dev` has no start message of ours: there the key comes with the first mail, on the developer's console only.
    if (env.NODE_ENV === "development" && !mailboxShown) {
      mailboxShown = true;
      process.stdout.write(`\n  Entwickler-Postfach: ${devMailboxUrl()}\n\n`);
    }
    return;
  }
  await executor.insert(mailOutbox).values({ ...message, status: "pending" });
  // NOTIFY is delivered at commit, to every app server, and never for a write that rolled back.
  await executor.execute(sql`select pg_notify(${MAIL_OUTBOX_CHANNEL}, '')`);
  if (env.NODE_ENV === "development") startWorkerForDevServer();
}

/**
 * `npm run dev` serves through Vite, without server/app-server.ts, which starts
 * the worker everywhere else: there the first mail starts it, once per process
 * (kept on globalThis across module reloads, like the database).
 */
function startWorkerForDevServer() {
  const global = globalThis as typeof globalThis & { __forumMailWorker?: Promise<unknown> };
  global.__forumMailWorker ??= startMailWorker().catch((error: unknown) => {
    global.__forumMailWorker = undefined;
    logger.error({ err: error }, "mail worker could not start");
  });
}

function leaseEnd(): Date {
  return new Date(Date.now() + LEASE_MINUTES * 60_000);
}

async function deliver(id: string, message: MailMessage, attemptsBefore: number): Promise<boolean> {
  try {
    await smtp().sendMail({
      from: env.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { ...message.headers, "X-Forum-Mail-Kind": message.kind },
    });
    // The body may hold a sign-in link: once delivered, it is not kept.
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: attemptsBefore + 1, text: "", html: "", lastError: null })
      .where(eq(mailOutbox.id, id));
    logger.info({ kind: message.kind, mailId: id }, "mail sent");
    return true;
  } catch (error) {
    const attempts = attemptsBefore + 1;
    const failed = attempts >= MAX_ATTEMPTS;
    const delay = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)] ?? 60;
    await db
      .update(mailOutbox)
      .set({
        status: failed ? "failed" : "pending",
        attempts,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        nextAttemptAt: new Date(Date.now() + delay * 60_000),
      })
      .where(eq(mailOutbox.id, id));
    logger.warn({ err: error, kind: message.kind, mailId: id, attempts, failed }, "mail delivery failed");
    return false;
  }
}

/**
 * Retries due mails. Rows are claimed with one UPDATE … SKIP LOCKED, so
 * several app servers can run the worker without sending a mail twice.
 */
export async function deliverDueMails(limit = 20): Promise<number> {
  if (devMailboxEnabled) return 0;
  const claimed = await queryRows<{ id: string; kind: string; to: string; subject: string; text: string; html: string; headers: Record<string, string> | null; attempts: number }>(sql`
    update ${mailOutbox} set next_attempt_at = ${leaseEnd().toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, "to", subject, text, html, headers, attempts`);
  let sent = 0;
  for (const row of claimed) {
    if (await deliver(row.id, { ...row, headers: row.headers ?? undefined }, row.attempts)) sent++;
  }
  return sent;
}

/** Sent mails are kept as a log for 14 days (privacy statement), then removed. */
export async function purgeOldMails(): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["sent", "dev", "failed"]), lte(mailOutbox.createdAt, new Date(Date.now() - 14 * 86_400_000))));
}

/**
 * Delivers the outbox in this process: at once when a write commits a mail
 * (NOTIFY, from any app server; SKIP LOCKED keeps two from sending one mail),
 * and every interval for retries, expired leases and missed notifications.
 * The returned function stops it and waits for a delivery under way.
 */
export async function startMailWorker(intervalMs = 30_000): Promise<() => Promise<void>> {
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  const wake = () => {
    if (stopped) return;
    // A wake-up during a run is not lost: the run goes round once more.
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // A batch that delivered something may have left more behind.
        while (!stopped && (await deliverDueMails()) > 0);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => logger.error({ err: error }, "mail worker failed"))
      .finally(() => {
        running = null;
        if (again) wake();
      });
  };
  const unlisten = devMailboxEnabled ? async () => undefined : await listenToDatabase(MAIL_OUTBOX_CHANNEL, wake, wake);
  const timer = setInterval(() => {
    wake();
    purgeOldMails().catch((error: unknown) => logger.error({ err: error }, "purging old mails failed"));
  }, intervalMs);
  timer.unref();
  // Mails recorded while no server ran go out now.
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
    await running;
  };
}

export async function listDevMailbox(limit = 50) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.status, "dev")).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
