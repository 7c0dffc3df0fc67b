/**
 * The guest page cache, after Discourse's anonymous cache: a visitor without
 * a session gets the finished page as it was rendered for the previous guest,
 * already compressed, with its headers. Members never touch it.
 *
 * What changes a guest's page is known to the database: triggers NOTIFY the
 * channel "page_cache" at commit (migration 0010), and every app server
 * listening there drops what the change touched. The maximum age is only a
 * safety net, and the bound by which a view count or a "vor 5 Minuten" may lag.
 * Decision record 0012 says why it is built this way.
 */
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { readSidebarOpen, SIDEBAR_COOKIE } from "~/lib/sidebar";
import { readTheme, THEME_COOKIE } from "~/lib/theme";
import { mayCarryPersonalCookie, mustNotBeStored, SingleFlight, trackViewer } from "~/server/platform";

export const PAGE_CACHE_CHANNEL = "page_cache";

/**
 * Bounds of what is kept. A longer URL or host, or more query parameters, is
 * rendered but not stored: no two guests share such a URL, and each entry
 * would cost its key's length (ours are far shorter: a search of 200
 * characters, a data request's `_routes`, a campaign link's utm_ parameters).
 */
const MAX_URL_LENGTH = 2_048;
const MAX_HOST_LENGTH = 255;
const MAX_QUERY_PARAMETERS = 12;

export type Encoding = "br" | "gzip" | "identity";

export interface CachedPage {
  status: number;
  /** Every header of the answer except the body's length and encoding. */
  headers: Record<string, string | string[]>;
  etag: string | null;
  bodies: PageBodies;
  /** The discussion whose page this is (its slug), or null for every other page. */
  discussion: string | null;
  /** The React Router route that rendered it (its id), for the metrics of the requests it answers. */
  route: string;
}

/**
 * A page's encodings. Brotli and the plain bytes are made with the page; gzip only when a client without brotli
 * first asks for it (a few crawlers and tools: every browser takes brotli), so a cache miss compresses once.
 */
export interface PageBodies {
  br: Buffer;
  identity: Buffer;
  gzip?: Buffer;
}

export interface GuestRequest {
  method: string;
  host: string | undefined;
  /** Path and query as sent. */
  url: string;
  cookie: string | undefined;
  hasBody: boolean;
  /** The representation asked for by Accept where a URL has more than one (a discussion as Markdown); HTML otherwise. */
  representation?: "html" | "markdown";
}

/**
 * The cache key of a guest's request, or null when the answer belongs to this
 * request alone: a member (or anyone whose cookies might be a session, in any
 * spelling), a pending one-time message, a page that shows or takes a secret,
 * anything but a read, and a URL or host too long to be worth keeping.
 * Besides host, path and query, only the sidebar and theme cookies change a
 * guest's HTML, and they are all its render gets (guestCookieHeader).
 */
export function guestPageKey(request: GuestRequest): string | null {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.hasBody) return null;
  if (mayCarryPersonalCookie(request.cookie)) return null;
  const host = request.host ?? "";
  if (request.url.length > MAX_URL_LENGTH || host.length > MAX_HOST_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(request.url, "http://localhost");
  } catch {
    return null;
  }
  if (url.searchParams.size > MAX_QUERY_PARAMETERS || mustNotBeStored(url)) return null;
  const cookie = guestCookieHeader(request.cookie);
  const representation = request.representation === "markdown" ? "markdown " : "";
  return `${host} ${readSidebarOpen(cookie) ? "open" : "closed"} ${readTheme(cookie)} ${representation}${request.url}`;
}

/**
 * The Cookie header a render for the cache is given: the sidebar and theme
 * cookies as the key read them, and nothing else. Such a render cannot see a
 * session, however the visitor spelt it, so it cannot render a member's page.
 * Defaults are left out, as a guest without cookies sends none.
 */
export function guestCookieHeader(cookie: string | undefined): string {
  const kept: string[] = [];
  if (!readSidebarOpen(cookie ?? null)) kept.push(`${SIDEBAR_COOKIE}=false`);
  const theme = readTheme(cookie);
  if (theme !== "system") kept.push(`${THEME_COOKIE}=${theme}`);
  return kept.join("; ");
}

/**
 * Whether a rendered answer may be handed to other guests. `no-cache` alone does not forbid it: a guest's page
 * tells browsers to ask again each time (applyDocumentCaching), and this cache is what answers them, dropped on
 * every change rather than by age.
 */
export function isShareable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  const cacheControl = headers.get("Cache-Control") ?? "";
  return !/\b(private|no-store)\b/i.test(cacheControl);
}

