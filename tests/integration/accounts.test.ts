import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { linkIn, startSmtpCapture, type CapturedMail } from "../support/smtp-capture";

// Real mail over SMTP: the capture server must run before the app reads its environment.
const smtp = await startSmtpCapture();
process.env.SMTP_URL = smtp.url;

const { account, profiles, session, user, userRoles, verification } = await import("../../db/schema");
const { db } = await import("~/server/db");
const accounts = await import("~/server/accounts");
const { auth, isPasswordResetTokenValid } = await import("~/server/accounts");
const { decideApproval } = await import("~/server/admin");
const { ensureAdmin } = await import("~/server/accounts");
const { runDueJobs } = await import("~/server/jobs");
const deliverDueMails = () => runDueJobs({ kinds: ["mail"] });
const { findViewer } = await import("~/server/accounts");
const { requireApprovedUser } = await import("~/server/accounts");
const { makeViewer } = await import("../support/members");
const { texts } = await import("~/lib/texts");

afterAll(() => smtp.close());
beforeEach(() => forgetMails());

/** Writes only queue their mails: deliver them as the worker would. */
async function deliverQueuedMails() {
  while ((await deliverDueMails()) > 0);
}

/** Everything queued so far is delivered and forgotten, so the next check sees only what follows. */
async function forgetMails() {
  await deliverQueuedMails();
  smtp.mails.length = 0;
}

const request = () => new Request("http://localhost:3000/auth", { method: "POST" });

