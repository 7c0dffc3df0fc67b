import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { CANONICAL_ROUTES, canonicalRedirect, MOVED_ROUTES, movedRedirect } from "~/server/http";

describe("canonicalRedirect", () => {
  it.each([
    ["/subforum/seo/", "/subforum/seo"],
    ["/discussion/crawl-budget/", "/discussion/crawl-budget"],
    ["/impressum/", "/impressum"],
    ["/members/", "/members"],
    ["/Subforum/seo", "/subforum/seo"],
    ["/subforum/SEO", "/subforum/seo"],
    ["/IMPRESSUM", "/impressum"],
    ["/MEMBERS", "/members"],
    ["//impressum", "/impressum"],
    ["/subforum//seo", "/subforum/seo"],
    ["//", "/"],
    ["/Discussion/Crawl-Budget//?page=2&x=Ab", "/discussion/crawl-budget?page=2&x=Ab"],
    ["/search/?q=SEO%20Tools", "/search?q=SEO%20Tools"],
    ["/category/Tools/Feed.xml", "/category/tools/feed.xml"],
    ["/Profile/AbCdEf123/", "/profile/AbCdEf123"],
    ["/PROFILE/AbCdEf123/EXPORT", "/profile/AbCdEf123/export"],
    ["/auth/magic-link/?token=AbC", "/auth/magic-link?token=AbC"],
    ["/discussion/gr%C3%B6%C3%9Fe/", "/discussion/gr%C3%B6%C3%9Fe"],
    ["/discussion/Crawl-Budget.MD", "/discussion/crawl-budget.md"],
    ["/discussion/crawl-budget/Feed.xml/", "/discussion/crawl-budget/feed.xml"],
    ["/LLMS.TXT", "/llms.txt"],
    ["/0123ABCD.txt/", "/0123abcd.txt"],
    ["/Archive/2026-03/?page=2", "/archive/2026-03?page=2"],
  ])("%s → %s", (from, to) => {
    expect(canonicalRedirect(from)).toBe(to);
    // A redirect never leads to another: the target is canonical itself.
    expect(canonicalRedirect(to)).toBeNull();
  });

  it.each([
    "/",
    "/?page=2",
    "/subforum/seo",
    "/subforum/seo?page=2",
    "/discussion/crawl-budget",
    "/discussion/crawl-budget.data?_routes=routes%2Fdiscussion",
    "/profile/AbCdEf123",
    "/assets/entry.client-BqZ3xY_a.js",
    "/assets/",
    "/storage/avatars/AbC.webp",
    "/brand/Logo.svg",
    "/_root.data",
    "/Unbekannt/",
    "/search?q=SEO",
    "/discussion/%E4",
    "/discussion/crawl-budget.md",
    "/llms.txt",
    "/0123abcd.txt",
  ])("leaves %s alone", (url) => {
    expect(canonicalRedirect(url)).toBeNull();
  });

  it("leaves what no browser sends for others to answer", () => {
    expect(canonicalRedirect("/IMPRESSUM\r\nSet-Cookie: x=1")).toBeNull();
    expect(canonicalRedirect("/Impressum/ä")).toBeNull();
    expect(canonicalRedirect("*")).toBeNull();
  });
});

describe("movedRedirect", () => {
  it.each([
    ["/kategorie/tools", "/category/tools"],
    ["/kategorie/tools?page=2", "/category/tools?page=2"],
    ["/Kategorie/Tools/", "/category/tools"],
    ["/kategorie/events/feed.xml", "/category/events/feed.xml"],
    ["/kategorie/tools.data?page=2", "/category/tools.data?page=2"],
    ["/discussion/crawl-budget/ungelesen", "/discussion/crawl-budget/unread"],
    ["/benachrichtigungen", "/notifications"],
    ["/benachrichtigungen?page=2", "/notifications?page=2"],
    ["/benachrichtigungen.data", "/notifications.data"],
    ["/benachrichtigungen/live", "/notifications/live"],
    ["/benachrichtigungen/abbestellen?token=AbC.dEf", "/notifications/unsubscribe?token=AbC.dEf"],
    ["/mitglieder/vorschlaege?q=Ka", "/members/suggestions?q=Ka"],
    ["/index.html", "/"],
    ["/INDEX.PHP?utm_source=x", "/?utm_source=x"],
    ["/index.html.data", "/_root.data"],
  ])("%s → %s", (from, to) => {
    expect(movedRedirect(from)).toBe(to);
    // One hop: the English address is where the page is, in its canonical spelling.
    expect(movedRedirect(to)).toBeNull();
    expect(canonicalRedirect(to)).toBeNull();
  });

  it.each([
    "/category/tools",
    "/notifications",
    "/kategorie",
    "/kategorie/",
    "/benachrichtigungen/x",
    "/discussion/ungelesen",
    "/impressum",
    "/agb",
    "/datenschutz",
  ])("leaves %s alone", (url) => {
    expect(movedRedirect(url)).toBeNull();
  });

  it("moves each old address to a route of app/routes.ts or the live stream", () => {
    const english = new Set([...CANONICAL_ROUTES, "/notifications/live"]);
    for (const [, to] of MOVED_ROUTES) expect(english.has(to), to).toBe(true);
  });
});

describe("the canonical rules", () => {
  function paths(entries: RouteConfigEntry[], prefix = ""): string[] {
    return entries.flatMap((entry) => {
      const own = entry.index ? prefix : entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
      return [...(entry.path !== undefined || entry.index ? [own || "/"] : []), ...paths(entry.children ?? [], own)];
    });
  }

  it("name every route of app/routes.ts, with the case rule of each parameter", async () => {
    const routed = paths(await routes).filter((path) => path !== "/*");
    const ruled = CANONICAL_ROUTES.map((route) => route.replace(/!$|!(?=\/)/g, ""));
    expect([...ruled].sort()).toEqual([...routed].sort());
  });
});
