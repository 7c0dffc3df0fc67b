import { count, eq } from "drizzle-orm";
import { createOTP } from "@better-auth/utils/otp";
import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { passkey, twoFactor, user } from "../../../db/schema";
import type { Database } from "~/server/db";
import { db } from "~/server/db";
import { fail, ok, type Outcome, reasonForStatus } from "~/server/platform";
import { auth, authErrorCode, authHeaders } from "./auth.server";
import { hashRecoveryCode, recoveryCodeStorage, SECOND_FACTOR_ISSUER } from "./second-factor-rules.server";
import { findViewer, type Viewer } from "./session.server";

/**
 * The second factor (decision 0050): better-auth's twoFactor plugin (an authenticator app's code, recovery codes)
 * and its passkey plugin do the cryptography; these are the forum's ways into them, with German answers.
 */
export const secondFactorTexts = {
  wrongCode: "Der Code ist falsch oder abgelaufen. Bitte versuchen Sie es erneut.",
  challengeExpired: "Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Ihrem Passwort an.",
  locked: "Zu viele falsche Codes. Ihr Konto nimmt 15 Minuten lang keine Codes an; ein Passkey funktioniert weiterhin.",
  wrongPassword: "Das Passwort ist nicht korrekt.",
  alreadySetUp: "Für Ihr Konto ist bereits eine Authenticator-App eingerichtet.",
  passkeyFailed: "Der Passkey konnte nicht geprüft werden. Bitte versuchen Sie es erneut.",
  passkeySessionTooOld: "Bitte melden Sie sich erneut an, bevor Sie einen Passkey hinzufügen.",
} as const;

/** better-auth's error codes of the second step, as the member reads them. No answer tells what the account has set up. */
function codeErrorText(code: string): string {
  switch (code) {
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return secondFactorTexts.challengeExpired;
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return secondFactorTexts.locked;
    default:
      // INVALID_CODE, INVALID_BACKUP_CODE, and an account without an app or without recovery codes alike.
      return secondFactorTexts.wrongCode;
  }
}

/** Six digits are the app's code; anything else is taken for a recovery code. */
function isAppCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** Spaces and dashes people type into a six-digit code ("123 456") go; a recovery code keeps its dash. */
export function normalizeCode(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : trimmed;
}

export interface SecondFactorState {
  /** The app: none, started but not confirmed with a first code, or in use. */
  app: "none" | "pending" | "active";
  passkeys: number;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

export async function secondFactorState(memberId: string): Promise<SecondFactorState> {
  const [[app], [keys]] = await Promise.all([
    db.select({ verified: twoFactor.verified, backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, memberId)),
    db.select({ value: count() }).from(passkey).where(eq(passkey.userId, memberId)),
  ]);
  return {
    app: !app ? "none" : app.verified ? "active" : "pending",
    passkeys: keys?.value ?? 0,
    recoveryCodesLeft: app ? (JSON.parse(await recoveryCodeStorage.decrypt(app.backupCodes)) as string[]).length : 0,
  };
}

/** What the member types into their app: the key (Base32) and the otpauth link that carries it. */
export interface AppKey {
  key: string;
  uri: string;
}

function appKeyOf(uri: string): AppKey {
  return { key: new URL(uri).searchParams.get("secret") ?? "", uri };
}

/** The key of an app set up but not yet confirmed, shown again until the first code arrives. */
export async function pendingAppKey(viewer: Viewer): Promise<AppKey | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, viewer.id));
  if (!row || row.verified) return null;
  const context = await auth.$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  return appKeyOf(createOTP(secret, { digits: 6, period: 30 }).url(SECOND_FACTOR_ISSUER, viewer.email));
}

/**
 * Step one of setting up the app, after the password once more: a new key and ten recovery codes, which are shown
 * this once and stored only as hashes. The app counts once its first code is confirmed (confirmApp).
 */
export async function startApp(
  request: Request,
  clientIp: string | undefined,
  password: string,
): Promise<Outcome<AppKey & { recoveryCodes: string[] }>> {
  const response = await auth.api.enableTwoFactor({
    body: { password, method: "totp", issuer: SECOND_FACTOR_ISSUER },
    headers: authHeaders(request, clientIp),
    asResponse: true,
  });
  if (!response.ok) {
    const code = await authErrorCode(response);
    if (code === "INVALID_PASSWORD")
      return fail("invalid", secondFactorTexts.wrongPassword, { password: [secondFactorTexts.wrongPassword] });
    if (code === "TOTP_ALREADY_ENABLED") return fail("conflict", secondFactorTexts.alreadySetUp);
    return fail(reasonForStatus(response.status));
  }
  const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
  return ok({ ...appKeyOf(body.totpURI), recoveryCodes: body.backupCodes });
}

/** The first code from the app: from now on it is the account's second factor (better-auth renews the session). */
export async function confirmApp(request: Request, clientIp: string | undefined, code: string): Promise<Outcome<{ setCookie: string[] }>> {
  const response = await auth.api.verifyTOTP({
    body: { code: normalizeCode(code) },
    headers: authHeaders(request, clientIp),
    asResponse: true,
  });
  if (!response.ok) return fail("invalid", secondFactorTexts.wrongCode, { code: [secondFactorTexts.wrongCode] });
  return ok({ setCookie: response.headers.getSetCookie() });
}

