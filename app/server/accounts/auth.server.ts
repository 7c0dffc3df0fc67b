import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins/two-factor";
import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { suspendedNow } from "./restrictions.server";
import { suspendedText } from "~/lib/moderation";
import { account, passkey, profiles, session, twoFactor, user, verification } from "../../../db/schema";
import { AUTH_COOKIE_PREFIX, AUTH_SECRET_FILE, env, isProduction, logger } from "~/server/platform";
import { db } from "~/server/db";
import { magicLinkMail, passwordResetMail, queueMail, verificationMail } from "~/server/mail";
import { passwordHashing } from "./password.server";
import { accountEvents } from "./events.server";
import { recoveryCodeStorage, SECOND_FACTOR_ISSUER, sessionPathsForFactorHolders } from "./second-factor-rules.server";

export const SESSION_DAYS = 7;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;
/** How old a session's last extension may get before a request extends it again. */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
export const MAGIC_LINK_MINUTES = 10;
export const PASSWORD_RESET_MINUTES = 60;
export const VERIFICATION_HOURS = 24;
export const MIN_PASSWORD_LENGTH = 6;
/** The header through which our server passes the client IP it trusts; anything a client sends under it is replaced. */
export const CLIENT_IP_HEADER = "x-forum-client-ip";

/**
 * The signing secret. On a public host it must be configured (env check);
 * locally it is created once and kept next to the embedded database, so
 * sessions and mailed links survive restarts.
 */
function resolveSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATA_DIR.startsWith("memory://")) return randomBytes(32).toString("hex");
  const file = path.join(env.DATA_DIR, AUTH_SECRET_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    // Written aside and linked into place: another app server process starting at the same moment
    // sees no file or the whole secret, never half of it, and the first link wins.
    const draft = `${file}.${process.pid}`;
    fs.writeFileSync(draft, secret, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      return fs.readFileSync(file, "utf8").trim();
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
}

/**
 * better-auth reports "Failed to create session" as an error, but here it only
 * ever means our session hook refused a rejected member: an expected answer,
 * which must not page anyone who watches the error log.
 */
function betterAuthLogLevel(level: "debug" | "info" | "success" | "warn" | "error", message: string): "debug" | "info" | "warn" | "error" {
  if (level === "error" && message === "Failed to create session") return "info";
  return level === "success" ? "info" : level;
}

/** Also signs the one-click unsubscribe links of notification mails (notification-mail.server.ts). */
export const signingSecret = resolveSecret();

export const auth = betterAuth({
  appName: "Marketing Community",
  baseURL: env.PUBLIC_URL,
  basePath: "/api/auth",
  secret: signingSecret,
  trustedOrigins: isProduction ? [env.PUBLIC_URL] : [env.PUBLIC_URL, "http://localhost:5173"],
  telemetry: { enabled: false },
  // Into our structured log instead of the console ("User not found" is routine: wrong e-mail at sign-in).
  logger: {
    level: "warn",
    log: (level, message) => logger[betterAuthLogLevel(level, message)]({ source: "better-auth" }, message),
  },
  database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, twoFactor, passkey } }),
  // Our own limiter (rate-limit.server.ts) guards every auth action; one limiter, one table.
  rateLimit: { enabled: false },
  session: {
    expiresIn: SESSION_SECONDS,
    updateAge: SESSION_REFRESH_SECONDS,
  },
  advanced: {
    cookiePrefix: AUTH_COOKIE_PREFIX,
    useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    database: { generateId: () => crypto.randomUUID() },
  },
  emailAndPassword: {
    enabled: true,
    requireEmailVerification: true,
    minPasswordLength: MIN_PASSWORD_LENGTH,
    maxPasswordLength: 128,
    password: { hash: (password) => passwordHashing.hash(password), verify: (input) => passwordHashing.verify(input) },
    autoSignIn: false,
    resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
    revokeSessionsOnPasswordReset: true,
    // better-auth has ended the member's sessions by now: what they have open elsewhere ends too.
    onPasswordReset: async ({ user: member }) => {
      await db.transaction((tx) => accountEvents.emit(tx, "sessions.ended", { memberId: member.id, why: "password-reset" }));
    },
    sendResetPassword: async ({ user: member, token }) => {
      await queueMail(passwordResetMail(member.email, member.name, `${env.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`));
    },
  },
  emailVerification: {
    sendOnSignUp: false,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    expiresIn: VERIFICATION_HOURS * 60 * 60,
    sendVerificationEmail: async ({ user: member, token }) => {
      await queueMail(
        verificationMail(member.email, member.name, `${env.PUBLIC_URL}/auth/verify-email?token=${encodeURIComponent(token)}`),
      );
    },
  },
  plugins: [
    // The second factor (decision 0050): the authenticator app's code with recovery codes, and passkeys.
    twoFactorPlugin({
      issuer: SECOND_FACTOR_ISSUER,
      // Ten minutes from the password to the code; five tries per sign-in, ten wrong codes in a row lock the account's codes for 15 minutes.
      twoFactorCookieMaxAge: 10 * 60,
      accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: recoveryCodeStorage },
    }),
    passkeyPlugin({
      rpID: new URL(env.PUBLIC_URL).hostname,
      rpName: "Marketing Community",
      // Only our own address: an assertion made for another page is refused.
      origin: env.PUBLIC_URL,
    }),
    magicLink({
      disableSignUp: true,
      expiresIn: MAGIC_LINK_MINUTES * 60,
      sendMagicLink: async ({ email, token }) => {
        await queueMail(magicLinkMail(email, `${env.PUBLIC_URL}/auth/magic-link?token=${encodeURIComponent(token)}`));
      },
    }),
  ],
  databaseHooks: {
    session: {
      create: {
        // Rejected and suspended members stay out, whichever way they try to sign in.
        before: async (newSession, context) => {
          const [profile] = await db
            .select({
              status: profiles.approvalStatus,
              suspended: suspendedNow,
              secondFactor: user.twoFactorEnabled,
            })
            .from(profiles)
            .innerJoin(user, eq(user.id, profiles.id))
            .where(eq(profiles.id, newSession.userId));
          if (profile?.status === "rejected") return false;
          if (profile?.suspended) throw new APIError("FORBIDDEN", { code: "ACCOUNT_SUSPENDED", message: suspendedText });
          // A member with a second factor gets a session only where that factor is asked (a mailed link is one factor).
          if (profile?.secondFactor && context && !sessionPathsForFactorHolders.has(context.path))
            throw new APIError("FORBIDDEN", { code: "SECOND_FACTOR_REQUIRED", message: "Zweiter Faktor erforderlich" });
        },
      },
    },
  },
});

/** Error codes of better-auth that our forms translate. */
export type AuthErrorCode =
  | "INVALID_EMAIL_OR_PASSWORD"
  | "EMAIL_NOT_VERIFIED"
  | "FAILED_TO_CREATE_SESSION"
  | "INVALID_TOKEN"
  | "TOKEN_EXPIRED"
  | "PASSWORD_TOO_SHORT"
  | "PASSWORD_TOO_LONG"
  | "ACCOUNT_SUSPENDED"
  | (string & {});

/** Headers for calls into better-auth: the browser's cookies plus the client IP our server vouches for. */
export function authHeaders(request: Request, clientIp: string | undefined): Headers {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/** Reads the error code from a better-auth error response. */
export async function authErrorCode(response: Response): Promise<AuthErrorCode> {
  try {
    const body = (await response.clone().json()) as { code?: string };
    return body.code ?? `HTTP_${response.status}`;
  } catch {
    return `HTTP_${response.status}`;
  }
}

/** Whether a password-reset token exists and has not expired (it is deleted when used). */
export async function isPasswordResetTokenValid(token: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(token)) return false;
  const context = await auth.$context;
  const value = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(value && value.expiresAt > new Date());
}
