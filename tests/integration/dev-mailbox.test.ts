import { describe, expect, it } from "vitest";
import { devMailboxEnabled } from "~/server/env.server";
import { listDevMailbox, sendMail } from "~/server/mail.server";
import { loader } from "~/routes/dev.mailbox";

describe("developer mailbox (no SMTP_URL)", () => {
  it("keeps every mail with its body and shows it on /dev/mailbox", async () => {
    expect(devMailboxEnabled).toBe(true);
    await sendMail({ kind: "magic-link", to: "dev@example.com", subject: "Ihr Anmeldelink", text: "Link: http://localhost:3000/auth/magic-link?token=abc", html: "<p>x</p>" });
    const [mail] = await listDevMailbox();
    expect(mail).toMatchObject({ status: "dev", to: "dev@example.com", subject: "Ihr Anmeldelink" });
    expect(mail?.text).toContain("token=abc");
    const page = await loader();
    expect(page.mails.map((m) => m.subject)).toContain("Ihr Anmeldelink");
  });
});
