import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { freePort, signIn as signInOnServer, startServer } from "../scripts/lib/bench-server";
import { fetchText, signUpGuard } from "../scripts/lib/sign-up-form";
import { test, expect, testClientIp } from "./fixtures";
import { ADMIN, DEMO_PASSWORD } from "./auth-helpers";
import { appCode, DEMO_APP_KEY } from "./app-keys";
import { linkIn, waitForMail } from "./mail";

// Plain HTTP, no browser: the hardening of sign-in, magic links, the last administrator's account and the dev mailbox.
const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });

/** Client addresses that differ from each other, so each stands for another person's machine. */
function distinctClientIps(count: number): string[] {
  const ips = new Set<string>();
  while (ips.size < count) ips.add(testClientIp());
  return [...ips];
}

test("failed sign-ins from one client do not lock the owner out on another client", async ({ request }) => {
  const email = "sabine.koehler@example.com";
  const [attacker, owner] = distinctClientIps(2);
  const signIn = (ip: string, password: string) =>
    request.post("/auth", { ...form({ intent: "sign-in", email, password }), headers: { "X-Forwarded-For": ip! } });

  const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(attacker!, `geraten-${i}`)));
  expect(guesses.map((r) => r.status())).toEqual(Array(8).fill(401));
  const ninth = await signIn(attacker!, "geraten-9");
  expect(ninth.status()).toBe(429);
  // The same client stays refused even with the right password: it has been guessing.
  expect((await signIn(attacker!, DEMO_PASSWORD)).status()).toBe(429);

  const own = await signIn(owner!, DEMO_PASSWORD);
  expect(own.status(), await own.text()).toBe(302);
  expect(own.headers()["set-cookie"]).toContain("forum.session_token=");
});

/** Asks for a magic link over the form and returns the link's path from the mail. */
async function magicLinkPath(request: APIRequestContext, email: string, ip: string): Promise<string> {
  const since = Date.now();
  const asked = await request.post("/auth", { ...form({ intent: "magic-link", email }), headers: { "X-Forwarded-For": ip } });
  expect(asked.status()).toBe(200);
  const link = new URL(linkIn(await waitForMail(email, "magic-link", since), "/auth/magic-link"));
  return `${link.pathname}${link.search}`;
}

test("a pending member's magic link leads to /pending-approval, as password sign-in does", async ({ request }) => {
  const ip = testClientIp();
  const link = await magicLinkPath(request, "emre.aydin@example.com", ip);
  const landed = await request.get(link, { maxRedirects: 0, headers: { "X-Forwarded-For": ip } });
  expect(landed.status()).toBe(302);
  expect(landed.headers().location).toBe("/pending-approval");
  expect(landed.headers()["set-cookie"]).toContain("forum.session_token=");
  const page = await request.get("/pending-approval", { headers: { "X-Forwarded-For": ip } });
  const html = await page.text();
  expect(html).toContain("Warten auf Genehmigung");
  expect(html).not.toContain("Willkommen zurück!");
});

test("a rejected member's magic link says the account was not approved, as password sign-in does", async ({ request }) => {
  const ip = testClientIp();
  const link = await magicLinkPath(request, "kevin.lange@example.com", ip);
  const landed = await request.get(link, { maxRedirects: 0, headers: { "X-Forwarded-For": ip } });
  expect(landed.status()).toBe(302);
  expect(landed.headers()["set-cookie"] ?? "").not.toContain("forum.session_token=");
  const page = await request.get(landed.headers().location!, { headers: { "X-Forwarded-For": ip } });
  const html = await page.text();
  expect(html).toContain("Ihr Konto wurde nicht freigeschaltet. Bitte wenden Sie sich an den Betreiber.");
  expect(html).not.toContain("abgelaufen");
});

// A server of its own: on the suite's server other specs make administrators of their own (e2e/members.ts),
// so its demo administrator is not the last one, and the attempt would delete the account everyone else uses.
test("the last administrator cannot delete their own account", async () => {
  test.setTimeout(60_000);
  const server = await startServer({
    port: await freePort(),
    env: { DATA_DIR: "memory://", SEED_DEMO: "true", DEMO_ADMIN_PASSWORD: ADMIN.password, DEMO_APP_KEY, SMTP_URL: "", TRUST_PROXY: "0" },
  });
  try {
    const cookie = await signInOnServer(server.url, ADMIN.email, ADMIN.password, {}, () => appCode(DEMO_APP_KEY));
    const home = await fetch(`${server.url}/`, { headers: { cookie } });
    const adminId = /href="\/profile\/([0-9a-f-]{36})"/.exec(await home.text())?.[1];
    expect(adminId).toBeTruthy();
    const deletion = await fetch(`${server.url}/profile/${adminId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete-account", confirmation: "LÖSCHEN" }),
    });
    expect(deletion.status).toBe(409);
    expect(await deletion.text()).toContain("Der letzte Administrator kann sein Konto nicht löschen.");
    // Still there: the session still works.
    expect((await fetch(`${server.url}/admin`, { redirect: "manual", headers: { cookie } })).status).toBe(200);
  } finally {
    await server.stop();
  }
});

// The one slow test here: it needs a server of its own without SMTP_URL (the suite's server has one), and
// starting the built server is most of its time (≈ 3 s idle, more on a busy machine).
test("without SMTP_URL a newcomer signs up, reads the confirmation in the mailbox from the start message and signs in; nobody else reads it", async () => {
  // Booting a server of its own (initdb, migrations) is slow by nature: its budget, with the suite's margin of three.
  test.setTimeout(60_000);
  const logFile = path.join(os.tmpdir(), `forum-mailbox-${process.pid}-${Date.now()}.log`);
  const server = await startServer({
    port: await freePort(),
    logFile,
    env: { DATA_DIR: "memory://", SEED_DEMO: "false", SMTP_URL: "", LOG_LEVEL: "info", TRUST_PROXY: "0" },
  });
  try {
    const post = (pathname: string, fields: Record<string, string>) =>
      fetch(`${server.url}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
    const mailbox = /Entwickler-Postfach: (\S+\/dev\/mailbox\?key=\S+)/.exec(fs.readFileSync(logFile, "utf8"))?.[1];
    expect(mailbox, "mailbox address in the start message").toBeTruthy();
    expect((await fetch(`${mailbox!.replace(/key=.*/, "key=falsch")}`)).status).toBe(404);

    const email = "neuling@example.com";
    const password = "neuling-passwort";
    const signUp = await post("/auth", {
      intent: "sign-up",
      firstName: "Nele",
      lastName: "Neuling",
      email,
      password,
      confirmPassword: password,
      terms: "on",
      ...(await signUpGuard(fetchText(server.url))),
    });
    expect(signUp.status).toBe(302);
    const page = await fetch(mailbox!);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const confirmation = /href="(http[^"]+\/auth\/verify-email\?token=[^"]+)"/.exec(await page.text())?.[1]?.replaceAll("&amp;", "&");
    expect(confirmation, "confirmation link in the mailbox").toBeTruthy();
    const token = new URL(confirmation!).searchParams.get("token")!;
    expect((await fetch(confirmation!, { redirect: "manual" })).status).toBe(302);

    const signIn = await post("/auth", { intent: "sign-in", email, password });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/pending-approval");
    // Neither the mailed link nor the mailbox key reached the log; the start message printed the key once.
    const log = fs.readFileSync(logFile, "utf8");
    expect(log).not.toContain(token);
    expect(log.split(new URL(mailbox!).searchParams.get("key")!)).toHaveLength(2);
  } finally {
    await server.stop();
    fs.rmSync(logFile, { force: true });
  }
});