/**
 * The second step of signing in: the app's code or a recovery code, against the pending sign-in better-auth keeps
 * in its short-lived cookie. A recovery code is compared as its hash (recoveryCodeStorage) and is gone once used.
 */
export async function completeSignIn(
  request: Request,
  clientIp: string | undefined,
  input: string,
): Promise<Outcome<{ viewer: Viewer; setCookie: string[] }>> {
  const code = normalizeCode(input);
  const headers = authHeaders(request, clientIp);
  const response = isAppCode(code)
    ? await auth.api.verifyTOTP({ body: { code }, headers, asResponse: true })
    : await auth.api.verifyBackupCode({ body: { code: hashRecoveryCode(code) }, headers, asResponse: true });
  if (!response.ok) {
    const errorCode = await authErrorCode(response);
    const reason = errorCode === "ACCOUNT_TEMPORARILY_LOCKED" ? "too-many-requests" : "unauthenticated";
    return fail(reason, codeErrorText(errorCode), { code: [codeErrorText(errorCode)] });
  }
  const body = (await response.json()) as { user: { id: string } };
  const viewer = await findViewer(body.user.id);
  if (!viewer) return fail("unauthenticated", secondFactorTexts.challengeExpired);
  return ok({ viewer, setCookie: response.headers.getSetCookie() });
}

/** The browser's options for creating a passkey (JSON) and the cookie that ties its answer to them. */
export async function passkeyRegistrationOptions(request: Request, clientIp: string | undefined): Promise<Response> {
  return auth.api.generatePasskeyRegistrationOptions({ headers: authHeaders(request, clientIp), asResponse: true });
}

/** The browser's options for signing in with a passkey: no account is named, so the answer tells nobody who exists. */
export async function passkeySignInOptions(request: Request, clientIp: string | undefined): Promise<Response> {
  return auth.api.generatePasskeyAuthenticationOptions({ headers: authHeaders(request, clientIp), asResponse: true });
}

/** A new passkey, checked by better-auth against the options it gave; from now on the account has a second factor. */
export async function registerPasskey(
  request: Request,
  clientIp: string | undefined,
  credential: Record<string, unknown>,
  viewer: Viewer,
): Promise<Outcome<{ setCookie: string[] }>> {
  const response = await auth.api.verifyPasskeyRegistration({
    body: { response: credential },
    headers: authHeaders(request, clientIp),
    asResponse: true,
  });
  if (!response.ok) {
    const code = await authErrorCode(response);
    if (code === "SESSION_NOT_FRESH") return fail("unauthenticated", secondFactorTexts.passkeySessionTooOld);
    return fail("invalid", secondFactorTexts.passkeyFailed);
  }
  // The twoFactor plugin asks for the second step whenever this is set: a password alone no longer signs in.
  await db.update(user).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(user.id, viewer.id));
  return ok({ setCookie: response.headers.getSetCookie() });
}

/** Signed in with a passkey alone: it is a factor of possession and one of the person (the device's unlock). */
export async function signInWithPasskey(
  request: Request,
  clientIp: string | undefined,
  credential: Record<string, unknown>,
): Promise<Outcome<{ viewer: Viewer; setCookie: string[] }>> {
  const response = await auth.api.verifyPasskeyAuthentication({
    // Checked by the plugin (SimpleWebAuthn) against the challenge it gave; anything malformed is refused there.
    body: { response: credential as unknown as AuthenticationResponseJSON },
    headers: authHeaders(request, clientIp),
    asResponse: true,
  });
  if (!response.ok) {
    const code = await authErrorCode(response);
    if (code === "ACCOUNT_SUSPENDED")
      return fail(
        "forbidden",
        (
          await response
            .clone()
            .json()
            .catch(() => ({}))
        ).message,
      );
    return fail("unauthenticated", secondFactorTexts.passkeyFailed);
  }
  const body = (await response.json()) as { user: { id: string } };
  const viewer = await findViewer(body.user.id);
  if (!viewer) return fail("unauthenticated", secondFactorTexts.passkeyFailed);
  return ok({ viewer, setCookie: response.headers.getSetCookie() });
}

/**
 * An authenticator app with a key known beforehand, confirmed at once: for the demo's staff, whose key the start
 * message prints, and for the test factories' staff. Encrypted as better-auth encrypts its own keys ("base32:" keys
 * are read as such by the plugin); no recovery codes.
 */
export async function setUpAppWithKey(executor: Database, memberId: string, base32Key: string): Promise<void> {
  const context = await auth.$context;
  const secret = await symmetricEncrypt({ key: context.secretConfig, data: `base32:${base32Key}` });
  await executor
    .insert(twoFactor)
    .values({ id: crypto.randomUUID(), userId: memberId, secret, backupCodes: await recoveryCodeStorage.encrypt("[]"), verified: true })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, verified: true } });
  await executor.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, memberId));
}
