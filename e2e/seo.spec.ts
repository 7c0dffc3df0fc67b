import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { testClientIp } from "./fixtures";
import { DEMO_PASSWORD } from "./auth-helpers";
import { profileOf } from "./content-helpers";
import { createMembers, profilePathOf } from "./members";

// Plain HTTP: what a crawler sees.
const BASE = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

function head(html: string) {
  const meta = (attr: string, name: string) =>
    html.match(new RegExp(`<meta ${attr}="${name.replace(/[:]/g, "\\$&")}" content="([^"]*)"`))?.[1];
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    description: meta("name", "description"),
    canonical: html.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    robots: meta("name", "robots"),
    ogTitle: meta("property", "og:title"),
    ogUrl: meta("property", "og:url"),
    ogType: meta("property", "og:type"),
    twitterCard: meta("name", "twitter:card"),
    lang: html.match(/<html lang="([^"]+)"/)?.[1],
  };
}

async function firstDiscussionPath(request: APIRequestContext, subforum = "seo") {
  const html = await (await request.get(`/subforum/${subforum}`)).text();
  return html.match(/href="(\/discussion\/[^"]+)"/)![1]!;
}

test("every public page has a unique title, description, absolute canonical, OpenGraph and Twitter tags", async ({ request }) => {
  const discussion = await firstDiscussionPath(request);
  // A member who wrote (a profile without a visible post is noindex, below).
  const profile = await profileOf(request, "Hoffmann");
  const pages = [
    "/",
    "/subforum/seo",
    "/subforum/sea",
    "/subforum/ai",
    discussion,
    "/search",
    "/members",
    profile,
    "/impressum",
    "/agb",
    "/datenschutz",
  ];
  const titles = new Set<string>();
  for (const pagePath of pages) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const tags = head(await response.text());
    expect(tags.lang, pagePath).toBe("de");
    expect(tags.title, pagePath).toBeTruthy();
    expect(tags.description?.length, pagePath).toBeGreaterThan(20);
    expect(tags.canonical, pagePath).toBe(`${BASE}${pagePath}`);
    expect(tags.ogUrl, pagePath).toBe(tags.canonical);
    expect(tags.ogTitle, pagePath).toBeTruthy();
    expect(tags.twitterCard, pagePath).toBe("summary_large_image");
    expect(tags.robots, pagePath).toBeUndefined();
    titles.add(tags.title!);
  }
  expect(titles.size).toBe(pages.length);
});

test("a discussion's description is the start of its text, at most 160 characters, cut after a whole word", async ({ request }) => {
  const headers = { "X-Forwarded-For": testClientIp() };
  await request.post("/auth", {
    form: { intent: "sign-in", email: "jonas.schulz@example.com", password: DEMO_PASSWORD },
    headers,
    maxRedirects: 0,
  });
  const title = `Lange Beschreibung ${Date.now()}`;
  const words = Array.from({ length: 60 }, (_, i) => `Wort${i}`).join(" ");
  const created = await request.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: `<p><strong>${words}</strong></p>`, contentFormat: "html" },
    headers,
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const tags = head(await (await request.get(`/discussion/${title.toLowerCase().replace(/\s+/g, "-")}`)).text());
  expect(tags.ogType).toBe("article");
  expect(tags.description!.length).toBeLessThanOrEqual(160);
  expect(tags.description).not.toMatch(/<|&lt;/);
  // Whole words from the start, then "…": never a word cut in two.
  expect(tags.description).toMatch(/^Wort0 Wort1 (Wort\d+ )*Wort\d+…$/);
});

test("a profile is indexed exactly when the sitemap lists it: with a visible post, not without", async ({ request }) => {
  const [newcomer] = await createMembers([{ firstName: "Ohne", lastName: "Beitrag" }]);
  const silent = await profilePathOf(newcomer);
  const writer = await profileOf(request, "Hoffmann");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(head(await (await request.get(silent)).text()).robots).toBe("noindex, follow");
  expect(sitemap).not.toContain(`${BASE}${silent}<`);
  expect(head(await (await request.get(writer)).text()).robots).toBeUndefined();
  expect(sitemap).toContain(`${BASE}${writer}<`);
});

