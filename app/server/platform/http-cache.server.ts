import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { mayCarryPersonalCookie } from "./cookie-names.server";
import { viewerSeen } from "./viewer-tracking.server";

/**
 * Caching of rendered pages. A page is the pure function of its loaders'
 * data, the build and the request's cookies, so a hash over those is a
 * strong enough validator: when a browser or crawler sends it back
 * unchanged, the render is skipped and a 304 goes out.
 *
 * Guests' pages (no cookie that might be a session) may be stored by shared caches, and every cache, the
 * browser's too, asks again before each use (`no-cache`): a reopened page shows the current counts and replies,
 * and an unchanged one costs a 304 from the page cache. With `Vary: Cookie` a signed-in member never gets a
 * guest's copy, nor one member another's. Members' pages are private and revalidated on every use. Anything that
 * sets a cookie is never stored anywhere.
 */
/** How long a guest's copy of what is no page (Markdown, llms.txt, an unversioned share image) may be used unasked. */
export const GUEST_MAX_AGE_SECONDS = 30;

export interface CacheDecision {
  /** Answer 304 instead of rendering. */
  notModified: boolean;
}

/** Pages that show or take credentials, one-time links or the state of an account. */
const AUTH_PATHS = /^\/(?:auth|reset-password|email-confirmation|pending-approval|dev\/mailbox)(?:\/|\.data$|$)/;
const SECRET_PARAMS = /token|e-?mail|code|key|secret|password|otp/i;
/** A member's conversations (decision 0062): private correspondence that no cache, the browser's included, may keep. */
const PRIVATE_PATHS = /^\/messages(?:\/|\.data$|$)/;

/**
 * Whether no cache (browser, proxy, CDN) may keep the answer: every auth page, every page of the messages,
 * and every URL that carries a token or an e-mail address. A shared cache
 * could hand a reset link's page to the next visitor, and the browser would
 * show a used link's form again from its cache.
 */
export function mustNotBeStored(url: URL): boolean {
  if (AUTH_PATHS.test(url.pathname) || PRIVATE_PATHS.test(url.pathname)) return true;
  for (const [name, value] of url.searchParams) {
    if (SECRET_PARAMS.test(name) || value.includes("@")) return true;
  }
  return false;
}

export function applyDocumentCaching(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  pageText?: ReadonlyMap<string, string>,
): CacheDecision {
  if (mustNotBeStored(new URL(request.url))) {
    headers.set("Cache-Control", "private, no-store");
    return { notModified: false };
  }
  if (headers.has("Cache-Control")) return { notModified: false };
  const cookie = request.headers.get("Cookie") ?? "";
  // A render that resolved a viewer is private whatever its cookies looked like.
  const member = mayCarryPersonalCookie(cookie) || viewerSeen();
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie")) {
    headers.set("Cache-Control", "private, no-store");
    return { notModified: false };
  }
  const etag = documentEtag(context, cookie, pageText);
  headers.set("ETag", etag);
  headers.set("Cache-Control", member ? "private, no-cache" : "public, no-cache");
  headers.append("Vary", "Cookie");
  return { notModified: matchesEtag(request.headers.get("If-None-Match"), etag) };
}

/** The texts a page renders but leaves out of its loader data (app/lib/page-text.tsx) count too. */
function documentEtag(context: EntryContext, cookie: string, pageText?: ReadonlyMap<string, string>): string {
  const hash = createHash("sha256")
    .update(context.manifest.version)
    .update("\0")
    .update(cookie)
    .update("\0")
    .update(JSON.stringify(context.staticHandlerContext.loaderData))
    .update("\0")
    .update(JSON.stringify(pageText ? [...pageText] : []))
    .digest("base64url")
    .slice(0, 27);
  return `W/"${hash}"`;
}

/** If-None-Match may list several tags or "*"; weak comparison, as RFC 9110 asks for GET. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/** The conditional GET of RFC 9110: If-None-Match decides when present, else If-Modified-Since. */
export function notModified(requestHeaders: { get(name: string): string | null }, etag: string | null, lastModified: Date | null): boolean {
  const ifNoneMatch = requestHeaders.get("If-None-Match");
  if (ifNoneMatch !== null) return etag !== null && matchesEtag(ifNoneMatch, etag);
  const since = Date.parse(requestHeaders.get("If-Modified-Since") ?? "");
  return lastModified !== null && !Number.isNaN(since) && lastModified.getTime() <= since;
}
