import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  clientAs,
  createComment,
  createDiscussion,
  discussionWithTwoCommentPages,
  ensureSecondSubforumPage,
  headOf,
  jsonLdOf,
  unescapeHtml,
  type JsonLd,
} from "./seo-helpers";

/**
 * What crawlers and share previews read: structured
 * data that names exactly what the page shows, titles and snippets, the share
 * image, and feeds that answer conditional requests. Plain HTTP, as a crawler.
 */
type Person = { "@type": string; name: string; url?: string };
type CommentLd = { "@type": string; url: string; text: string; author: Person; comment?: CommentLd[] };

/** The profile links of the page, by their visible text. */
function profileLinks(html: string): Array<{ href: string; text: string }> {
  return [...html.matchAll(/<a [^>]*href="(\/profile\/[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => ({
    href: match[1]!,
    text: unescapeHtml(match[2]!),
  }));
}

/** Each comment article's heading link: who wrote it, as the reader sees it. */
function commentAuthors(html: string): Map<string, { href: string; text: string }> {
  const authors = new Map<string, { href: string; text: string }>();
  for (const match of html.matchAll(
    /<article id="comment-([0-9a-f-]{36})"[\s\S]*?<h3>[\s\S]*?<a [^>]*href="(\/profile\/[^"]+)"[^>]*>([^<]+)<\/a><\/h3>/g,
  )) {
    authors.set(match[1]!, { href: match[2]!, text: unescapeHtml(match[3]!) });
  }
  return authors;
}

function flatten(comments: CommentLd[] = []): CommentLd[] {
  return comments.flatMap((comment) => [comment, ...flatten(comment.comment)]);
}

function posting(html: string) {
  return jsonLdOf(html).find((item) => item["@type"] === "DiscussionForumPosting") as JsonLd & { author: Person; comment: CommentLd[] };
}

async function commentIds(client: APIRequestContext, path: string): Promise<string[]> {
  return [...(await (await client.get(path)).text()).matchAll(/id="comment-([0-9a-f-]{36})"/g)].map((match) => match[1]!);
}

test("JSON-LD names the authors as the page shows them and points to the profiles it links", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const moderator = await clientAs(playwright, baseURL, "moderator");
  const path = await createDiscussion(member, `Namen im Markup ${Date.now()}`);
  await createComment(moderator, path, "Ein Kommentar der Moderation");
  await createComment(member, path, "Einer der Autorin");
  // As search engines read it: the guests' page (a member's page carries no JSON-LD).
  const reader = await playwright.request.newContext({ baseURL });
  const html = await (await reader.get(path)).text();
  const data = posting(html);
  const links = profileLinks(html);

  // The discussion's author: the first name the page shows, linked to the profile named as author.url.
  expect(data.author.name).toBe("Sabine");
  expect(links).toContainEqual({ href: new URL(data.author.url!).pathname, text: "Sabine" });
  expect(data.author.url).toBe(`${baseURL}${new URL(data.author.url!).pathname}`);
  // Every comment: the same name and profile as its heading link.
  const authors = commentAuthors(html);
  expect(authors.size).toBe(2);
  for (const comment of flatten(data.comment)) {
    const id = comment.url.split("#comment-")[1]!;
    const shown = authors.get(id);
    expect(shown, id).toBeDefined();
    expect(comment.author).toEqual({ "@type": "Person", name: shown!.text, url: `${baseURL}${shown!.href}` });
  }
  expect(
    flatten(data.comment)
      .map((comment) => comment.author.name)
      .sort(),
  ).toEqual(["Lena", "Sabine"]);
  // The last names the page never shows appear nowhere in its structured data or title.
  const head = headOf(html);
  for (const hidden of ["Köhler", "Hoffmann"]) {
    expect(JSON.stringify(jsonLdOf(html))).not.toContain(hidden);
    expect(head.title).not.toContain(hidden);
  }
  // The profile linked from the page exists.
  expect((await reader.get(new URL(data.author.url!).pathname)).status()).toBe(200);
  for (const client of [member, moderator, reader]) await client.dispose();
});

