/**
 * What a crawler without JavaScript finds: starting at `/` and following
 * every link on the site, it must reach every discussion the sitemap lists.
 * Home shows only the newest few, so the other discussions depend on their
 * category's list and its pagination.
 *
 * The forum is one of its own (a fresh demo server): the 80 discussions added
 * here would otherwise push the discussions other tests create off home's
 * list while those tests look for them.
 */
import { Parser } from "htmlparser2";
import { expect, test } from "@playwright/test";
import { freePort, signIn, startServer, type BenchServer } from "../scripts/lib/bench-server";

const EXTRA_DISCUSSIONS = 80;
const EXTRA_CATEGORIES = ["general", "tools", "events"] as const;
/** Far above what the forum has (about 150 pages): a crawl that runs away fails instead of running on. */
const MAX_PAGES = 2_000;

let forum: BenchServer;
let memberCookie: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Starting a server with demo content and adding 80 discussions takes about 20 s on a busy two-core machine.
  test.setTimeout(120_000);
  forum = await startServer({ port: await freePort(), env: { DATA_DIR: "memory://", SEED_DEMO: "true", TRUST_PROXY: "1" } });
  memberCookie = await signIn(forum.url, "sabine.koehler@example.com", "demo-passwort", { "X-Forwarded-For": "203.0.113.80" });
  for (let i = 0; i < EXTRA_DISCUSSIONS; i++) {
    await createDiscussion(`Werkzeugkiste und Termine Nummer ${i}`, EXTRA_CATEGORIES[i % EXTRA_CATEGORIES.length]!);
  }
});

test.afterAll(async () => {
  await forum?.stop();
});

async function createDiscussion(title: string, category: string): Promise<void> {
  const response = await fetch(`${forum.url}/create-discussion`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: memberCookie,
      Origin: forum.url,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": "203.0.113.80",
    },
    body: new URLSearchParams({ similarSeen: "1", title, category, content: "Gibt es Erfahrungen damit?", contentFormat: "text" }),
  });
  expect(response.status, `creating "${title}"`).toBe(302);
}

/** As a guest: no cookie, no JavaScript. */
function get(path: string): Promise<Response> {
  return fetch(`${forum.url}${path}`, { redirect: "manual" });
}

