import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "../../db/schema";
import { db, queryRows } from "./db.server";
import { devMailboxUrl } from "./dev-mailbox.server";
import { devMailboxEnabled, env } from "./env.server";
import { logger } from "./logger.server";

export interface MailMessage {
  /** What the mail is for (verification, magic-link, …): for logs and the developer mailbox. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAX_ATTEMPTS = 6;
/** Minutes until the next try after 1, 2, … failed deliveries. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
/** A claimed row is retried by another server if its delivery did not finish within this time. */
const LEASE_MINUTES = 5;

let transporter: Transporter | undefined;
let mailboxShown = false;
function smtp(): Transporter {
  transporter ??= nodemailer.createTransport(env.SMTP_URL);
  return transporter;
}

/**
 * Writes the mail to the outbox and delivers it right away. A failed delivery
 * is not lost: the row stays pending and the worker retries it. Without SMTP
 * the mail lands in the developer mailbox. Its links are not logged: a log is
 * read by more people than the mailbox, and the links sign anyone in.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  if (devMailboxEnabled) {
    await db.insert(mailOutbox).values({ ...message, status: "dev", sentAt: new Date() });
    logger.info({ kind: message.kind, to: message.to }, "mail stored in developer mailbox");
    // `npm run dev` has no start message of ours: there the key comes with the first mail, on the developer's console only.
    if (env.NODE_ENV === "development" && !mailboxShown) {
      mailboxShown = true;
      process.stdout.write(`\n  Entwickler-Postfach: ${devMailboxUrl()}\n\n`);
    }
    return;
  }
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, status: "pending", nextAttemptAt: leaseEnd() })
    .returning({ id: mailOutbox.id });
  if (row) await deliver(row.id, message, 0);
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
      headers: { "X-Forum-Mail-Kind": message.kind },
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
  const claimed = await queryRows<{ id: string; kind: string; to: string; subject: string; text: string; html: string; attempts: number }>(sql`
    update ${mailOutbox} set next_attempt_at = ${leaseEnd().toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, "to", subject, text, html, attempts`);
  let sent = 0;
  for (const row of claimed) {
    if (await deliver(row.id, row, row.attempts)) sent++;
  }
  return sent;
}

/** Sent mails are kept as a log for 14 days (privacy statement), then removed. */
export async function purgeOldMails(): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["sent", "dev", "failed"]), lte(mailOutbox.createdAt, new Date(Date.now() - 14 * 86_400_000))));
}

export function startMailWorker(intervalMs = 30_000): () => void {
  const timer = setInterval(() => {
    deliverDueMails()
      .then(() => purgeOldMails())
      .catch((error: unknown) => logger.error({ err: error }, "mail worker failed"));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function listDevMailbox(limit = 50) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.status, "dev")).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
