import { and, desc, eq, inArray, lte } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { mailOutbox } from "../../../db/schema";
import { db, type Database, type Transaction } from "~/server/db";
import { defineJob, defineSchedule, errorText } from "~/server/jobs";
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

let transporter: Transporter | undefined;
let mailboxShown = false;
function smtp(): Transporter {
  transporter ??= nodemailer.createTransport(env.SMTP_URL);
  return transporter;
}

/**
 * Records the mail in the outbox and a job that delivers it, so no request
 * waits for SMTP. Pass the write's transaction: the mail then exists only if
 * the write commits, and the job runner is woken only by that commit.
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
  const [row] = await executor
    .insert(mailOutbox)
    .values({ ...message, status: "pending" })
    .returning({ id: mailOutbox.id });
  await mailDelivery.enqueue(executor, { mailId: row!.id });
}

/**
 * Delivers one mail of the outbox. Several app servers run jobs; the runner
 * gives each job to one of them. A mail no longer pending (sent by a run whose
 * lease ran out before it could say so, or purged) is not sent again.
 */
const mailDelivery = defineJob<{ mailId: string }>("mail", {
  async run({ mailId }, { attempt }) {
    const [message] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, "pending")));
    if (!message) return;
    try {
      await smtp().sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, "X-Forum-Mail-Kind": message.kind },
      });
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({ attempts: attempt, lastError: errorText(error) })
        .where(eq(mailOutbox.id, mailId));
      throw error;
    }
    // The body may hold a sign-in link: once delivered, it is not kept.
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: attempt, text: "", html: "", lastError: null })
      .where(eq(mailOutbox.id, mailId));
    logger.info({ kind: message.kind, mailId }, "mail sent");
  },
  async giveUp({ mailId }) {
    await db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, mailId));
  },
});

/** Sent mails are kept as a log for 14 days (privacy statement), then removed. */
export async function purgeOldMails(): Promise<void> {
  await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["sent", "dev", "failed"]), lte(mailOutbox.createdAt, new Date(Date.now() - 14 * 86_400_000))));
}

defineSchedule("purge-old-mails", { everySeconds: 3_600, run: purgeOldMails });

export async function listDevMailbox(limit = 50) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.status, "dev")).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

/** One mail of the developer mailbox, for its HTML view; null for any other mail (a real one is not kept for reading). */
export async function findDevMail(id: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "dev")));
  return mail ?? null;
}
