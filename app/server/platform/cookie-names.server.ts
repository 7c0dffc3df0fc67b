/**
 * Names of the cookies the server sets, in one place: several modules decide
 * by them without loading the modules that set them (the page cache must not
 * load the auth stack to tell a guest from a member).
 */

/** better-auth's cookie prefix (auth.server.ts): its cookies are "forum.session_token" and so on. */
export const AUTH_COOKIE_PREFIX = "forum";

/** The one-shot message shown after a redirect (toast.server.ts). */
export const TOAST_COOKIE_NAME = "forum_toast";

/**
 * Whether a Cookie header may carry a session or a pending message, in any
 * spelling. Deliberately no parsing: parsers differ in what they trim around a
 * name (spaces, tabs, a no-break space), which of two same-named cookies they
 * take, whether they unquote or decode, and the next version may differ again
 * (better-auth's parser and better-call's, which its getSession uses, already
 * disagree). So any mention of our prefix (every auth cookie and the message
 * carry it) or of a session, in any case, percent-encoded or not, counts. A
 * guest's own cookies (sidebar_state, theme) mention neither.
 */
export function mayCarryPersonalCookie(header: string | null | undefined): boolean {
  if (!header) return false;
  const text = decodePercents(header).toLowerCase();
  return text.includes(AUTH_COOKIE_PREFIX) || text.includes("session");
}

function decodePercents(text: string): string {
  let decoded = text;
  // Twice encoded is decoded twice: no parser does it, but it costs nothing to be sure.
  for (let round = 0; round < 3 && decoded.includes("%"); round++) {
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return decoded;
}
