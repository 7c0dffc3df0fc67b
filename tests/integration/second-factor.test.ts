import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, passkey, session, twoFactor, user } from "../../db/schema";
import { db } from "~/server/db";
import { completeSignIn, confirmApp, findViewer, requestMagicLink, secondFactorTexts, signIn, startApp } from "~/server/accounts";
import { resetSecondFactor, secondFactorResetTexts } from "~/server/admin";
import { cookieHeaderOf, makeViewer, signedInMember } from "../support/members";

/** Decision 0050: the second factor through better-auth's plugins, with our hashed recovery codes and the reset. */

const code = (key: string) => new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate();
const withCookie = (cookie: string) => new Request("http://localhost:3000/second-factor", { method: "POST", headers: { Cookie: cookie } });

async function memberWithApp() {
  const member = await signedInMember();
  const started = await startApp(withCookie(member.cookie), "127.0.0.1", member.password);
  if (!started.ok) throw new Error("start failed");
  const confirmed = await confirmApp(withCookie(member.cookie), "127.0.0.1", code(started.value.key));
  expect(confirmed.ok).toBe(true);
  return { ...member, key: started.value.key, recoveryCodes: started.value.recoveryCodes };
}

/** Password, then the second step's cookie, then the code: the session's cookies, or the refusal's text. */
async function signInWith(member: { email: string; password: string }, typed: string) {
  const first = await signIn(new Request("http://localhost:3000/auth", { method: "POST" }), "127.0.0.1", member.email, member.password);
  if (!first.ok || !("secondFactorDue" in first.value)) throw new Error("no second step");
  const second = await completeSignIn(withCookie(cookieHeaderOf(first.value.setCookie)), "127.0.0.1", typed);
  return second.ok ? "signed in" : second.message;
}

describe("the second factor", () => {
  it("keeps only hashes of the recovery codes, and each one signs in once", async () => {
    const member = await memberWithApp();
    expect(member.recoveryCodes).toHaveLength(10);
    const [row] = await db.select({ backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, member.viewer.id));
    const stored = JSON.parse(row!.backupCodes) as string[];
    expect(stored).toHaveLength(10);
    for (const entry of stored) expect(entry).toMatch(/^sha256:[0-9a-f]{64}$/);
    for (const plain of member.recoveryCodes) expect(row!.backupCodes).not.toContain(plain);

    expect(await signInWith(member, member.recoveryCodes[0]!)).toBe("signed in");
    expect(await signInWith(member, member.recoveryCodes[0]!)).toBe(secondFactorTexts.wrongCode);
    // A stored hash typed in is no code either.
    expect(await signInWith(member, stored[1]!)).toBe(secondFactorTexts.wrongCode);
    expect(await signInWith(member, member.recoveryCodes[1]!)).toBe("signed in");
  });

  it("asks for the code after the password, and refuses a wrong one in German", async () => {
    const member = await memberWithApp();
    expect((await findViewer(member.viewer.id))!.secondFactor).toBe(true);
    const wrong = code(member.key) === "000000" ? "111111" : "000000";
    expect(await signInWith(member, wrong)).toBe(secondFactorTexts.wrongCode);
    expect(await signInWith(member, code(member.key))).toBe("signed in");
  });

  it("sends no magic link to an account with a second factor", async () => {
    const member = await memberWithApp();
    const mailsTo = async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, member.email))).length;
    const before = await mailsTo();
    await requestMagicLink(new Request("http://localhost:3000/auth", { method: "POST" }), "127.0.0.1", member.email);
    expect(await mailsTo()).toBe(before);
    // Without a factor the link goes out (the same call, so the check above can fail).
    const plain = await signedInMember();
    await requestMagicLink(new Request("http://localhost:3000/auth", { method: "POST" }), "127.0.0.1", plain.email);
    expect((await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, plain.email))).length).toBe(1);
  });
});

describe("resetting a lost factor", () => {
  it("takes app, codes and passkeys away, ends the sessions and is logged; never one's own", async () => {
    const admin = await makeViewer({ role: "admin" });
    const member = await memberWithApp();
    await db.insert(passkey).values({
      id: crypto.randomUUID(),
      userId: member.viewer.id,
      publicKey: "x",
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    expect(await db.select().from(session).where(eq(session.userId, member.viewer.id))).not.toHaveLength(0);

    expect(await resetSecondFactor(admin, { userId: member.viewer.id })).toEqual({ ok: true, value: null });
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, member.viewer.id))).toEqual([]);
    expect(await db.select().from(passkey).where(eq(passkey.userId, member.viewer.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, member.viewer.id))).toEqual([]);
    const [account] = await db.select({ secondFactor: user.twoFactorEnabled }).from(user).where(eq(user.id, member.viewer.id));
    expect(account!.secondFactor).toBe(false);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, member.viewer.id));
    expect(entry).toMatchObject({ action: "reset-second-factor", actorId: admin.id });

    // The password alone signs in again (the member sets up a new factor).
    const again = await signIn(new Request("http://localhost:3000/auth", { method: "POST" }), "127.0.0.1", member.email, member.password);
    expect(again.ok && "viewer" in again.value).toBe(true);

    expect(await resetSecondFactor(admin, { userId: admin.id })).toMatchObject({
      ok: false,
      reason: "forbidden",
      message: secondFactorResetTexts.own,
    });
    const moderator = await makeViewer({ role: "moderator" });
    expect(await resetSecondFactor(moderator, { userId: member.viewer.id })).toMatchObject({ ok: false, reason: "forbidden" });
    // An administrator without a factor has no powers: refused as well.
    const otherAdmin = await makeViewer({ role: "admin" });
    expect(otherAdmin.secondFactor).toBe(true);
    expect(await resetSecondFactor({ ...otherAdmin, secondFactor: false }, { userId: admin.id })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });
});
