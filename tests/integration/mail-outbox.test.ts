import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

// Reserve a port, then close it: the first delivery attempt must fail.
const probe = await startSmtpCapture();
const port = probe.port;
await probe.close();
process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;

const { jobs, mailOutbox } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { runDueJobs } = await import("~/server/jobs");
const { queueMail } = await import("~/server/mail");

const deliverDueMails = () => runDueJobs({ kinds: ["mail"] });

let capture: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
afterAll(() => capture?.close());

describe("mail outbox", () => {
  it("keeps a mail whose delivery failed and delivers it on retry", async () => {
    await queueMail({
      kind: "test",
      to: "empfaenger@example.com",
      subject: "Betreff",
      text: "Hallo https://x.example/a",
      html: "<p>Hallo</p>",
    });
    const [queued] = await db.select().from(mailOutbox);
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });
    const [job] = await db.select().from(jobs).where(eq(jobs.kind, "mail"));
    expect(job).toMatchObject({ status: "pending", attempts: 0, payload: { mailId: queued!.id } });
    expect(await deliverDueMails()).toBe(0);
    const [failed] = await db.select().from(mailOutbox);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, to: "empfaenger@example.com" });
    expect(failed?.lastError).toBeTruthy();
    const [retry] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(retry).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    // The first pause is a minute.
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    capture = await startSmtpCapture(port);
    // Not due yet: nothing happens.
    expect(await deliverDueMails()).toBe(0);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    expect(await deliverDueMails()).toBe(1);
    expect(capture.mails).toHaveLength(1);
    expect(capture.mails[0]).toMatchObject({ kind: "test", subject: "Betreff", to: ["empfaenger@example.com"] });

    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    // Delivered mails keep no body: it may hold a sign-in link.
    expect(sent).toMatchObject({ status: "sent", attempts: 2, text: "", html: "", lastError: null });
    const [done] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({ status: "done", attempts: 2, lastError: null });
    expect(await deliverDueMails()).toBe(0);
  });
});
