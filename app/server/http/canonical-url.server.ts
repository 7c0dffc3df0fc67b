/**
 * One URL per page: a path with a trailing slash, `//` runs or capitals is
 * the same page to React Router (it matches without regard to case) but a
 * duplicate to a search engine. Such a request is answered with a 301 to the
 * canonical path (server/app-server.ts), before the page cache sees it.
 *
 * Only the paths of the routes below are touched, each by its own rule:
 * fixed words are lowercase, slugs and list names are lowercase by
 * construction (app/lib/slug.ts, app/lib/categories.ts), profile ids are not
 * (better-auth generates them in mixed case) and keep their case. Everything
 * else (built assets with hashed mixed-case names, uploads, files of other
 * routes) passes as it is; the query string is never changed.
 */

/** `:name` is a parameter whose value is lowercase; `:name!` one whose case matters. */
export const CANONICAL_ROUTES = [
  "/healthz",
  "/robots.txt",
  "/llms.txt",
  "/:key.txt",
  "/sitemap.xml",
  "/sitemaps/:file",
  "/feed.xml",
  "/subforum/:segment/feed.xml",
  "/category/:segment/feed.xml",
  "/tags/:slug/feed.xml",
  "/auth",
  "/auth/challenge",
  "/auth/verify-email",
  "/auth/magic-link",
  "/auth/sign-out",
  "/auth/second-factor",
  "/auth/passkey",
  "/second-factor",
  "/email-confirmation",
  "/reset-password",
  "/pending-approval",
  "/dev/mailbox",
  "/dev/mailbox/:id",
  "/discussion/:slug/view",
  "/discussion/:slug/unread",
  "/discussion/:slug.md",
  "/discussion/:slug/feed.xml",
  "/discussion/:slug/share.png",
  "/profile/:id!/export",
  "/admin/samples",
  "/admin/transparency.csv",
  "/theme",
  "/notifications/unsubscribe",
  "/members/suggestions",
  "/tags/suggestions",
  "/create-discussion/similar",
  "/images",
  "/images/:id/:file",
  "/drafts",
  "/notifications/latest",
  "/messages/settings",
  "/messages/:id/draft",
  "/",
  "/subforum/:segment",
  "/category/:segment",
  "/tags",
  "/tags/:slug",
  "/archive",
  "/archive/:month",
  "/create-discussion",
  "/search",
  "/members",
  "/profile/:id!",
  "/discussion/:slug",
  "/discussion/:slug/revisions",
  "/admin",
  "/admin/watch-list",
  "/admin/synonyms",
  "/admin/tags",
  "/admin/transparency",
  "/admin/digest",
  "/admin/settings",
  "/notifications",
  "/messages",
  "/messages/new",
  "/messages/:id",
  "/legal-notice",
  "/legal-notice/confirm",
  "/statement/:id!",
  "/bookmarks",
  "/moderation",
  "/impressum",
  "/agb",
  "/datenschutz",
] as const;

/** A parameter may end in a fixed suffix (":slug.md"): it then matches only segments that end so. */
type Segment = { kind: "fixed"; value: string } | { kind: "param"; keepCase: boolean; suffix: string };

/** Most fixed words first, as React Router ranks them: /impressum wins over a /:file a route may add. */
const patterns: Segment[][] = CANONICAL_ROUTES.map((route) =>
  segmentsOf(route).map((segment): Segment => {
    const param = /^:\w+(!?)(\.[a-z]+)?$/.exec(segment);
    return param ? { kind: "param", keepCase: param[1] === "!", suffix: param[2] ?? "" } : { kind: "fixed", value: segment };
  }),
).sort((a, b) => fixedCount(b) - fixedCount(a));

/** A suffix counts half: /discussion/:slug.md ranks before /discussion/:slug. */
function fixedCount(pattern: Segment[]): number {
  return pattern.reduce((count, part) => count + (part.kind === "fixed" ? 1 : part.suffix ? 0.5 : 0), 0);
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/** Capitals outside percent escapes become small letters; %C3%A4 stays as it was sent. */
function lowercase(segment: string): string {
  return segment.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (part) => (part.startsWith("%") ? part : part.toLowerCase()));
}

function matches(pattern: Segment[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, i) =>
      part.kind === "param" ? segments[i]!.toLowerCase().endsWith(part.suffix) : part.value === segments[i]!.toLowerCase(),
    )
  );
}

/**
 * Where a GET for `url` (path and query as sent) belongs, or null when it is
 * already there or is none of ours. The answer is itself canonical, so a
 * redirect never leads to another.
 */
export function canonicalRedirect(url: string): string | null {
  // Only what a browser sends for a typed or linked URL; anything else is answered (or refused) further on.
  if (!/^\/[\x21-\x7e]*$/.test(url)) return null;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  const segments = segmentsOf(path);
  const pattern = patterns.find((candidate) => matches(candidate, segments));
  if (!pattern) return null;
  const canonical = `/${pattern.map((part, i) => (part.kind === "fixed" ? part.value : part.keepCase ? segments[i]! : lowercase(segments[i]!))).join("/")}`;
  return canonical === path ? null : canonical + query;
}

/**
 * Addresses first published in German and moved to their English twins
 * (decision 0022): links in sent mails, feed readers, bookmarks and search
 * engines still know them. Each keeps its parameters, in the same order.
 * Besides them, the home page's names on servers and forum software before
 * ours, which old links and crawlers still try.
 */
export const MOVED_ROUTES = [
  ["/index.html", "/"],
  ["/index.php", "/"],
  ["/kategorie/:segment", "/category/:segment"],
  ["/kategorie/:segment/feed.xml", "/category/:segment/feed.xml"],
  ["/discussion/:slug/ungelesen", "/discussion/:slug/unread"],
  ["/benachrichtigungen", "/notifications"],
  ["/benachrichtigungen/live", "/notifications/live"],
  ["/benachrichtigungen/abbestellen", "/notifications/unsubscribe"],
  ["/mitglieder/vorschlaege", "/members/suggestions"],
] as const;

const moved = MOVED_ROUTES.map(([from, to]) => ({ from: segmentsOf(from), to: segmentsOf(to) }));

/** React Router's data request for a page: the page's path with `.data` on its last segment. */
const DATA_SUFFIX = ".data";

/**
 * The English address of an old German one (path and query as sent, query
 * kept), or null when `url` is none of them. Spelled like canonicalRedirect
 * would (lowercase words and parameters), so one redirect is enough.
 */
export function movedRedirect(url: string): string | null {
  if (!/^\/[\x21-\x7e]*$/.test(url)) return null;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  const segments = segmentsOf(path);
  const last = segments.at(-1);
  const data = last !== undefined && last.toLowerCase().endsWith(DATA_SUFFIX) && last.length > DATA_SUFFIX.length;
  if (data) segments[segments.length - 1] = last.slice(0, -DATA_SUFFIX.length);
  for (const { from, to } of moved) {
    if (from.length !== segments.length || !from.every((part, i) => part.startsWith(":") || part === segments[i]!.toLowerCase())) continue;
    const values = from.flatMap((part, i) => (part.startsWith(":") ? [lowercase(segments[i]!)] : []));
    let next = 0;
    const target = `/${to.map((part) => (part.startsWith(":") ? values[next++]! : part)).join("/")}`;
    // React Router names the home page's data "/_root.data", not "/.data".
    const dataPath = target === "/" ? `/_root${DATA_SUFFIX}` : `${target}${DATA_SUFFIX}`;
    return `${data ? dataPath : target}${query}`;
  }
  return null;
}
