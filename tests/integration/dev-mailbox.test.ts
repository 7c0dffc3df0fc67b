import { afterEach, describe, expect, it, vi } from "vitest";
import { devMailboxEnabled, logger } from "~/server/platform";
import { listDevMailbox, queueMail } from "~/server/mail";
import { loader } from "~/routes/dev.mailbox";

type LoaderArgs = Parameters<typeof loader>[0];
const load = (url: string) => loader({ request: new Request(url), params: {}, context: {} } as unknown as LoaderArgs);

/** The status a loader answers with: 200 when it returns, else the status of what it throws. */
async function statusOf(url: string): Promise<number> {
  try {
    await load(url);
    return 200;
  } catch (error) {
    const thrown = error as { init?: { status?: number }; status?: number };
    return thrown.init?.status ?? thrown.status ?? 500;
  }
}

async function mailboxUrl(): Promise<string> {
  // Imported here, not at the top: the file must load (and its other tests fail for their own reason) without this module.
  const { devMailboxUrl } = await import("~/server/mail");
  const url = devMailboxUrl();
  if (!url) throw new Error("no developer mailbox");
  return url;
}

afterEach(() => vi.restoreAllMocks());

describe("developer mailbox (no SMTP_URL)", () => {
  it("keeps every mail with its body and shows it on /dev/mailbox with the key from the start message", async () => {
    expect(devMailboxEnabled).toBe(true);
    await queueMail({
      kind: "magic-link",
      to: "dev@example.com",
      subject: "Ihr Anmeldelink",
      text: "Link: http://localhost:3000/auth/magic-link?token=abc",
      html: "<p>x</p>",
    });
    const [mail] = await listDevMailbox();
    expect(mail).toMatchObject({ status: "dev", to: "dev@example.com", subject: "Ihr Anmeldelink" });
    expect(mail?.text).toContain("token=abc");
    const url = await mailboxUrl();
    expect(url).toMatch(/^http:\/\/localhost:\d+\/dev\/mailbox\?key=[\w-]{32}$/);
    const page = await load(url);
    expect(page.mails.map((m) => m.subject)).toContain("Ihr Anmeldelink");
  });

  it("is a 404 for anyone without the key, also from the same host, and for a wrong or shortened key", async () => {
    await queueMail({
      kind: "magic-link",
      to: "admin@example.com",
      subject: "Ihr Anmeldelink",
      text: "Link: http://localhost:3000/auth/magic-link?token=geheim",
      html: "<p>x</p>",
    });
    expect(await statusOf("http://localhost:3000/dev/mailbox")).toBe(404);
    expect(await statusOf("http://127.0.0.1:3000/dev/mailbox?key=")).toBe(404);
    expect(await statusOf("http://localhost:3000/dev/mailbox?key=falsch")).toBe(404);
    const url = await mailboxUrl();
    expect(await statusOf(url.slice(0, -1))).toBe(404);
    expect(await statusOf(`${url}x`)).toBe(404);
  });

  it("does not write the mail's links to the log", async () => {
    const lines: unknown[] = [];
    for (const level of ["info", "warn", "error", "debug"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void lines.push(args)) as never);
    }
    await queueMail({
      kind: "password-reset",
      to: "dev@example.com",
      subject: "Passwort",
      text: "http://localhost:3000/reset-password?token=nicht-ins-log",
      html: "<p>x</p>",
    });
    expect(JSON.stringify(lines)).not.toContain("nicht-ins-log");
  });
});