test("a hidden comment with two replies: the replies stay on the page, in the JSON-LD and in the discussion's feed", async ({
  playwright,
  baseURL,
}) => {
  const member = await clientAs(playwright, baseURL, "member");
  const moderator = await clientAs(playwright, baseURL, "moderator");
  const guest = await clientAs(playwright, baseURL);
  const path = await createDiscussion(member, `Ausgeblendet mit Antworten ${Date.now()}`);
  await createComment(member, path, "Wird ausgeblendet");
  const [hiddenId] = await commentIds(member, path);
  await createComment(moderator, path, "Erste Antwort bleibt", hiddenId);
  await createComment(member, path, "Zweite Antwort bleibt", hiddenId);
  await createComment(moderator, path, "Anderer Kommentar");
  const hide = await moderator.post(path, { form: { intent: "hide-comment", commentId: hiddenId!, reason: "Test" }, maxRedirects: 0 });
  expect(hide.status()).toBe(302);

  // The guest page may come from the cache until the change's notification arrived.
  await expect.poll(async () => (await (await guest.get(path)).text()).includes("Wird ausgeblendet")).toBe(false);
  const html = await (await guest.get(path)).text();
  const visible = [...commentAuthors(html).keys()];
  expect(visible).toHaveLength(3);
  expect(html).toContain("Dieser Kommentar wurde von der Moderation ausgeblendet.");
  const inJsonLd = flatten(posting(html).comment);
  expect(inJsonLd.map((comment) => comment.url.split("#comment-")[1]).sort()).toEqual([...visible].sort());
  expect(inJsonLd.map((comment) => comment.text).sort()).toEqual(["Anderer Kommentar", "Erste Antwort bleibt", "Zweite Antwort bleibt"]);
  expect(JSON.stringify(posting(html))).not.toContain(hiddenId);

  // The discussion's own feed: linked from the page, exactly the visible comments.
  expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Kommentare zu „`);
  expect(html).toContain(`href="${path}/feed.xml"`);
  const feed = await guest.get(`${path}/feed.xml`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await feed.text();
  const items = [...xml.matchAll(/<guid isPermaLink="true">[^<]*#comment-([0-9a-f-]{36})<\/guid>/g)].map((match) => match[1]!);
  expect(items.sort()).toEqual([...visible].sort());
  expect(xml).not.toContain("Wird ausgeblendet");
  expect(xml).toContain("<dc:creator>Lena</dc:creator>");
  expect(xml).not.toContain("Hoffmann");
  // A discussion that does not exist has no feed.
  expect((await guest.get("/discussion/gibt-es-nicht/feed.xml")).status()).toBe(404);
  for (const client of [member, moderator, guest]) await client.dispose();
});

test("a profile: first name in title and JSON-LD, og:type profile, what it wrote, and its place in the sitemap", async ({
  playwright,
  baseURL,
}) => {
  const member = await clientAs(playwright, baseURL, "member");
  const path = await createDiscussion(member, `Profil im Sitemap ${Date.now()}`);
  const html = await (await member.get(path)).text();
  const profilePath = profileLinks(html).find((link) => link.text === "Sabine")!.href;
  const guest = await clientAs(playwright, baseURL);
  const profile = await (await guest.get(profilePath)).text();
  const head = headOf(profile);
  expect(head.title).toBe("Sabine | Marketing Community");
  expect(head.meta("property", "og:title")).toBe("Sabine");
  expect(head.meta("property", "og:type")).toBe("profile");
  const page = jsonLdOf(profile).find((item) => item["@type"] === "ProfilePage") as JsonLd & {
    dateCreated: string;
    mainEntity: Person & { agentInteractionStatistic: Array<{ interactionType: string; userInteractionCount: number }> };
  };
  expect(page.mainEntity.name).toBe("Sabine");
  expect(JSON.stringify(page)).not.toContain("Köhler");
  expect(Date.parse(page.dateCreated)).not.toBeNaN();
  // 'Dabei seit' shows the month and year of dateCreated.
  const since = new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(page.dateCreated),
  );
  expect(profile).toContain(since);
  const counts = Object.fromEntries(
    page.mainEntity.agentInteractionStatistic.map((counter) => [counter.interactionType, counter.userInteractionCount]),
  );
  const shown = /(\d+)\s*(?:<!-- -->\s*)*Diskussionen?\s*(?:<!-- -->\s*)*·\s*(?:<!-- -->\s*)*(\d+)\s*(?:<!-- -->\s*)*Kommentare?/.exec(
    profile,
  );
  expect(shown).not.toBeNull();
  expect(counts["https://schema.org/WriteAction"]).toBe(Number(shown![1]));
  expect(counts["https://schema.org/CommentAction"]).toBe(Number(shown![2]));
  expect(counts["https://schema.org/WriteAction"]).toBeGreaterThan(0);

  const sitemap = await (await guest.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}${profilePath}</loc>`);
  for (const client of [member, guest]) await client.dispose();
});

