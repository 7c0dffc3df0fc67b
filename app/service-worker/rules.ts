/**
 * The service worker's rules as plain functions, so they are tested without a worker (tests/unit/service-worker-rules.test.ts):
 * what may be kept, which page a request reads, when kept copies go. Nothing here touches a worker's globals.
 */

/** At most this many discussions are kept for offline reading, and at most this many bytes of them. */
export const READING_LIMITS = { entries: 50, bytes: 20 * 1024 * 1024 } as const;

/** A copy younger than this is not fetched again when its discussion is read once more (a live thread revalidates often). */
export const REFRESH_AFTER_MS = 60_000;

/** Every cache of the worker starts so; a deploy's worker deletes the ones of other versions. */
export const CACHE_PREFIX = "forum-";

export function cacheNames(version: string) {
  return { shell: `${CACHE_PREFIX}shell-${version}`, reading: `${CACHE_PREFIX}reading-${version}` };
}

interface ResponseLike {
  status: number;
  redirected?: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether a page may be kept on the device: a complete 200 HTML answer that says neither `private` nor `no-store`.
 * Members' pages are private (app/server/platform/http-cache.server.ts), so what is kept is always what a guest
 * would get: the same page for everyone, without the member's name or bell.
 */
export function mayKeep(response: ResponseLike): boolean {
  if (response.status !== 200 || response.redirected) return false;
  if (!/^text\/html\b/i.test(response.headers.get("Content-Type") ?? "")) return false;
  const directives = (response.headers.get("Cache-Control") ?? "").split(",").map((part) => part.trim().split("=")[0]!.toLowerCase());
  return !directives.includes("private") && !directives.includes("no-store");
}

const DISCUSSION_PAGE = /^\/discussion\/[^/.]+$/;

/**
 * The page a request reads, as the address of its HTML: a document's own address, or the one a data request of
 * the app (`/discussion/x.data?_routes=…`) loads in the browser. Hash and the router's own parameters are left out.
 */
export function pageAddressOf(url: URL): URL {
  const page = new URL(url.pathname, url.origin);
  if (url.pathname.endsWith(".data")) {
    const path = url.pathname.slice(0, -".data".length);
    page.pathname = path === "/_root" ? "/" : path;
  }
  for (const [name, value] of url.searchParams) {
    if (name === "_routes" || (name === "index" && value === "")) continue;
    page.searchParams.append(name, value);
  }
  return page;
}

/** The address of the discussion page a request reads (with its comment page, `?page=2`), or null for any other page. */
export function discussionAddressOf(url: URL): string | null {
  const page = pageAddressOf(url);
  return DISCUSSION_PAGE.test(page.pathname) ? page.href : null;
}

export interface KeptEntry {
  url: string;
  bytes: number;
  storedAt: number;
}

/**
 * The entries to delete so that at most `limits.entries` remain, together at most `limits.bytes`: the longest
 * unread first (reading a discussion again stores it anew).
 */
export function entriesToEvict(entries: readonly KeptEntry[], limits: { entries: number; bytes: number } = READING_LIMITS): string[] {
  const oldestFirst = [...entries].sort((a, b) => a.storedAt - b.storedAt);
  let count = oldestFirst.length;
  let bytes = oldestFirst.reduce((sum, entry) => sum + entry.bytes, 0);
  const evicted: string[] = [];
  for (const entry of oldestFirst) {
    if (count <= limits.entries && bytes <= limits.bytes) break;
    evicted.push(entry.url);
    count -= 1;
    bytes -= entry.bytes;
  }
  return evicted;
}

export type Theme = "system" | "light" | "dark";

export function themeOf(value: string | null | undefined): Theme {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * A kept page in the member's theme. Kept pages are guests' pages, rendered for the system's theme; the member's
 * choice is the `theme` cookie (app/lib/theme.ts), which the worker reads when it hands the page out.
 */
export function withTheme(html: string, theme: Theme): string {
  if (theme === "system") return html;
  return html
    .replace(/(<html\b[^>]*\bdata-theme=")system(")/, `$1${theme}$2`)
    .replace(/(<meta name="color-scheme" content=")light dark(")/, `$1${theme}$2`);
}

/** The page's title without the forum's name behind it ("Titel | Marketing Community"). */
export function titleOf(html: string): string | null {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (raw === undefined) return null;
  const title = decodeEntities(raw);
  const cut = title.lastIndexOf(" | ");
  return (cut > 0 ? title.slice(0, cut) : title).trim() || null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, name: string) => ENTITIES[name]!);
}

export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}
