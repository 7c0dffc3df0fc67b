import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

// A mail server that accepts connections but does not answer until resumed: a slow or stuck SMTP relay.
const smtp = await startSmtpCapture();
smtp.pause();
process.env.SMTP_URL = smtp.url;

const { mailOutbox } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { createComment } = await import("~/server/discussions");
const { getDiscussionBySlug } = await import("~/server/discussions");
const { createDiscussion } = await import("~/server/discussions");
const { queueMail } = await import("~/server/mail");
const { startJobRunner } = await import("~/server/jobs");
const { makeViewer } = await import("../support/members");
const { mailAllDueNotifications } = await import("~/server/notifications");

let stopWorker: (() => Promise<void>) | undefined;

/**
 * Starts the job runner once a test has read what the request and the notification worker wrote: the runner's first
 * pass runs the schedule of notification mails too, and beside the test it could queue the mail before the test
 * looked, or hold the rows (SKIP LOCKED) while the test's own pass found none. After that first pass the interval is
 * far beyond the test's waits: only the NOTIFY of a commit can wake the runner in time.
 */
async function startWorker() {
  stopWorker ??= await startJobRunner(10 * 60_000);
}

afterAll(async () => {
  smtp.resume();
  await stopWorker?.();
  await smtp.close();
});

/** Waits until `condition` holds, far within the runner's timer (the interval above): only a NOTIFY can get it there. */
const until = (condition: () => boolean | Promise<boolean>, what: string) =>
  expect.poll(condition, { timeout: 5_000, interval: 20, message: `waited for ${what}` }).toBe(true);

/**
 * Settles within `ms`, or says it did not: a request must never wait for the mail server. The server here answers
 * nobody until the test lets it, so a request that waited for it would never settle: `ms` only has to be longer
 * than a slow machine's write.
 */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

describe("mail leaves the request", () => {
  it("a new comment returns before the mail server is even greeted; the worker delivers the reply mail after the commit", async () => {
    const author = await makeViewer({ firstName: "Autorin" });
    const replier = await makeViewer({ firstName: "Antwortender" });
    const created = await createDiscussion(author, {
      title: `Outbox ${Date.now()}`,
      category: "seo",
      content: "",
      contentFormat: "text",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error("create failed");
    const discussion = (await getDiscussionBySlug(created.value.slug))!;

    const comment = await within(20_000, createComment(replier, { discussionId: discussion.id, content: "Eine Antwort" }));
    if (!comment.ok) throw new Error("comment failed");
    // The comment recorded a notification; the notification worker turns it into a mail, outside the request.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, author.email))).toEqual([]);
    await mailAllDueNotifications();
    const queuedMails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, author.email));
    expect(queuedMails).toHaveLength(1);
    const [queued] = queuedMails;
    expect(queued).toMatchObject({ kind: "notification", attempts: 0 });
    // Nothing reached the mail server while the member waited for their answer.
    expect(smtp.mails).toEqual([]);

    // The runner, started now, finds the mail's job that no runner took yet and is held by the slow server; once it
    // answers, the mail arrives.
    await startWorker();
    await until(() => smtp.connections() > 0, "the worker to connect");
    smtp.resume();
    await until(() => smtp.mails.some((mail) => mail.to.includes(author.email.toLowerCase())), "the reply mail");
    const mail = smtp.mails.find((entry) => entry.to.includes(author.email.toLowerCase()))!;
    expect(mail).toMatchObject({ kind: "notification" });
    expect(mail.text).toContain(`#comment-${comment.value.id}`);
    await until(
      async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id)))[0]?.status === "sent",
      "the row to be marked sent",
    );
  });

  it("a write that rolls back leaves no mail behind", async () => {
    await startWorker();
    const to = `zurueckgerollt.${Date.now()}@example.com`;
    await expect(
      db.transaction(async (tx) => {
        await queueMail({ kind: "test", to, subject: "Nie", text: "Nie", html: "<p>Nie</p>" }, tx);
        throw new Error("the write fails after queueing its mail");
      }),
    ).rejects.toThrow("the write fails");
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).toEqual([]);

    // A mail queued afterwards goes out; the rolled-back one never does.
    const after = `danach.${Date.now()}@example.com`;
    await db.transaction((tx) => queueMail({ kind: "test", to: after, subject: "Ja", text: "Ja", html: "<p>Ja</p>" }, tx));
    await until(() => smtp.mails.some((mail) => mail.to.includes(after)), "the committed mail");
    expect(smtp.mails.some((mail) => mail.to.includes(to))).toBe(false);
  });
});
