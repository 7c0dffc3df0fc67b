import { createHash } from "node:crypto";

/** The name an authenticator app shows beside the code. */
export const SECOND_FACTOR_ISSUER = "Marketing Community";

const HASHED = "sha256:";

/**
 * A recovery code as we store it (decision 0050): its SHA-256. The codes are ten random letters and digits (about
 * 59 bits), so a hash without salt cannot be reversed by trying, and a leaked database gives nobody a way in.
 */
export function hashRecoveryCode(code: string): string {
  return HASHED + createHash("sha256").update(code.trim()).digest("hex");
}

/**
 * better-auth's twoFactor plugin stores the recovery codes through this pair. It hands `encrypt` the new codes
 * (which we hash) or, after a code was used, the remaining stored ones (already hashes, kept as they are); `decrypt`
 * returns the hashes, so the plugin compares what we pass it: the hash of the code typed in (secondFactor's verify).
 * better-auth's HTTP handler is not mounted (decision 0005), so nobody can hand it a stored hash directly.
 */
export const recoveryCodeStorage = {
  encrypt: async (json: string): Promise<string> =>
    JSON.stringify((JSON.parse(json) as string[]).map((code) => (code.startsWith(HASHED) ? code : hashRecoveryCode(code)))),
  decrypt: async (stored: string): Promise<string> => stored,
};

/**
 * Where better-auth may make a session for a member who has a second factor: the password step (the plugin takes
 * that session back at once and asks for the code), the code and recovery code, a passkey, and the session renewals
 * while a factor is set up. A mailed link (magic link, address confirmation) is one factor alone and makes none.
 */
export const sessionPathsForFactorHolders: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/enable",
  "/two-factor/disable",
  "/passkey/verify-authentication",
]);
