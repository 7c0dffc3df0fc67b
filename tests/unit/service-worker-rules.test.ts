import { describe, expect, it } from "vitest";
import {
  cacheNames,
  discussionAddressOf,
  entriesToEvict,
  mayKeep,
  pageAddressOf,
  READING_LIMITS,
  themeOf,
  titleOf,
  withTheme,
  type KeptEntry,
} from "~/service-worker/rules";

const page = (cacheControl: string | null, { status = 200, type = "text/html; charset=utf-8", redirected = false } = {}) => ({
  status,
  redirected,
  headers: new Headers({ "Content-Type": type, ...(cacheControl === null ? {} : { "Cache-Control": cacheControl }) }),
});

describe("mayKeep", () => {
  it("keeps a guest's page: public, also when every use asks again", () => {
    expect(mayKeep(page("public, no-cache"))).toBe(true);
    expect(mayKeep(page("public, max-age=60"))).toBe(true);
    expect(mayKeep(page(null))).toBe(true);
  });

  it.each([
    "private, no-cache",
    "private",
    "no-store",
    "private, no-store",
    "PRIVATE",
    "public, no-store",
    " no-store ",
    "private=set-cookie",
  ])("never keeps %s", (cacheControl) => {
    expect(mayKeep(page(cacheControl))).toBe(false);
  });

  it("keeps only complete HTML pages that were not redirected", () => {
    expect(mayKeep(page("public", { status: 404 }))).toBe(false);
    expect(mayKeep(page("public", { status: 206 }))).toBe(false);
    expect(mayKeep(page("public", { redirected: true }))).toBe(false);
    expect(mayKeep(page("public", { type: "text/markdown" }))).toBe(false);
    expect(mayKeep(page("public", { type: "application/json" }))).toBe(false);
  });
});

describe("discussionAddressOf", () => {
  const of = (path: string) => discussionAddressOf(new URL(path, "https://forum.example"));

  it("names a discussion's page, read as a document or as the app's data", () => {
    expect(of("/discussion/crawl-budget")).toBe("https://forum.example/discussion/crawl-budget");
    expect(of("/discussion/crawl-budget#comment-12")).toBe("https://forum.example/discussion/crawl-budget");
    expect(of("/discussion/crawl-budget.data?_routes=routes%2Fdiscussion")).toBe("https://forum.example/discussion/crawl-budget");
    expect(of("/discussion/crawl-budget.data?page=2&_routes=root")).toBe("https://forum.example/discussion/crawl-budget?page=2");
    expect(of("/discussion/crawl-budget?page=2")).toBe("https://forum.example/discussion/crawl-budget?page=2");
  });

  it.each([
    "/",
    "/discussion/crawl-budget.md",
    "/discussion/crawl-budget/feed.xml",
    "/discussion/crawl-budget/revisions",
    "/discussion/crawl-budget/unread",
    "/subforum/seo",
    "/_root.data",
  ])("is null for %s", (path) => {
    expect(of(path)).toBeNull();
  });
});

describe("pageAddressOf", () => {
  it("turns the app's data request into the page's address", () => {
    const of = (path: string) => {
      const url = pageAddressOf(new URL(path, "https://forum.example"));
      return url.pathname + url.search;
    };
    expect(of("/_root.data")).toBe("/");
    expect(of("/members.data?q=Anna&_routes=routes%2Fmembers")).toBe("/members?q=Anna");
    expect(of("/subforum/seo.data?index")).toBe("/subforum/seo");
  });
});

describe("entriesToEvict", () => {
  const entry = (url: string, storedAt: number, bytes = 1_000): KeptEntry => ({ url, storedAt, bytes });

  it("keeps at most 50 pages: the longest unread go", () => {
    const entries = Array.from({ length: 53 }, (_, index) => entry(`/discussion/d${index}`, 1_000 + ((index * 7) % 53)));
    const evicted = entriesToEvict(entries);
    expect(evicted).toHaveLength(3);
    const oldest = [...entries].sort((a, b) => a.storedAt - b.storedAt).slice(0, 3);
    expect(evicted).toEqual(oldest.map((kept) => kept.url));
  });

  it("keeps at most 20 MB: as many of the oldest go as the newest need", () => {
    const mb = 1024 * 1024;
    const entries = [entry("/a", 1, 8 * mb), entry("/b", 2, 8 * mb), entry("/c", 3, 3 * mb), entry("/d", 4, 6 * mb)];
    expect(entriesToEvict(entries)).toEqual(["/a"]);
    expect(entriesToEvict(entries.slice(0, 3))).toEqual([]);
    // A single page over the limit goes too: nothing is kept beyond it.
    expect(entriesToEvict([entry("/huge", 1, 21 * mb)])).toEqual(["/huge"]);
  });

  it("evicts nothing within both limits", () => {
    expect(READING_LIMITS).toEqual({ entries: 50, bytes: 20 * 1024 * 1024 });
    expect(entriesToEvict(Array.from({ length: 50 }, (_, index) => entry(`/d${index}`, index, 400_000)))).toEqual([]);
  });
});

describe("themes and titles of kept pages", () => {
  const html = `<!DOCTYPE html><html lang="de" data-theme="system"><head><meta name="color-scheme" content="light dark"/><title>Crawl-Budget &amp; Logfiles | Marketing Community</title></head><body data-theme="system"></body></html>`;

  it("puts the member's theme on the page, and leaves it for the system's", () => {
    expect(withTheme(html, "dark")).toContain(`<html lang="de" data-theme="dark">`);
    expect(withTheme(html, "dark")).toContain(`content="dark"`);
    expect(withTheme(html, "dark")).toContain(`<body data-theme="system">`);
    expect(withTheme(html, "system")).toBe(html);
    expect(themeOf("light")).toBe("light");
    expect(themeOf("purple")).toBe("system");
    expect(themeOf(undefined)).toBe("system");
  });

  it("reads the page's title without the forum's name", () => {
    expect(titleOf(html)).toBe("Crawl-Budget & Logfiles");
    expect(titleOf("<title>Nur ein Titel</title>")).toBe("Nur ein Titel");
    expect(titleOf("<p>kein Titel</p>")).toBeNull();
  });

  it("names each version's caches apart", () => {
    expect(cacheNames("a1")).toEqual({ shell: "forum-shell-a1", reading: "forum-reading-a1" });
  });
});
