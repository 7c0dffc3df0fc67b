/**
 * Names of the cookies the server sets, in one place: several modules decide
 * by them without loading the modules that set them (the page cache must not
 * load the auth stack to tell a guest from a member).
 */

/** better-auth's cookie prefix (auth.server.ts): its cookies are "forum.session_token" and so on. */
export const AUTH_COOKIE_PREFIX = "forum";

/** Part of the session cookie's name (better-auth adds "__Secure-" on https): its presence means "maybe a member". */
export const SESSION_COOKIE_MARKER = `${AUTH_COOKIE_PREFIX}.session_token=`;

/** The one-shot message shown after a redirect (toast.server.ts). */
export const TOAST_COOKIE_NAME = "forum_toast";
