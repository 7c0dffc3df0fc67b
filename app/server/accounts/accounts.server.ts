import { eq } from "drizzle-orm";
import { reviewItems, user, type SignUpSignal } from "../../../db/schema";
import { texts } from "~/lib/texts";
import { suspendedText, suspensionText } from "~/lib/moderation";
import { auth, authErrorCode, authHeaders, type AuthErrorCode } from "./auth.server";
import { db } from "~/server/db";
import { done, fail, logger, ok, type Outcome, outsideGate, reasonForStatus } from "~/server/platform";
import { accountExistsMail, queueMail } from "~/server/mail";
import { createMemberAccount, hashMemberPassword, normalizeEmail } from "./member-accounts.server";
import { findViewer, suspensionOf, type Viewer } from "./session.server";

/**
 * Account services: what the auth forms do, behind our own validation and
 * rate limits. better-auth does the cryptography, tokens and sessions.
 */

/** SPEC section 8: server condition → German text. */
function loginErrorText(code: AuthErrorCode): string {
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
      return texts.invalidCredentials;
    case "EMAIL_NOT_VERIFIED":
      return texts.emailNotConfirmed;
    case "TOO_MANY_REQUESTS":
      return texts.tooManyRequests;
    case "FAILED_TO_CREATE_SESSION":
      // The session hook refuses rejected members.
      return texts.accountRejected;
    case "ACCOUNT_SUSPENDED":
      return suspendedText;
    default:
      return texts.unknownError;
  }
}

/** After the password: signed in, or (with a second factor) on the way to the code page with its pending cookie. */
export type SignInStep = { viewer: Viewer; setCookie: string[] } | { secondFactorDue: true; setCookie: string[] };

/** Signed in, with the session cookies to send; a refusal carries better-auth's status as its reason and the spec's text. */
export async function signIn(
  request: Request,
  clientIp: string | undefined,
  email: string,
  password: string,
): Promise<Outcome<SignInStep>> {
  const response = await auth.api.signInEmail({
    body: { email, password, rememberMe: true },
    headers: authHeaders(request, clientIp),
    asResponse: true,
  });
  if (!response.ok) {
    const code = await authErrorCode(response);
    // Refused only once the password was right (the session hook of auth.server.ts): the member may read why.
    const suspension = code === "ACCOUNT_SUSPENDED" ? await suspensionOf(normalizeEmail(email)) : null;
    return fail(reasonForStatus(response.status), suspension ? suspensionText(suspension) : loginErrorText(code));
  }
  const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean };
  // The twoFactor plugin took the session back: the code (or a passkey) comes next (decision 0050).
  if (body.twoFactorRedirect) return ok({ secondFactorDue: true, setCookie: response.headers.getSetCookie() });
  const viewer = body.user ? await findViewer(body.user.id) : null;
  if (!viewer) return fail("unauthenticated", loginErrorText("FAILED_TO_CREATE_SESSION"));
  return ok({ viewer, setCookie: response.headers.getSetCookie() });
}

export async function signOut(request: Request): Promise<string[]> {
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  return response.headers.getSetCookie();
}

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  newsletter: boolean;
}

/**
 * Creates the account (pending, unverified) with its profile and role in one
 * transaction and sends the confirmation mail. For an address that already
 * has an account nothing is created and the owner gets a note instead, so the
 * form's answer never tells a stranger who is registered. A sign-up that
 * looked automated (`signals`) waits in the review queue as well.
 */
export async function signUp(input: SignUpInput, signals: readonly SignUpSignal[] = []): Promise<void> {
  const email = normalizeEmail(input.email);
  // Hashed either way: skipping the slowest step for known addresses made them answer in 20 ms instead of 750.
  const passwordHash = await hashMemberPassword(input.password);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await outsideGate(() => atLeast(VERIFICATION_MAIL_MIN_MS, () => queueMail(accountExistsMail(email))));
    return;
  }
  try {
    await db.transaction(async (tx) => {
      const memberId = await createMemberAccount(tx, {
        email,
        password: { hash: passwordHash },
        firstName: input.firstName,
        lastName: input.lastName,
        newsletterSubscribed: input.newsletter,
        approvalStatus: "pending",
        role: "member",
        emailVerified: false,
      });
      // Looked automated (sign-up-guard.server.ts): the administrator sees why before approving.
      if (signals.length > 0) await tx.insert(reviewItems).values({ kind: "sign-up", memberId, signals: [...signals] });
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides, the loser is told nothing new.
    if ((error as { cause?: { code?: string } }).cause?.code === "23505") return;
    throw error;
  }
  await outsideGate(() => auth.api.sendVerificationEmail({ body: { email } }));
}

/**
 * better-auth's sendVerificationEmail never answers in less than 500 ms (its
 * own guard against timing). The note to a known address waits as long, or
 * that floor alone would tell the two paths apart. Both run outside the
 * request gate, alike: the floor is mostly a wait, and a wait holds no slot.
 */
const VERIFICATION_MAIL_MIN_MS = 500;

async function atLeast(ms: number, work: () => Promise<void>): Promise<void> {
  await Promise.all([work(), new Promise((resolve) => setTimeout(resolve, ms))]);
}

export async function resendVerification(email: string): Promise<void> {
  // Its 500 ms floor is a wait, as at sign-up.
  await outsideGate(() => auth.api.sendVerificationEmail({ body: { email: normalizeEmail(email) } }));
}

export async function requestPasswordReset(email: string): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email: normalizeEmail(email), redirectTo: "/reset-password" } });
}

/** Sends a sign-in link to existing accounts only; the answer is the same either way. */
export async function requestMagicLink(request: Request, clientIp: string | undefined, email: string): Promise<void> {
  const address = normalizeEmail(email);
  const [existing] = await db.select({ id: user.id, secondFactor: user.twoFactorEnabled }).from(user).where(eq(user.email, address));
  if (!existing) {
    logger.info("magic link requested for an unknown address");
    return;
  }
  // A mailed link is one factor: an account with a second one signs in with the password and the code or a passkey.
  if (existing.secondFactor) {
    logger.info("magic link requested for an account with a second factor");
    return;
  }
  await auth.api.signInMagicLink({ body: { email: address, callbackURL: "/" }, headers: authHeaders(request, clientIp) });
}

const linkUsedUp = "Der Link ist abgelaufen oder wurde bereits verwendet.";

/** A used or unknown token is a field error on `token`: the page then offers a new link instead of the form. */
export async function resetPassword(token: string, newPassword: string): Promise<Outcome> {
  const response = await auth.api.resetPassword({ body: { token, newPassword }, asResponse: true });
  if (response.ok) return done;
  const code = await authErrorCode(response);
  if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return fail("invalid", linkUsedUp, { token: [linkUsedUp] });
  return fail("invalid");
}
