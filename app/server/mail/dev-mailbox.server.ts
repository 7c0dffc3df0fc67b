import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { devMailboxEnabled, env } from "~/server/platform";

/**
 * The developer mailbox holds working sign-in links, so whoever reads it can
 * become anyone, the administrator included. Neither the host name nor the
 * client address tells the person who started the server from a stranger
 * (behind a reverse proxy every request comes from 127.0.0.1, in a container
 * from the bridge), so the mailbox answers only with a random key that is
 * printed to the console at start (decision 0010). It changes with every start.
 */
// Several app server processes (server/main.ts) get the primary's key, so that one printed address works on each.
const inherited = process.env.DEV_MAILBOX_KEY;
const key = inherited && inherited.length >= 32 ? inherited : randomBytes(24).toString("base64url");

export const devMailboxPath = "/dev/mailbox";

/** The address with the key, for the start message. Null when there is no developer mailbox. */
export function devMailboxUrl(): string | null {
  return devMailboxEnabled ? `${env.PUBLIC_URL}${devMailboxPath}?key=${key}` : null;
}

/** Compares digests, so neither the length nor the first differing character shows in the time taken. */
export function isDevMailboxKey(candidate: string | null | undefined): boolean {
  if (!devMailboxEnabled || !candidate) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(candidate), digest(key));
}