test("home names the forum (WebSite with its search, Organization with its logo); a list page names its discussions in order (ItemList)", async ({
  playwright,
  baseURL,
}) => {
  const guest = await clientAs(playwright, baseURL);
  const home = jsonLdOf(await (await guest.get("/")).text());
  const website = home.find((item) => item["@type"] === "WebSite") as JsonLd & {
    url: string;
    publisher: { "@id": string };
    potentialAction: { target: { urlTemplate: string }; "query-input": string };
  };
  const organization = home.find((item) => item["@type"] === "Organization") as JsonLd & { "@id": string; name: string; logo: string };
  expect(organization.name).toBe("Marketing Community");
  expect(website.publisher["@id"]).toBe(organization["@id"]);
  // The search box a search engine may show leads to our search page and its results.
  const searchUrl = new URL(website.potentialAction.target.urlTemplate.replace("{search_term_string}", "Backlinks"));
  expect(website.potentialAction["query-input"]).toBe("required name=search_term_string");
  const results = await guest.get(searchUrl.pathname + searchUrl.search);
  expect(results.status()).toBe(200);
  expect(await results.text()).toContain('data-testid="search-result"');
  const logo = await guest.get(new URL(organization.logo).pathname);
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toBe("image/png");

  const member = await clientAs(playwright, baseURL, "member");
  const secondPage = await ensureSecondSubforumPage(member);
  await member.dispose();
  for (const [path, firstPosition] of [
    ["/subforum/ai", 1],
    [secondPage, 26],
    ["/category/tools", 1],
  ] as const) {
    const html = await (await guest.get(path)).text();
    const shown = html
      .split('data-testid="discussion-card"')
      .slice(1)
      .map((card) => /href="(\/discussion\/[^"]+)"/.exec(card)![1]!);
    const list = jsonLdOf(html).find((item) => item["@type"] === "ItemList") as JsonLd & {
      itemListElement: Array<{ position: number; url: string }>;
    };
    expect(shown.length, path).toBeGreaterThan(0);
    expect(
      list.itemListElement.map((item) => [item.position, new URL(item.url).pathname]),
      path,
    ).toEqual(shown.map((href, index) => [firstPosition + index, href]));
  }
  await guest.dispose();
});

test("titles fit in 60 characters: the site name goes where it does not fit", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const stamp = Date.now();
  const long = await createDiscussion(member, `Ein recht langer Titel ueber Sichtbarkeit ${stamp}`);
  const short = await createDiscussion(member, `Kurz ${stamp}`);
  const longTitle = headOf(await (await member.get(long)).text()).title!;
  expect(longTitle).toBe(`Ein recht langer Titel ueber Sichtbarkeit ${stamp}`);
  expect(headOf(await (await member.get(short)).text()).title).toBe(`Kurz ${stamp} | Marketing Community`);
  for (const pagePath of ["/", "/subforum/seo", "/members", "/search", "/impressum", short]) {
    const title = headOf(await (await member.get(pagePath)).text()).title!;
    expect(title.length, `${pagePath}: ${title}`).toBeLessThanOrEqual(60);
  }
  await member.dispose();
});

test("page 2 of a subforum and of a discussion's comments say 'Seite 2' in title and description", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const subforumPage2 = await ensureSecondSubforumPage(member);
  const discussion = await discussionWithTwoCommentPages(member);
  for (const [first, second] of [
    ["/subforum/ai", subforumPage2],
    [discussion, `${discussion}?page=2`],
  ] as const) {
    const one = headOf(await (await member.get(first)).text());
    const two = headOf(await (await member.get(second)).text());
    expect(one.title).not.toContain("Seite");
    expect(two.title).toContain(" – Seite 2");
    expect(two.title).not.toBe(one.title);
    expect(two.description).toBe(`${one.description} – Seite 2`);
  }
  await member.dispose();
});