async function mailTo(address: string, kind: string): Promise<CapturedMail> {
  const find = () => smtp.mails.find((m) => m.to.includes(address) && m.kind === kind);
  await expect
    .poll(
      async () => {
        await deliverQueuedMails();
        return find() !== undefined;
      },
      { timeout: 5_000, interval: 20, message: `a ${kind} mail to ${address}` },
    )
    .toBe(true);
  return find()!;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

async function signUpMember(email: string, password = "geheim123") {
  await accounts.signUp({ firstName: "Mara", lastName: "Neumann", email, password, newsletter: false });
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row!;
}

async function verify(email: string) {
  const link = linkIn(await mailTo(email, "verification"), "/auth/verify-email");
  const response = await auth.api.verifyEmail({ query: { token: tokenOf(link) }, asResponse: true });
  expect(response.status).toBeLessThan(400);
}

describe("sign-up", () => {
  it("creates an unverified, pending member with the profile defaults of the spec", async () => {
    const created = await signUpMember("Mara.Neumann@Example.com");
    expect(created).toMatchObject({ email: "mara.neumann@example.com", emailVerified: false, name: "Mara Neumann" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile).toMatchObject({
      firstName: "Mara",
      lastName: "Neumann",
      company: "",
      expertise: "general",
      experience: "anfaenger",
      bio: "",
      newsletterSubscribed: false,
      approvalStatus: "pending",
    });
    const [role] = await db.select().from(userRoles).where(eq(userRoles.userId, created.id));
    expect(role?.role).toBe("member");
  });

  it("stores the password only as a hash", async () => {
    const created = await signUpMember("hash@example.com", "mein-klartext-passwort");
    const [credential] = await db.select().from(account).where(eq(account.userId, created.id));
    expect(credential?.providerId).toBe("credential");
    expect(credential?.password).not.toContain("mein-klartext-passwort");
    expect(credential?.password?.length).toBeGreaterThan(40);
  });

  it("mails a German confirmation link in text and HTML", async () => {
    await signUpMember("bestaetigen@example.com");
    const mail = await mailTo("bestaetigen@example.com", "verification");
    expect(mail.subject).toBe("Bitte bestätigen Sie Ihre E-Mail-Adresse – Marketing Community");
    expect(mail.text).toContain("Hallo Mara Neumann,");
    expect(mail.html).toContain("E-Mail-Adresse bestätigen");
    expect(new URL(linkIn(mail, "/auth/verify-email")).origin).toBe("http://localhost:3000");
  });

  it("does not create a second account for a known address but tells its owner", async () => {
    const first = await signUpMember("doppelt@example.com");
    await forgetMails();
    await accounts.signUp({
      firstName: "Fremd",
      lastName: "Person",
      email: "doppelt@example.com",
      password: "anderes-pw",
      newsletter: true,
    });
    const rows = await db.select().from(user).where(eq(user.email, "doppelt@example.com"));
    expect(rows.map((r) => r.id)).toEqual([first.id]);
    const mail = await mailTo("doppelt@example.com", "account-exists");
    expect(mail.subject).toContain("Sie haben bereits ein Konto");
  });
});

describe("sign-in", () => {
  it("refuses a wrong password with the spec's text", async () => {
    await signUpMember("falsch@example.com");
    await verify("falsch@example.com");
    const result = await accounts.signIn(request(), "127.0.0.1", "falsch@example.com", "nicht-richtig");
    expect(result).toEqual({ ok: false, reason: "unauthenticated", message: texts.invalidCredentials });
  });

  it("refuses an unconfirmed address and sends the confirmation again", async () => {
    await signUpMember("unbestaetigt@example.com");
    await forgetMails();
    const result = await accounts.signIn(request(), "127.0.0.1", "unbestaetigt@example.com", "geheim123");
    expect(result).toEqual({ ok: false, reason: "forbidden", message: texts.emailNotConfirmed });
    await mailTo("unbestaetigt@example.com", "verification");
  });

  it("signs a confirmed member in with an HttpOnly, SameSite=Lax session cookie", async () => {
    await signUpMember("ok@example.com");
    await verify("ok@example.com");
    const result = await accounts.signIn(request(), "127.0.0.1", "ok@example.com", "geheim123");
    expect(result.ok).toBe(true);
    if (!result.ok || !("viewer" in result.value)) throw new Error("signed in without a second step expected");
    const cookie = result.value.setCookie.find((c) => c.startsWith("forum.session_token="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(result.value.viewer).toMatchObject({ approvalStatus: "pending", role: "member", emailVerified: true });

    // A pending member is sent to /pending-approval by the server.
    const page = new Request("http://localhost:3000/admin", { headers: { Cookie: cookie!.split(";")[0]! } });
    const thrown = await requireApprovedUser(page).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/pending-approval");
  });

  it("keeps rejected members out", async () => {
    // The factory's administrator has the second factor staff powers need (decision 0050).
    const actor = await makeViewer({ role: "admin" });
    const member = await signUpMember("abgelehnt@example.com");
    await verify("abgelehnt@example.com");
    expect(await decideApproval(actor, { intent: "reject", userId: member.id })).toMatchObject({ ok: true });
    const result = await accounts.signIn(request(), "127.0.0.1", "abgelehnt@example.com", "geheim123");
    expect(result).toMatchObject({ ok: false, message: texts.accountRejected });
    expect(await db.select().from(session).where(eq(session.userId, member.id))).toEqual([]);
  });
});

describe("approval", () => {
  it("approves once, records who decided, and mails 'Konto freigeschaltet'", async () => {
    const actor = await makeViewer({ role: "admin" });
    const member = await signUpMember("freigabe@example.com");
    expect(await decideApproval(actor, { intent: "approve", userId: member.id })).toMatchObject({ ok: true });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile?.approvalStatus).toBe("approved");
    expect(profile?.approvalDecidedBy).toBe(actor.id);
    expect(profile?.approvalDecidedAt).toBeInstanceOf(Date);
    const mail = await mailTo("freigabe@example.com", "account-approved");
    expect(mail.subject).toBe("Konto freigeschaltet – Marketing Community");
    // A second decision finds nothing pending.
    expect(await decideApproval(actor, { intent: "reject", userId: member.id })).toMatchObject({ ok: false, reason: "conflict" });
  });
});

describe("password reset", () => {
  it("sets a new password with a single-use link", async () => {
    await signUpMember("reset@example.com", "altes-passwort");
    await verify("reset@example.com");
    await accounts.requestPasswordReset("reset@example.com");
    const mail = await mailTo("reset@example.com", "password-reset");
    expect(mail.subject).toBe("Passwort zurücksetzen – Marketing Community");
    const token = tokenOf(linkIn(mail, "/reset-password"));
    expect(await isPasswordResetTokenValid(token)).toBe(true);

    expect(await accounts.resetPassword(token, "neues-passwort")).toEqual({ ok: true, value: null });
    expect(await accounts.resetPassword(token, "noch-eins")).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { token: [expect.any(String)] },
    });
    expect(await isPasswordResetTokenValid(token)).toBe(false);

    const old = await accounts.signIn(request(), "127.0.0.1", "reset@example.com", "altes-passwort");
    expect(old.ok).toBe(false);
    const fresh = await accounts.signIn(request(), "127.0.0.1", "reset@example.com", "neues-passwort");
    expect(fresh.ok).toBe(true);
  });

  it("treats expired and damaged tokens as invalid", async () => {
    await signUpMember("abgelaufen@example.com");
    await accounts.requestPasswordReset("abgelaufen@example.com");
    const token = tokenOf(linkIn(await mailTo("abgelaufen@example.com", "password-reset"), "/reset-password"));
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${verification.identifier} like 'reset-password:%'`);
    expect(await isPasswordResetTokenValid(token)).toBe(false);
    expect(await accounts.resetPassword(token, "neues-passwort")).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { token: [expect.any(String)] },
    });
    expect(await isPasswordResetTokenValid(token.slice(0, -3))).toBe(false);
    expect(await isPasswordResetTokenValid("<script>")).toBe(false);
  });

  it("answers the same for unknown addresses and sends nothing", async () => {
    await accounts.requestPasswordReset("niemand@example.com");
    await deliverQueuedMails();
    expect(smtp.mails).toEqual([]);
  });
});

describe("magic link", () => {
  it("mails a link to known members only", async () => {
    await signUpMember("magisch@example.com");
    await accounts.requestMagicLink(request(), "127.0.0.1", "unbekannt@example.com");
    await accounts.requestMagicLink(request(), "127.0.0.1", "magisch@example.com");
    const mail = await mailTo("magisch@example.com", "magic-link");
    expect(linkIn(mail, "/auth/magic-link")).toContain("token=");
    expect(smtp.mails.filter((m) => m.kind === "magic-link")).toHaveLength(1);
  });
});

describe("first admin", () => {
  it("creates an approved admin once and promotes an existing member", async () => {
    const first = await ensureAdmin(db, { email: "neu-admin@example.com", password: "passwort1", firstName: "Neu", lastName: "Admin" });
    const again = await ensureAdmin(db, { email: "Neu-Admin@example.com", password: "anderes", firstName: "X", lastName: "Y" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, first.id))).toHaveLength(1);

    const member = await signUpMember("befoerdert@example.com");
    const promoted = await ensureAdmin(db, { email: "befoerdert@example.com", password: "egal123", firstName: "B", lastName: "F" });
    expect(promoted).toEqual({ id: member.id, created: false });
    expect(await findViewer(member.id)).toMatchObject({ role: "admin", approvalStatus: "approved", emailVerified: true });
  });
});
