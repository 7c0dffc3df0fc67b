import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getSessionCookie, parseCookies as betterAuthParse } from "better-auth/cookies";
import { parseCookies as betterCallParse } from "better-call";
import { describe, expect, it } from "vitest";
import { noteViewer } from "~/server/platform";
import {
  type CachedPage,
  chooseEncoding,
  compressForCache,
  contentSecurityPolicy,
  discussionOfPath,
  guestCookieHeader,
  guestPageKey,
  inlineScriptHashes,
  isNegotiatedPath,
  isShareable,
  PageCache,
} from "~/server/http";
import { SESSION_COOKIE_NAME, sessionCookieVariants } from "../support/session-cookie-variants";

const guest = { method: "GET", host: "forum.example", url: "/discussion/crawl-budget", cookie: undefined, hasBody: false };

function page(discussion: string | null, text = "x"): CachedPage {
  const body = Buffer.from(text);
  return { status: 200, headers: {}, etag: null, bodies: { br: body, gzip: body, identity: body }, discussion, route: "routes/discussion" };
}

describe("guestPageKey", () => {
  it("gives guests' reads a key of host, sidebar state, theme, path and query", () => {
    expect(guestPageKey(guest)).toBe("forum.example open system /discussion/crawl-budget");
    expect(guestPageKey({ ...guest, method: "HEAD" })).toBe(guestPageKey(guest));
    expect(guestPageKey({ ...guest, cookie: "sidebar_state=false; consent=1" })).toBe(
      "forum.example closed system /discussion/crawl-budget",
    );
    expect(guestPageKey({ ...guest, url: "/subforum/seo?page=2" })).toBe("forum.example open system /subforum/seo?page=2");
  });

  it("keeps a guest who chose a theme apart from one who follows the system, as the server renders <html data-theme>", () => {
    expect(guestPageKey({ ...guest, cookie: "theme=dark" })).toBe("forum.example open dark /discussion/crawl-budget");
    expect(guestPageKey({ ...guest, cookie: "sidebar_state=false; theme=light" })).toBe(
      "forum.example closed light /discussion/crawl-budget",
    );
    // An unknown value is the default: it cannot split the cache into as many entries as there are strings.
    expect(guestPageKey({ ...guest, cookie: "theme=neon" })).toBe(guestPageKey(guest));
  });

  it("keeps a discussion asked for as Markdown apart from its HTML page", () => {
    const html = guestPageKey({ ...guest, representation: "html" });
    const markdown = guestPageKey({ ...guest, representation: "markdown" });
    expect(html).toBe(guestPageKey(guest));
    expect(markdown).not.toBeNull();
    expect(markdown).not.toBe(html);
  });

  it.each([
    ["a session cookie", { cookie: "sidebar_state=true; forum.session_token=abc.def" }],
    ["a secure session cookie", { cookie: "__Secure-forum.session_token=abc.def" }],
    ["a pending message", { cookie: "forum_toast=eyJ0eXBlIjoic3VjY2VzcyJ9" }],
    ["a write", { method: "POST" }],
    ["a read with a body", { hasBody: true }],
    ["the sign-in page", { url: "/auth?redirectTo=/profile" }],
    ["a reset link", { url: "/reset-password?token=abc" }],
    ["an address in the query", { url: "/search?q=jemand@example.com" }],
    ["the developer mailbox", { url: "/dev/mailbox?key=secret" }],
    // A member's conversations (decision 0062): nothing under /messages is kept, by no cache.
    ["the messages", { url: "/messages" }],
    ["a conversation", { url: "/messages/6f1c2a3e-6a1b-4c5d-9e8f-0a1b2c3d4e5f" }],
    ["a conversation's data request", { url: "/messages/6f1c2a3e-6a1b-4c5d-9e8f-0a1b2c3d4e5f.data" }],
    ["a new conversation", { url: "/messages/new?to=abc" }],
    ["the messages' data request", { url: "/messages.data" }],
  ])("gives none for %s", (_name, change) => {
    expect(guestPageKey({ ...guest, ...change })).toBeNull();
  });
});

const TOKEN = "DXt9PNYDvgkCD73x6EmJuTQEwy8A0eSG.fi9ie6hzLvkmMvSD0JLvx6hZ%2BQoVS9VqeouvFTBw%2Bz4%3D";

