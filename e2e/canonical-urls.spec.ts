import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

// Plain HTTP: every second spelling of a page's URL answers 301 to its one URL, as a crawler sees it.

/** A demo discussion: no test creates SEA discussions, so the list is stable. */
async function discussionPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/subforum/sea")).text();
  return html.match(/href="(\/discussion\/[^"]+)"/)![1]!;
}

test("trailing slashes, capitals and // runs answer 301 to the canonical URL, query kept", async ({ request }) => {
  const discussion = await discussionPath(request);
  const variants: Array<[string, string]> = [
    ["/subforum/seo/", "/subforum/seo"],
    [`${discussion}/`, discussion],
    ["/impressum/", "/impressum"],
    ["/members/", "/members"],
    ["/Subforum/seo", "/subforum/seo"],
    ["/IMPRESSUM", "/impressum"],
    ["/MEMBERS", "/members"],
    ["//impressum", "/impressum"],
    ["/subforum//seo", "/subforum/seo"],
    ["/Category/Tools/", "/category/tools"],
    [`${discussion.toUpperCase()}//?page=1&Ref=AbC`, `${discussion}?page=1&Ref=AbC`],
    ["/search/?q=Crawl%20Budget", "/search?q=Crawl%20Budget"],
  ];
  // In full: a path starting with // alone would be read as another host.
  const base = test.info().project.use.baseURL!;
  for (const [from, to] of variants) {
    for (const method of ["get", "head"] as const) {
      const response = await request[method](`${base}${from}`, { maxRedirects: 0 });
      expect(response.status(), `${method} ${from}`).toBe(301);
      expect(response.headers().location, `${method} ${from}`).toBe(to);
    }
  }
  // And each target is where the page is: no second redirect.
  for (const path of ["/subforum/seo", discussion, "/impressum", "/members", "/category/tools", "/search?q=Crawl%20Budget", "/"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
});

test("paths whose case matters are left alone: built assets, uploads, profile ids", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!).find((path) => /[A-Z]/.test(path));
  expect(asset, "a built asset with capitals in its name").toBeTruthy();
  const loaded = await request.get(asset!, { maxRedirects: 0 });
  expect(loaded.status()).toBe(200);
  expect(loaded.headers()["cache-control"]).toContain("immutable");
  // The same name in other letters is another file (none), not a redirect.
  expect((await request.get(asset!.toLowerCase(), { maxRedirects: 0 })).status()).toBe(404);

  const profile = (await (await request.get("/members")).text()).match(/href="(\/profile\/[^"]+)"/)![1]!;
  expect((await request.get(profile, { maxRedirects: 0 })).status()).toBe(200);
  const moved = await request.get(`${profile.replace("/profile/", "/PROFILE/")}/`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(profile);

  expect((await request.get("/storage/Nicht-Da.webp", { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get("/feed.xml", { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get("/sitemap.xml/", { maxRedirects: 0 })).headers().location).toBe("/sitemap.xml");
});

test("a form posted to another spelling is not redirected", async ({ request }) => {
  const response = await request.post("/SEARCH/", { form: { q: "x" }, maxRedirects: 0 });
  expect(response.status()).not.toBe(301);
});

test("the German addresses published before answer 301 to their English twins, a POST 308", async ({ request }) => {
  const discussion = await discussionPath(request);
  const moved: Array<[string, string]> = [
    ["/kategorie/tools", "/category/tools"],
    ["/kategorie/tools?page=2", "/category/tools?page=2"],
    ["/Kategorie/Tools/", "/category/tools"],
    ["/kategorie/events/feed.xml", "/category/events/feed.xml"],
    [`${discussion}/ungelesen`, `${discussion}/unread`],
    ["/benachrichtigungen", "/notifications"],
    ["/benachrichtigungen?page=2", "/notifications?page=2"],
    ["/benachrichtigungen/live", "/notifications/live"],
    ["/benachrichtigungen/abbestellen?token=ungueltig", "/notifications/unsubscribe?token=ungueltig"],
    ["/mitglieder/vorschlaege?q=Ka", "/members/suggestions?q=Ka"],
  ];
  for (const [from, to] of moved) {
    for (const method of ["get", "head"] as const) {
      const response = await request[method](from, { maxRedirects: 0 });
      expect(response.status(), `${method} ${from}`).toBe(301);
      expect(response.headers().location, `${method} ${from}`).toBe(to);
    }
  }
  // The English pages themselves answer; the legal pages keep their German names (SPEC §2).
  for (const path of ["/category/tools", "/category/events/feed.xml", "/impressum", "/agb", "/datenschutz"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
  // Its page, saying the link is invalid (e2e/notifications.spec.ts).
  expect((await request.get("/notifications/unsubscribe?token=ungueltig", { maxRedirects: 0 })).status()).toBe(400);
  // A mail program's one-click unsubscribe from a mail sent before: method and body follow the 308.
  const oneClick = await request.post("/benachrichtigungen/abbestellen?token=ungueltig", {
    form: { "List-Unsubscribe": "One-Click" },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(308);
  expect(oneClick.headers().location).toBe("/notifications/unsubscribe?token=ungueltig");
  expect(oneClick.headers()["cache-control"]).toBe("private, no-store");
  const followed = await request.post("/benachrichtigungen/abbestellen?token=ungueltig", { form: { "List-Unsubscribe": "One-Click" } });
  expect(followed.status()).toBe(400);
  expect(await followed.text()).toContain("Dieser Abmeldelink ist ungültig.");
});