const DISCUSSION_PATH = /^\/discussion\/([^/?#]+?)(?:\.data|\.md)?(?:[?#]|$)/;
const DISCUSSION_PAGE = /^\/discussion\/[^/?#]+$/;

/**
 * Whether the path is a discussion's page, which answers in HTML or, asked for
 * with Accept: text/markdown, in Markdown (its `.md` and `.data` URLs are not).
 */
export function isNegotiatedPath(pathname: string): boolean {
  return DISCUSSION_PAGE.test(pathname) && !/\.(?:md|data)$/.test(pathname);
}

export function discussionOfPath(url: string): string | null {
  const slug = DISCUSSION_PATH.exec(url)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed once per entry, on zlib's thread pool rather than the event loop.
 * Quality is chosen by measurement on a 36 KB discussion page: brotli 6 took
 * 1.4 ms for 7,296 bytes, brotli 9 21.6 ms for 7,270, brotli 11 75 ms for
 * 6,750; gzip 6 0.5 ms for 7,829, gzip 9 0.7 ms for 7,811. A crawler walking
 * the archive misses the cache on every page, so a miss must stay cheap: it
 * makes brotli only, and gzip waits for a client that asks for it (gzipForCache).
 */
export async function compressForCache(body: Buffer): Promise<PageBodies> {
  const br = await brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 6,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
  // zlib hands back a view into its 16 KB output buffer (a 40-byte robots.txt kept 16 KB alive), and a
  // small body may sit in Buffer's shared pool: one exact allocation per entry keeps what the cache counts.
  const all = Buffer.alloc(br.byteLength + body.byteLength);
  br.copy(all, 0);
  body.copy(all, br.byteLength);
  return { br: all.subarray(0, br.byteLength), identity: all.subarray(br.byteLength) };
}

/** A page's gzip encoding (level 6, see compressForCache), in an allocation of its own size. */
export async function gzipForCache(body: Buffer): Promise<Buffer> {
  const gz = await gzipAsync(body, { level: 6 });
  // Not Buffer.from: a small copy would sit in (and count) Buffer's shared 8 KB pool.
  const exact = Buffer.alloc(gz.byteLength);
  gz.copy(exact);
  return exact;
}

/** The best encoding the client takes (RFC 9110 Accept-Encoding, with q-values). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (refused) continue;
    if (name === "br") br = true;
    else if (name === "gzip" || name === "x-gzip") gz = true;
    else if (name === "*") {
      br = true;
      gz = true;
    }
  }
  return br ? "br" : gz ? "gzip" : "identity";
}

/** The entry's objects (page, headers, its views, one or two buffers) and the cache's own slots for it. */
const ENTRY_OVERHEAD = 1_024;

/**
 * What an entry keeps alive: its bodies' memory (each distinct backing store
 * once, as compressForCache makes one), its key, its headers. Strings count
 * two bytes a character, as V8 may keep them; header values shared by every
 * entry are counted for each, so the sum errs high (2,000 robots.txt entries:
 * 11.4 MB counted, 6.2 MB of heap and buffers measured).
 */
function entrySize(page: CachedPage, key: string): number {
  const stores = new Set(Object.values(page.bodies).map((body) => body.buffer));
  let bytes = ENTRY_OVERHEAD + 2 * (key.length + (page.discussion?.length ?? 0) + (page.etag?.length ?? 0));
  for (const store of stores) bytes += store.byteLength;
  for (const [name, value] of Object.entries(page.headers)) {
    for (const item of [value].flat()) bytes += 2 * (name.length + item.length) + 32;
  }
  return bytes;
}

export interface PageCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
}

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly filling = new SingleFlight<CachedPage | null>();
  private readonly gzipping = new WeakMap<CachedPage, Promise<Buffer>>();
  /** Goes up with every invalidation: a render that began before one must not be stored after it. */
  private generation = 0;
  readonly enabled: boolean;

  constructor(options: PageCacheOptions) {
    this.enabled = options.maxBytes > 0;
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: entrySize,
      ttl: options.maxAgeMs,
      ttlAutopurge: false,
    });
  }

  /** The memory its entries keep alive, as counted against `maxBytes`. */
  get calculatedBytes(): number {
    return this.entries.calculatedSize;
  }

  get(key: string): CachedPage | undefined {
    return this.enabled ? this.entries.get(key) : undefined;
  }

  /**
   * The page's body in the encoding the client takes. Gzip is made the first time a client asks for it, once
   * however many ask at the same moment, and is kept with the entry from then on (and counted with it).
   */
  async body(key: string | null, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    if (encoding !== "gzip") return page.bodies[encoding];
    if (page.bodies.gzip) return page.bodies.gzip;
    let made = this.gzipping.get(page);
    if (!made) {
      made = gzipForCache(page.bodies.identity).finally(() => this.gzipping.delete(page));
      this.gzipping.set(page, made);
    }
    const gzip = await made;
    // Stored as a new entry (the cache counts an entry's size when it is set), its time to live unchanged; an entry
    // replaced or dropped meanwhile is left alone.
    if (key !== null && this.entries.peek(key) === page) {
      this.entries.set(key, { ...page, bodies: { ...page.bodies, gzip } }, { noUpdateTTL: true });
    }
    return gzip;
  }

  /**
   * The cached page, or the page `render` makes, stored for the next guests
   * when it may be shared. Guests asking for the same page while it is being
   * rendered wait for that render instead of starting their own. `render`
   * resolves to null when the answer is not for sharing; the caller then
   * answers from its own render, and those waiting render for themselves.
   * A render that resolved a viewer (getViewer) is neither stored nor shared,
   * whatever it returned.
   */
  async fill(key: string, render: () => Promise<CachedPage | null>): Promise<{ page: CachedPage | null; shared: boolean }> {
    const generation = this.generation;
    const { load, shared } = this.filling.run(key, generation, async () => {
      // However a request came to look like a guest's, a render that found a viewer is nobody else's.
      const { result, viewer } = await trackViewer(render);
      return viewer ? null : result;
    });
    const page = await load;
    if (!shared && page && this.enabled && generation === this.generation) this.entries.set(key, page);
    return { page, shared };
  }

  /** Applies a message from the "page_cache" channel: "*" or "discussion:<slug>". */
  invalidate(message: string): void {
    this.generation++;
    if (!message.startsWith("discussion:")) {
      this.entries.clear();
      return;
    }
    const slug = message.slice("discussion:".length);
    // A discussion's change shows on its own pages and on every list (home, subforum, search, feeds, sitemap, profiles).
    // Keys first, deletes after: deleting while the cache's own iterator walks its list could skip or revisit entries.
    const touched = [...this.entries.entries()]
      .filter(([, page]) => page.discussion === null || page.discussion === slug)
      .map(([key]) => key);
    for (const key of touched) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