/** What any of the parsers the auth stack uses reads as the session, from a Cookie header as the server joins it. */
function sessionReadBy(header: string): string[] {
  const found: string[] = [];
  for (const name of [SESSION_COOKIE_NAME, `__Secure-${SESSION_COOKIE_NAME}`, `__Host-${SESSION_COOKIE_NAME}`]) {
    const own = betterAuthParse(header).get(name);
    const call = betterCallParse(header).get(name);
    if (own) found.push(`better-auth ${name}`);
    if (call) found.push(`better-call ${name}`);
  }
  if (getSessionCookie(new Headers({ cookie: header }), { cookiePrefix: "forum" })) found.push("getSessionCookie");
  return found;
}

/** A small deterministic generator, so a failing case can be found again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe("guestPageKey and session cookies", () => {
  it.each(sessionCookieVariants(TOKEN).map((variant) => [variant.label, variant.headers.join("; ")]))(
    "gives no key for %s",
    (_label, cookie) => {
      expect(guestPageKey({ ...guest, cookie })).toBeNull();
    },
  );

  it("gives no key wherever any parser of the auth stack finds a session, over thousands of generated spellings", () => {
    const next = random(20_260_512);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const spaces = ["", "", " ", "\t", "  ", " \t", "\u00a0"];
    const cases = (name: string) =>
      [...name]
        .map((letter) => (next() < 0.2 ? letter.toUpperCase() : next() < 0.05 ? `%${letter.charCodeAt(0).toString(16)}` : letter))
        .join("");
    let readAsSession = 0;
    for (let i = 0; i < 5_000; i++) {
      const name = `${pick(["", "", "", "__Secure-", "__Host-", "__secure-"])}${next() < 0.5 ? SESSION_COOKIE_NAME : cases(SESSION_COOKIE_NAME)}`;
      const value = pick([TOKEN, `"${TOKEN}"`, decodeURIComponent(TOKEN), "junk.wert", ""]);
      const pair = `${pick(spaces)}${name}${pick(spaces)}=${pick(spaces)}${value}${pick(spaces)}`;
      const others = [
        pick(["", "theme=dark", "sidebar_state=false", `${SESSION_COOKIE_NAME}=junk.wert`, "a=b"]),
        pick(["", "theme=light"]),
      ];
      const parts = next() < 0.5 ? [...others, pair] : [pair, ...others];
      const header = parts.filter(Boolean).join(pick([";", "; ", ";;", " ; ", ", "])) + pick(["", ";", "; "]);
      const found = sessionReadBy(header);
      if (found.length > 0) readAsSession++;
      if (found.length > 0) expect(guestPageKey({ ...guest, cookie: header }), `${JSON.stringify(header)}: ${found.join(", ")}`).toBeNull();
      // What a cacheable render is given holds no session for any parser, whatever the header was.
      expect(sessionReadBy(guestCookieHeader(header)), JSON.stringify(header)).toEqual([]);
    }
    expect(readAsSession).toBeGreaterThan(500);
  });

  it("hands a cacheable render only the sidebar and theme cookies, as the key has them", () => {
    expect(guestCookieHeader(undefined)).toBe("");
    expect(guestCookieHeader("sidebar_state=true; theme=system; consent=1")).toBe("");
    expect(guestCookieHeader("sidebar_state=false; _pk_id=1; theme=dark")).toBe("sidebar_state=false; theme=dark");
    expect(guestCookieHeader("theme=light; forum.session_token =abc.def")).toBe("theme=light");
    for (const variant of sessionCookieVariants(TOKEN)) expect(guestCookieHeader(variant.headers.join("; "))).not.toMatch(/session/i);
  });
});

describe("guestPageKey and the size of a key", () => {
  it("caches a long but ordinary URL", () => {
    const url = `/search?q=${"suchmaschinenoptimierung ".repeat(20)}&page=2`;
    expect(guestPageKey({ ...guest, url })).toContain(url);
  });

  it.each([
    ["a 14 KB query", { url: `/robots.txt?${"x".repeat(14_000)}` }],
    ["a 3 KB path", { url: `/discussion/${"a".repeat(3_000)}` }],
    ["many query parameters", { url: `/robots.txt?${Array.from({ length: 20 }, (_, i) => `p${i}=1`).join("&")}` }],
    ["a 2 KB host", { host: `${"h".repeat(2_000)}.example` }],
  ])("gives none for %s: rendered, but not stored", (_name, change) => {
    expect(guestPageKey({ ...guest, ...change })).toBeNull();
  });
});

describe("isShareable", () => {
  it("shares only a plain 200 without cookies or private caching", () => {
    expect(isShareable(200, new Headers({ "Cache-Control": "public, max-age=30" }))).toBe(true);
    // A guest's page: browsers ask again each time, the page cache answers (dropped on change, not by age).
    expect(isShareable(200, new Headers({ "Cache-Control": "public, no-cache" }))).toBe(true);
    expect(isShareable(200, new Headers())).toBe(true);
    expect(isShareable(404, new Headers())).toBe(false);
    expect(isShareable(302, new Headers({ Location: "/auth" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Set-Cookie": "forum_toast=; Max-Age=0" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isShareable(200, new Headers({ "Cache-Control": "private, no-cache" }))).toBe(false);
  });
});

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0", "identity"],
    ["deflate", "identity"],
    ["*", "br"],
    ["BR", "br"],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("discussionOfPath", () => {
  it("names the discussion of its page and its data request", () => {
    expect(discussionOfPath("/discussion/crawl-budget")).toBe("crawl-budget");
    expect(discussionOfPath("/discussion/crawl-budget.data?_routes=routes%2Fdiscussion")).toBe("crawl-budget");
    expect(discussionOfPath("/discussion/crawl-budget?page=2")).toBe("crawl-budget");
    expect(discussionOfPath("/discussion/crawl-budget.md")).toBe("crawl-budget");
    expect(discussionOfPath("/subforum/seo")).toBeNull();
    // Category pages and their feeds are lists: every discussion change drops them.
    expect(discussionOfPath("/category/tools?page=2")).toBeNull();
    expect(discussionOfPath("/category/tools/feed.xml")).toBeNull();
    expect(discussionOfPath("/")).toBeNull();
  });
});

describe("isNegotiatedPath", () => {
  it("is a discussion's page only, not its Markdown, data or view URLs", () => {
    expect(isNegotiatedPath("/discussion/crawl-budget")).toBe(true);
    expect(isNegotiatedPath("/discussion/crawl-budget.md")).toBe(false);
    expect(isNegotiatedPath("/discussion/crawl-budget.data")).toBe(false);
    expect(isNegotiatedPath("/discussion/crawl-budget/view")).toBe(false);
    expect(isNegotiatedPath("/subforum/seo")).toBe(false);
  });
});

describe("PageCache", () => {
  const options = { maxBytes: 1024 * 1024, maxAgeMs: 60_000 };

  it("renders once for guests who ask at the same time", async () => {
    const cache = new PageCache(options);
    let renders = 0;
    let finish!: (page: CachedPage) => void;
    const render = () => {
      renders++;
      return new Promise<CachedPage>((resolve) => (finish = resolve));
    };
    const first = cache.fill("k", render);
    const second = cache.fill("k", render);
    finish(page(null, "seite"));
    expect((await first).shared).toBe(false);
    expect((await second).shared).toBe(true);
    expect((await second).page?.bodies.identity.toString()).toBe("seite");
    expect(renders).toBe(1);
    expect(cache.get("k")).toBeDefined();
  });

  it("does not store what was rendered before a change was announced", async () => {
    const cache = new PageCache(options);
    let finish!: (page: CachedPage) => void;
    const filling = cache.fill("k", () => new Promise<CachedPage>((resolve) => (finish = resolve)));
    cache.invalidate("discussion:anything");
    finish(page(null, "alt"));
    expect((await filling).page).not.toBeNull();
    expect(cache.get("k")).toBeUndefined();
  });

  it("renders anew for a guest who asks after a change, instead of waiting for a render begun before it", async () => {
    const cache = new PageCache(options);
    const finishers: ((page: CachedPage) => void)[] = [];
    const render = () => new Promise<CachedPage>((resolve) => finishers.push(resolve));
    const before = cache.fill("k", render);
    cache.invalidate("*");
    const after = cache.fill("k", render);
    expect(finishers).toHaveLength(2);
    finishers[0]!(page(null, "alt"));
    finishers[1]!(page(null, "neu"));
    expect((await before).page?.bodies.identity.toString()).toBe("alt");
    expect((await after).shared).toBe(false);
    expect((await after).page?.bodies.identity.toString()).toBe("neu");
    expect(cache.get("k")?.bodies.identity.toString()).toBe("neu");
  });

  it("drops a discussion's pages and every list on its change, and keeps other discussions", async () => {
    const cache = new PageCache(options);
    await cache.fill("home", async () => page(null));
    await cache.fill("mine", async () => page("crawl-budget"));
    await cache.fill("other", async () => page("ki-suche"));
    cache.invalidate("discussion:crawl-budget");
    expect(cache.get("home")).toBeUndefined();
    expect(cache.get("mine")).toBeUndefined();
    expect(cache.get("other")).toBeDefined();
    cache.invalidate("*");
    expect(cache.get("other")).toBeUndefined();
  });

  it("refuses a render that found a viewer, for the caller and for everyone waiting on it", async () => {
    const cache = new PageCache(options);
    let finish!: () => void;
    const rendering = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      await rendering;
      // As getViewer does when the request it was given carried a session.
      noteViewer();
      return page(null, "Abmelden");
    };
    const first = cache.fill("k", render);
    const second = cache.fill("k", render);
    finish();
    expect((await first).page).toBeNull();
    expect((await second).page).toBeNull();
    expect(cache.get("k")).toBeUndefined();
    // A viewer in one render does not mark the next one.
    await cache.fill("k", async () => page(null, "Gast"));
    expect(cache.get("k")?.bodies.identity.toString()).toBe("Gast");
  });

  it("counts what an entry keeps alive: its key, its headers and the memory behind its bodies", async () => {
    const cache = new PageCache(options);
    const bodies = await compressForCache(Buffer.from("User-agent: *\nAllow: /\n"));
    const kept = new Set(Object.values(bodies).map((body) => body.buffer));
    const bodyBytes = [...kept].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    // Compressed output is not a small view into a large zlib buffer.
    expect(bodyBytes).toBe(bodies.br.byteLength + bodies.identity.byteLength);
    const key = `forum.example open system /robots.txt?${"x".repeat(900)}`;
    const headers = { "content-type": "text/plain; charset=utf-8", "content-security-policy": "c".repeat(4_000) };
    await cache.fill(key, async () => ({ status: 200, headers, etag: null, bodies, discussion: null, route: "routes/home" }));
    expect(cache.calculatedBytes).toBeGreaterThanOrEqual(key.length + 4_000 + bodyBytes);
  });

  it("makes a page's gzip once, when a client first asks for it, and counts it with the entry from then on", async () => {
    const cache = new PageCache(options);
    const text = "Crawl-Budget für große Shops. ".repeat(400);
    const bodies = await compressForCache(Buffer.from(text));
    expect(bodies.gzip).toBeUndefined();
    expect(brotliDecompressSync(bodies.br).toString()).toBe(text);
    await cache.fill("k", async () => ({ status: 200, headers: {}, etag: null, bodies, discussion: null, route: "routes/home" }));
    const stored = cache.get("k")!;
    const before = cache.calculatedBytes;
    const [first, second] = await Promise.all([cache.body("k", stored, "gzip"), cache.body("k", stored, "gzip")]);
    expect(second).toBe(first);
    expect(gunzipSync(first).toString()).toBe(text);
    expect(cache.get("k")?.bodies.gzip).toBe(first);
    expect(first.buffer.byteLength).toBe(first.byteLength);
    expect(cache.calculatedBytes).toBe(before + first.byteLength);
    expect(await cache.body("k", cache.get("k")!, "gzip")).toBe(first);
    expect(await cache.body("k", stored, "br")).toBe(bodies.br);
  });

  it("keeps nothing when it has no memory", async () => {
    const cache = new PageCache({ ...options, maxBytes: 0 });
    await cache.fill("home", async () => page(null));
    expect(cache.get("home")).toBeUndefined();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script that runs, and nothing else", () => {
    const inline = 'window.__reactRouterContext = {"a":1};';
    const module = 'import "/assets/entry.client.js";';
    const html = [
      `<script>${inline}</script>`,
      `<script type="module" async="">${module}</script>`,
      `<script src="/assets/x.js"></script>`,
      `<script type="application/ld+json">{"@type":"WebSite"}</script>`,
    ].join("");
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha(inline), sha(module)]);
    expect(contentSecurityPolicy(inlineScriptHashes(html))).toContain(`script-src 'self' ${sha(inline)} ${sha(module)};`);
    expect(contentSecurityPolicy([])).toContain("script-src 'self';");
    expect(contentSecurityPolicy([])).not.toContain("unsafe-inline';script");
  });

  it("reads the page's bytes as sent: scripts with umlauts, other elements named script…, and a script at the very end", () => {
    const german = 'document.title = "Größe – Übersicht";';
    const last = "window.x=1";
    const html = `<p>Grüße</p><scripts>nicht</scripts><script-x>nein</script-x><script\n>${german}</script><b>ä</b><script>${last}</script>`;
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(Buffer.from(html, "utf8"))).toEqual([sha(german), sha(last)]);
    expect(inlineScriptHashes(html)).toEqual([sha(german), sha(last)]);
    expect(inlineScriptHashes(Buffer.from("<script>unvollständig"))).toEqual([]);
  });
});
