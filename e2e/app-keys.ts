import { Secret, TOTP } from "otpauth";

/**
 * Second factors in e2e (decision 0050). Staff powers need one, so every staff account the tests sign in as has an
 * authenticator app whose key the tests know: the demo's staff share DEMO_APP_KEY (playwright.config.ts hands it to
 * the server's seeding), the staff a test makes enrol through the page (e2e/members.ts) and their key is kept here.
 */
export const DEMO_APP_KEY = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Whose key is known, by e-mail address: the demo administrator and moderators from the start. */
const appKeys = new Map<string, string>(
  ["admin@example.com", "lena.hoffmann@example.com", "juergen.mueller@example.com"].map((email) => [email, DEMO_APP_KEY]),
);

export function rememberAppKey(email: string, key: string): void {
  appKeys.set(email.toLowerCase(), key);
}

export function appKeyOf(email: string): string | undefined {
  return appKeys.get(email.toLowerCase());
}

/** The six digits an authenticator app shows now for this key, computed as any app does (RFC 6238). */
export function appCode(key: string): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

/** The key as the enrolment page shows it (grouped in fours), from its HTML. */
export function appKeyIn(html: string): string | undefined {
  return /data-testid="app-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replaceAll(" ", "");
}