test("private pages and search results are noindex", async ({ request }) => {
  for (const pagePath of [
    "/auth",
    "/reset-password",
    "/email-confirmation?email=a%40example.com",
    "/search?q=SEO",
    "/dev/mailbox",
    "/nirgendwo",
  ]) {
    const response = await request.get(pagePath, { maxRedirects: 0 });
    const tags = head(await response.text());
    expect(tags.robots, pagePath).toBe("noindex, follow");
  }
});

test("paginated subforum pages are canonical to themselves", async ({ request }) => {
  const html = await (await request.get("/subforum/seo")).text();
  expect(head(html).canonical).toBe(`${BASE}/subforum/seo`);
  const redirect = await request.get("/subforum/seo?page=1", { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe("/subforum/seo");
});

test("JSON-LD of a discussion with three comments and a reply", async ({ request, playwright }) => {
  const ip = testClientIp();
  const headers = { "X-Forwarded-For": ip };
  await request.post("/auth", {
    form: { intent: "sign-in", email: "jonas.schulz@example.com", password: DEMO_PASSWORD },
    headers,
    maxRedirects: 0,
  });
  const title = `Strukturierte Daten ${Date.now()}`;
  const created = await request.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: "<p>Wie testet ihr <strong>JSON-LD</strong>?</p>", contentFormat: "html" },
    headers,
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const discussionPath = `/discussion/${slug}`;
  for (const text of ["Erster", "Zweiter", "Dritter"]) {
    await request.post(discussionPath, { form: { intent: "create-comment", content: `${text} Kommentar` }, headers, maxRedirects: 0 });
  }
  const firstId = (await (await request.get(discussionPath)).text()).match(/id="comment-([0-9a-f-]{36})"/)![1]!;
  await request.post(discussionPath, {
    form: { intent: "create-comment", content: "Antwort auf den ersten", parentId: firstId },
    headers,
    maxRedirects: 0,
  });

  // Search engines read the guests' page; the member's own page (private, never indexed) carries none.
  expect(await (await request.get(discussionPath)).text()).not.toContain("application/ld+json");
  const guest = await playwright.request.newContext({ baseURL: BASE });
  const html = await (await guest.get(discussionPath)).text();
  await guest.dispose();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const posting = blocks.find((block) => block["@type"] === "DiscussionForumPosting");
  // Once, in the head: not a second time in the data the page carries for hydration.
  expect(html.split("DiscussionForumPosting").length - 1).toBe(1);
  expect(html.indexOf("DiscussionForumPosting")).toBeLessThan(html.indexOf("</head>"));
  const breadcrumbs = blocks.find((block) => block["@type"] === "BreadcrumbList");
  const url = `${BASE}${discussionPath}`;

  expect(posting).toMatchObject({
    "@context": "https://schema.org",
    headline: title,
    text: "Wie testet ihr JSON-LD?",
    url,
    mainEntityOfPage: url,
    // The author's name as the page shows it: the structured data names whom a reader sees.
    author: { "@type": "Person", name: "Jonas" },
  });
  expect(posting.author.url).toMatch(new RegExp(`^${BASE}/profile/`));
  expect(Date.parse(posting.datePublished)).not.toBeNaN();
  expect(Date.parse(posting.dateModified)).not.toBeNaN();
  expect(posting.interactionStatistic).toEqual([
    { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: 4 },
    { "@type": "InteractionCounter", interactionType: "https://schema.org/ViewAction", userInteractionCount: expect.any(Number) },
    // 'Hilfreich' on the question: none yet, as the page shows.
    { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: 0 },
  ]);
  expect(posting.comment).toHaveLength(3);
  expect(posting.comment.map((c: { text: string }) => c.text)).toEqual(["Erster Kommentar", "Zweiter Kommentar", "Dritter Kommentar"]);
  for (const comment of posting.comment) {
    expect(comment).toMatchObject({ "@type": "Comment", author: { "@type": "Person", name: "Jonas" } });
    expect(comment.url).toMatch(new RegExp(`^${url}#comment-`));
    expect(Date.parse(comment.datePublished)).not.toBeNaN();
  }
  expect(posting.comment[0].comment).toEqual([expect.objectContaining({ "@type": "Comment", text: "Antwort auf den ersten" })]);
  expect(posting.comment[1].comment).toBeUndefined();

  expect(
    breadcrumbs.itemListElement.map((item: { position: number; name: string; item: string }) => [item.position, item.name, item.item]),
  ).toEqual([
    [1, "Marketing Community", `${BASE}/`],
    [2, "SEO", `${BASE}/subforum/seo`],
    [3, title, url],
  ]);
});

test("sitemap.xml is valid against the sitemaps.org schema and lists the pages with their priorities", async ({ request }) => {
  // Read before the sitemap: other tests may add discussions in between.
  const discussionPath = await firstDiscussionPath(request);
  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-")), "sitemap.xml");
  fs.writeFileSync(file, xml);
  execFileSync("xmllint", ["--noout", "--schema", "tests/fixtures/sitemap-0.9.xsd", file], { stdio: "pipe" });

  const entry = (loc: string) =>
    xml.match(
      new RegExp(
        `<loc>${loc.replace(/[.?]/g, "\\$&")}</loc>\\s*(<lastmod>[^<]+</lastmod>\\s*)?<changefreq>(\\w+)</changefreq>\\s*<priority>([\\d.]+)</priority>`,
      ),
    );
  expect(entry(`${BASE}/`)?.slice(2)).toEqual(["daily", "1.0"]);
  expect(entry(`${BASE}/subforum/ai`)?.slice(2)).toEqual(["daily", "0.9"]);
  expect(entry(`${BASE}/members`)?.slice(2)).toEqual(["weekly", "0.8"]);
  expect(entry(`${BASE}/search`)?.slice(2)).toEqual(["weekly", "0.7"]);
  expect(entry(`${BASE}/agb`)?.slice(2)).toEqual(["yearly", "0.3"]);
  const discussion = entry(`${BASE}${discussionPath}`);
  expect(discussion?.[1]).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  expect(discussion?.slice(2)).toEqual(["weekly", "0.8"]);
});

test("robots.txt keeps private paths out and names the sitemap", async ({ request }) => {
  const text = await (await request.get("/robots.txt")).text();
  for (const privatePath of ["/admin", "/create-discussion", "/pending-approval", "/reset-password", "/email-confirmation", "/dev/"]) {
    expect(text).toContain(`Disallow: ${privatePath}`);
  }
  // Every page links /auth: crawlers must be let in to see its noindex.
  expect(text).not.toMatch(/^Disallow: \/auth/m);
  expect(text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  expect(text).not.toMatch(/^Allow: \/$/m);
});

test("/favicon.ico, the app icons and the web manifest answer, and every page links the manifest and the touch icon", async ({
  request,
}) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await ico.body();
  // An icon file (type 1) with the 16 and 32 px images.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 2]);
  expect([bytes[6], bytes[22]]).toEqual([16, 32]);

  const html = await (await request.get("/")).text();
  const manifestHref = html.match(/<link rel="manifest" href="([^"]+)"/)?.[1];
  const touchIconHref = html.match(/<link rel="apple-touch-icon" href="([^"]+)"/)?.[1];
  expect(manifestHref).toBe("/manifest.webmanifest");
  expect(touchIconHref).toBeDefined();
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ name: "Marketing Community", lang: "de-DE", start_url: "/", display: "standalone" });
  expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}"/>`);
  for (const src of [touchIconHref!, ...manifest.icons.map((icon: { src: string }) => icon.src)]) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toBe("image/png");
  }
});

test("RSS feeds parse as XML, hold the newest 50 and are linked from the pages", async ({ request }) => {
  for (const feed of ["/feed.xml", "/subforum/seo/feed.xml"]) {
    const response = await request.get(feed);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    execFileSync("xmllint", ["--noout", "-"], { input: xml, stdio: ["pipe", "pipe", "pipe"] });
    const items = xml.match(/<item>/g)?.length ?? 0;
    expect(items).toBeGreaterThan(0);
    expect(items).toBeLessThanOrEqual(50);
  }
  expect(await (await request.get("/")).text()).toContain(
    '<link rel="alternate" type="application/rss+xml" title="Marketing Community – alle Diskussionen" href="/feed.xml"/>',
  );
  expect(await (await request.get("/subforum/seo")).text()).toContain('href="/subforum/seo/feed.xml"');
});