test("every page has the share image with its size and alt text; a discussion its dates and section", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const path = await createDiscussion(member, `Teilen und Datum ${Date.now()}`);
  const guest = await clientAs(playwright, baseURL);
  const profile = profileLinks(await (await guest.get(path)).text())[0]!.href;
  // A 404 carries no share image: it says it was not found, and nothing more (the test below).
  for (const pagePath of ["/", "/subforum/seo", path, profile, "/members", "/search", "/impressum", "/auth"]) {
    const head = headOf(await (await guest.get(pagePath)).text());
    expect(head.titles, pagePath).toHaveLength(1);
    expect(head.meta("property", "og:image:width"), pagePath).toBe("1200");
    expect(head.meta("property", "og:image:height"), pagePath).toBe("630");
    // A discussion has an image of its own (below), every other page the forum's.
    if (pagePath === path) continue;
    expect(head.meta("property", "og:image"), pagePath).toBe(`${baseURL}/brand/og-default.png`);
    expect(head.meta("property", "og:image:alt"), pagePath).toContain("Marketing Community");
  }
  // The image itself: a PNG of 1200×630 (IHDR width and height).
  const image = await guest.get("/brand/og-default.png");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

  const before = headOf(await (await member.get(path)).text());
  // The discussion's own image: its address names the page's last change, and it is a PNG of the same size.
  const ownImage = before.meta("property", "og:image")!;
  expect(ownImage).toMatch(new RegExp(`^${baseURL}${path}/share\\.png\\?v=\\d+$`));
  expect(before.meta("name", "twitter:image")).toBe(ownImage);
  expect(unescapeHtml(before.meta("property", "og:image:alt")!)).toMatch(/^Teilen und Datum \d+$/);
  const drawn = await guest.get(new URL(ownImage).pathname + new URL(ownImage).search);
  expect(drawn.status()).toBe(200);
  expect(drawn.headers()["content-type"]).toBe("image/png");
  const drawnPng = await drawn.body();
  expect([drawnPng.readUInt32BE(16), drawnPng.readUInt32BE(20)]).toEqual([1200, 630]);
  // Its address changes with what it shows: caches keep it a year, and a reader's copy is confirmed without a drawing.
  expect(drawn.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const etag = drawn.headers()["etag"];
  expect(etag).toBeTruthy();
  const revalidated = await guest.get(new URL(ownImage).pathname + new URL(ownImage).search, { headers: { "If-None-Match": etag! } });
  expect(revalidated.status()).toBe(304);
  expect(before.meta("property", "article:section")).toBe("Allgemein");
  const published = before.meta("property", "article:published_time")!;
  expect(Date.parse(published)).not.toBeNaN();
  expect(before.meta("property", "article:modified_time")).toBe(published);
  await createComment(member, path, "Ein Kommentar ändert die Seite");
  const after = headOf(await (await member.get(path)).text());
  expect(after.meta("property", "article:published_time")).toBe(published);
  expect(Date.parse(after.meta("property", "article:modified_time")!)).toBeGreaterThan(Date.parse(published));
  // The answer count on the image changed with the page: so did its address.
  expect(after.meta("property", "og:image")).not.toBe(ownImage);
  const current = new URL(after.meta("property", "og:image")!);
  expect((await guest.get(current.pathname + current.search)).status()).toBe(200);
  // An address naming an older change leads to the current image (made-up versions draw nothing).
  const stale = await guest.get(new URL(ownImage).pathname + new URL(ownImage).search, { maxRedirects: 0 });
  expect(stale.status()).toBe(302);
  expect(stale.headers()["location"]).toBe(current.pathname + current.search);
  expect((await guest.get("/discussion/gibt-es-nicht/share.png")).status()).toBe(404);
  // Hidden, the image is gone for everyone, also where a guest had it before (the guest page cache).
  const moderator = await clientAs(playwright, baseURL, "moderator");
  expect((await moderator.post(path, { form: { intent: "hide-discussion", reason: "Test" }, maxRedirects: 0 })).status()).toBe(302);
  expect((await guest.get(current.pathname + current.search)).status()).toBe(404);
  expect((await moderator.get(current.pathname)).status()).toBe(404);
  await moderator.dispose();
  // The missing discussion's page has one title, from meta, and it says so.
  expect(headOf(await (await guest.get("/discussion/gibt-es-nicht")).text()).titles).toEqual([
    "Diskussion nicht gefunden | Marketing Community",
  ]);
  for (const client of [member, guest]) await client.dispose();
});