/** Every <a href> of a page, as the browser would resolve it (entities decoded, relative to the page). */
function linksOf(html: string, pageUrl: URL): URL[] {
  const links: URL[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "a" || attributes.href === undefined) return;
        try {
          links.push(new URL(attributes.href, pageUrl));
        } catch {
          // Not a URL: nothing a crawler could follow.
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

/** Breadth first from `/`, over every same-origin link, at most MAX_PAGES pages; returns the paths (with query) it read. */
async function crawl(): Promise<Set<string>> {
  const origin = new URL(forum.url).origin;
  const seen = new Set<string>(["/"]);
  const queue: string[] = ["/"];
  const read = new Set<string>();
  while (queue.length > 0) {
    expect(read.size, "pages read by the crawl").toBeLessThan(MAX_PAGES);
    // A few at a time, in the order they were found: still breadth first.
    const batch = queue.splice(0, 4);
    const pages = await Promise.all(batch.map(async (path) => ({ path, response: await get(path) })));
    for (const { path, response } of pages) {
      read.add(path);
      const location = response.headers.get("location");
      const next =
        response.status >= 300 && response.status < 400 && location
          ? [new URL(location, `${origin}${path}`)]
          : /^text\/html/.test(response.headers.get("content-type") ?? "")
            ? linksOf(await response.text(), new URL(`${origin}${path}`))
            : [];
      if (!(response.status >= 300 && response.status < 400)) await response.body?.cancel().catch(() => undefined);
      for (const url of next) {
        if (url.origin !== origin) continue;
        const target = url.pathname + url.search;
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return read;
}

async function sitemapDiscussions(): Promise<string[]> {
  const xml = await (await get("/sitemap.xml")).text();
  expect(xml).toContain("<urlset");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1]!).pathname)
    .filter((path) => path.startsWith("/discussion/"));
}

test("a crawler starting at / reaches every discussion in the sitemap", async () => {
  test.setTimeout(120_000);
  const discussions = await sitemapDiscussions();
  // The demo's 40 and the 80 added here: far more than home lists.
  expect(discussions.length).toBeGreaterThanOrEqual(40 + EXTRA_DISCUSSIONS);
  const read = await crawl();
  const missed = discussions.filter((path) => !read.has(path));
  expect(missed, `${missed.length} of ${discussions.length} discussions reachable by no link`).toEqual([]);
  // Reached through the category pages and their pagination; the sitemap lists the category pages too.
  for (const path of ["/category/allgemein", "/category/tools?page=2", "/category/events?page=2"]) expect(read, path).toContain(path);
  const sitemap = await (await get("/sitemap.xml")).text();
  for (const segment of ["allgemein", "tools", "events"]) {
    // With the creation of the list's newest visible discussion as lastmod.
    expect(sitemap).toMatch(
      new RegExp(
        `<loc>${forum.url}/category/${segment}</loc>\\n    <lastmod>[0-9T:.-]+Z</lastmod>\\n    <changefreq>daily</changefreq>\\n    <priority>0\\.9</priority>`,
      ),
    );
  }
});

test("category pages work like subforum pages: pagination, 404 past the end, canonical, feed", async () => {
  const first = await get("/category/tools");
  expect(first.status).toBe(200);
  const html = await first.text();
  expect(html).toContain("<h1");
  expect(html).toContain(">Tools</h1>");
  expect(html).toContain(`<link rel="canonical" href="${forum.url}/category/tools"/>`);
  expect(html).toContain(
    '<link rel="alternate" type="application/rss+xml" title="Tools – Marketing Community" href="/category/tools/feed.xml"/>',
  );
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect(html).toContain('href="/category/tools?page=2"');

  const second = await (await get("/category/tools?page=2")).text();
  expect(second).toContain(`<link rel="canonical" href="${forum.url}/category/tools?page=2"/>`);
  expect((await get("/category/tools?page=3")).status).toBe(404);
  // A client-side navigation's data request reaches the same list.
  const data = await get("/category/tools.data?page=2");
  expect(data.status).toBe(200);
  expect(await data.text()).toContain("Werkzeugkiste und Termine Nummer");
  // Page 1 has exactly one URL, as for the subforums.
  const pageOne = await get("/category/tools?page=1");
  expect(pageOne.status).toBe(301);
  expect(pageOne.headers.get("location")).toBe("/category/tools");

  // Each name is at home in one place only.
  for (const path of ["/category/seo", "/category/general", "/subforum/tools", "/category/tools/feed.xml/x"])
    expect((await get(path)).status, path).toBe(404);

  const feed = await get("/category/events/feed.xml");
  expect(feed.status).toBe(200);
  expect(feed.headers.get("content-type")).toContain("application/rss+xml");
  const rss = await feed.text();
  expect(rss).toContain("<title>Events – Marketing Community</title>");
  expect(rss).toContain("Werkzeugkiste und Termine Nummer 77");
  expect(rss).not.toContain("Werkzeugkiste und Termine Nummer 78");
  expect((await get("/subforum/events/feed.xml")).status).toBe(404);

  // The badges of a discussion card lead to its category's page.
  expect(html).toMatch(/<a[^>]+href="\/category\/tools"[^>]*>Tools<\/a>/);
  // The footer links all six lists.
  for (const path of ["/subforum/seo", "/subforum/sea", "/subforum/ai", "/category/allgemein", "/category/tools", "/category/events"]) {
    expect(html).toContain(`href="${path}"`);
  }
});

test("a new discussion shows on its category page at once, although guests get that page from the cache", async () => {
  const before = await get("/category/events");
  await before.text();
  const again = await get("/category/events");
  expect(again.headers.get("x-page-cache")).toBe("hit");
  await again.text();

  const title = `Frisch im Kalender ${Date.now()}`;
  await createDiscussion(title, "events");
  await expect
    .poll(async () => (await (await get("/category/events")).text()).includes(title), { timeout: 5_000, intervals: [50] })
    .toBe(true);
  expect(await (await get("/category/events/feed.xml")).text()).toContain(title);
});