test("feeds answer 304 to If-None-Match and If-Modified-Since, for guests (page cache) and members", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const guest = await clientAs(playwright, baseURL);
  const discussion = await createDiscussion(member, `Feed mit Validatoren ${Date.now()}`);
  for (const feed of ["/feed.xml", "/subforum/seo/feed.xml", `${discussion}/feed.xml`]) {
    for (const client of [guest, member]) {
      const first = await client.get(feed);
      expect(first.status(), feed).toBe(200);
      const etag = first.headers()["etag"];
      const lastModified = first.headers()["last-modified"];
      expect(etag, feed).toMatch(/^"[\w-]+"$/);
      expect(Date.parse(lastModified!), feed).not.toBeNaN();
      const byTag = await client.get(feed, { headers: { "If-None-Match": etag! } });
      // Other tests write meanwhile: a changed feed has a new tag and answers 200 with it.
      if (byTag.status() === 200) expect(byTag.headers()["etag"]).not.toBe(etag);
      else expect(byTag.status(), feed).toBe(304);
      const byDate = await client.get(feed, { headers: { "If-Modified-Since": lastModified! } });
      if (byDate.status() === 200) expect(byDate.headers()["etag"]).not.toBe(etag);
      else expect(byDate.status(), feed).toBe(304);
      expect((await client.get(feed, { headers: { "If-None-Match": '"anders"' } })).status(), feed).toBe(200);
      expect(
        (await client.get(feed, { headers: { "If-Modified-Since": new Date(Date.parse(lastModified!) - 60_000).toUTCString() } })).status(),
        feed,
      ).toBe(200);
    }
  }
  // A new comment changes the discussion's feed: the old tag no longer matches.
  const before = await member.get(`${discussion}/feed.xml`);
  await createComment(member, discussion, "Neu im Feed");
  const after = await member.get(`${discussion}/feed.xml`, { headers: { "If-None-Match": before.headers()["etag"]! } });
  expect(after.status()).toBe(200);
  expect(await after.text()).toContain("Neu im Feed");
  for (const client of [member, guest]) await client.dispose();
});

test("every 404 says the page was not found, carries noindex and names no canonical address", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  for (const path of [
    "/members?page=999",
    "/members?page=abc",
    "/subforum/seo?page=999",
    "/discussion/gibt-es-nicht-404",
    `/profile/${crypto.randomUUID()}`,
    "/gibt-es-nicht-404",
  ]) {
    const response = await guest.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    const head = headOf(html);
    expect(head.titles, path).toHaveLength(1);
    expect(head.title, path).toMatch(/nicht gefunden/);
    expect(head.meta("name", "robots"), path).toMatch(/^noindex/);
    expect(html, path).not.toContain('rel="canonical"');
  }
  await guest.dispose();
});

test("links in posts to our own pages are followed; links elsewhere are nofollow ugc", async ({ playwright, baseURL }) => {
  const member = await clientAs(playwright, baseURL, "member");
  const other = "https://example.org/studie";
  const path = await createDiscussion(member, `Eigene Links ${Date.now()}`);
  // A plain-text comment (as a form without JavaScript sends it) and a rich one.
  await createComment(member, path, `Siehe ${baseURL}/impressum und ${other}`);
  const rich = await member.post(path, {
    form: {
      intent: "create-comment",
      content: `<p><a href="/agb#verhalten">Regeln</a> und <a href="${other}">Studie</a></p>`,
      contentFormat: "html",
    },
    maxRedirects: 0,
  });
  expect(rich.status()).toBe(302);
  const guest = await clientAs(playwright, baseURL);
  const html = await (await guest.get(path)).text();
  const anchors = [...html.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
  const to = (href: string) => anchors.filter((anchor) => anchor.includes(`href="${href}"`));
  expect(to(`${baseURL}/impressum`)).toHaveLength(1);
  expect(to("/agb#verhalten")).toHaveLength(1);
  for (const anchor of [...to(`${baseURL}/impressum`), ...to("/agb#verhalten")]) expect(anchor).not.toContain("nofollow");
  expect(to(other)).toHaveLength(2);
  for (const anchor of to(other)) expect(anchor).toContain('rel="nofollow ugc noopener"');
});
