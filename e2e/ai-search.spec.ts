import { expect, test, type APIRequestContext } from "@playwright/test";
import { storageStateOf } from "./auth-helpers";
import { testClientIp } from "./fixtures";

// Plain HTTP: what AI search engines and crawlers get (robots.txt, llms.txt, Markdown versions).

async function discussionsOf(client: APIRequestContext, listPath: string): Promise<string[]> {
  const html = await (await client.get(listPath)).text();
  return [...new Set([...html.matchAll(/href="(\/discussion\/[^"#?]+)"/g)].map((match) => match[1]!))];
}

test("robots.txt lets crawlers reach /auth (noindex there), refuses training crawlers by default and says so", async ({
  request,
  baseURL,
}) => {
  const text = await (await request.get("/robots.txt")).text();
  expect(text).not.toMatch(/^Disallow: \/auth/m);
  expect(text).toContain("# Content-Signal: search=yes, ai-input=yes, ai-train=no");
  // Every other line is a directive Lighthouse's robots.txt audit knows (decision 0015).
  for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
    expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): /);
  expect(text).toMatch(/User-agent: GPTBot\n(User-agent: .*\n)*Disallow: \/\n/);
  // AI search crawlers get the site, all but its private paths (and no "Allow: /" a first-match parser would misread).
  expect(text).toMatch(/User-agent: OAI-SearchBot\n(User-agent: .*\n)*(Allow: \/search\?.*\$\n)?Disallow: \/admin\n/);
  expect(text).not.toMatch(/User-agent: OAI-SearchBot\n(User-agent: .*\n)*(Disallow: \/|Allow: \/)\n/);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // /{key}.txt is the IndexNow key's route; robots.txt and llms.txt keep theirs, and a wrong key is not found.
  const wrongKey = await request.get("/0123456789abcdef0123456789abcdef.txt");
  expect(wrongKey.status()).toBe(404);
  expect(wrongKey.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const auth = await (await request.get("/auth")).text();
  expect(auth).toContain('<meta name="robots" content="noindex, follow"/>');
});

test("a discussion's Markdown version: linked from the page, canonical to it, and only for what a guest may see", async ({
  playwright,
  baseURL,
}) => {
  const headers = { "X-Forwarded-For": testClientIp() };
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const member = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member"), extraHTTPHeaders: headers });
  const moderator = await playwright.request.newContext({ baseURL, storageState: storageStateOf("moderator"), extraHTTPHeaders: headers });
  const stamp = Date.now();
  const title = `Markdown für Maschinen ${stamp}`;
  const created = await member.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "tools", content: "Ein Text mit Absatz.\n\nUnd noch einer.", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const path = `/discussion/markdown-fuer-maschinen-${stamp}`;
  const commentOn = async (content: string) =>
    (await member.post(path, { form: { intent: "create-comment", content }, maxRedirects: 0 })).headers().location!.split("#comment-")[1]!;
  await commentOn("Öffentlicher Kommentar");
  const secret = await commentOn(`Geheimer Kommentar ${stamp}`);

  const html = await (await guest.get(path)).text();
  expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${baseURL}${path}.md"/>`);
  const markdown = await guest.get(`${path}.md`);
  expect(markdown.status()).toBe(200);
  expect(markdown.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(markdown.headers().link).toBe(`<${baseURL}${path}>; rel="canonical"`);
  const text = await markdown.text();
  expect(text).toContain(`# ${title}`);
  expect(text).toContain("Und noch einer.");
  expect(text).toContain("Öffentlicher Kommentar");
  expect(text).toContain(`Geheimer Kommentar ${stamp}`);

  // Hidden by the moderation: gone from the Markdown on the guest's next request (the page cache was emptied).
  expect(
    (await moderator.post(path, { form: { intent: "hide-comment", commentId: secret, reason: "Test" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  const afterHiding = await (await guest.get(`${path}.md`)).text();
  expect(afterHiding).toContain("Öffentlicher Kommentar");
  expect(afterHiding).not.toContain("Geheimer Kommentar");
  expect(await (await guest.get(path, { headers: { Accept: "text/markdown" } })).text()).not.toContain("Geheimer Kommentar");

  expect((await moderator.post(path, { form: { intent: "hide-discussion", reason: "Test" }, maxRedirects: 0 })).status()).toBe(302);
  for (const url of [`${path}.md`, path]) {
    const response = await guest.get(url, { headers: { Accept: "text/markdown" } });
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).not.toContain(title);
  }
  // Staff see the hidden page, but it links no Markdown version: there is none for anyone.
  expect(await (await moderator.get(path)).text()).not.toContain('type="text/markdown"');

  for (const client of [guest, member, moderator]) await client.dispose();
});

test("Accept: text/markdown on a discussion's URL: Markdown, Vary: Accept, and the page cache never mixes the two", async ({
  playwright,
  baseURL,
}) => {
  const guest = await playwright.request.newContext({ baseURL });
  const [path] = await discussionsOf(guest, "/subforum/ai");
  const asMarkdown = { Accept: "text/markdown" };
  const asBrowser = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
  const check = async (headers: Record<string, string>) => {
    const response = await guest.get(path!, { headers });
    const body = await response.text();
    expect(response.headers().vary).toMatch(/\bAccept\b(?!-)/);
    return { type: response.headers()["content-type"], cache: response.headers()["x-page-cache"], body };
  };
  // Each representation is asked for until it comes from the cache (other tests write meanwhile), then the other one.
  for (let round = 0; round < 2; round++) {
    await expect.poll(async () => (await check(asMarkdown)).cache).toBe("hit");
    const markdown = await check(asMarkdown);
    expect(markdown.type).toBe("text/markdown; charset=utf-8");
    expect(markdown.body.startsWith("# ")).toBe(true);
    await expect.poll(async () => (await check(asBrowser)).cache).toBe("hit");
    const page = await check(asBrowser);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.body.startsWith("<!DOCTYPE html>")).toBe(true);
    const plain = await check({});
    expect(plain.type).toBe("text/html; charset=utf-8");
  }
  await guest.dispose();
});

/** The threads one section of llms.txt lists ("## Gelöste Fragen", "## Meistdiskutierte offene Diskussionen"): link and answers. */
function llmsSection(text: string, heading: string): Array<{ url: string; answers: number }> {
  const section = text.split(`\n## ${heading}\n`)[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/^- \[[^\]]+\]\((\S+\.md)\): (\d+) Antwort/gm)].map((match) => ({
    url: match[1]!,
    answers: Number(match[2]),
  }));
}

test("llms.txt lists the categories, the solved questions first, then the most discussed open threads, each linked to its Markdown", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/llms.txt");
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toMatch(/^# Marketing Community\n\n> /);
  expect(text).toContain(`- [SEO](${baseURL}/subforum/seo)`);
  expect(text).toContain(`- [KI-Suche](${baseURL}/subforum/ai)`);
  // The demo content has solved questions: they come first, each section in its order, none in both.
  expect(text.indexOf("\n## Gelöste Fragen\n")).toBeGreaterThan(0);
  expect(text.indexOf("\n## Gelöste Fragen\n")).toBeLessThan(text.indexOf("\n## Meistdiskutierte offene Diskussionen\n"));
  const solved = llmsSection(text, "Gelöste Fragen");
  const open = llmsSection(text, "Meistdiskutierte offene Diskussionen");
  expect(open.length).toBeGreaterThan(5);
  for (const links of [solved, open]) {
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(20);
    const counts = links.map((link) => link.answers);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  }
  expect(solved.filter((link) => open.some((other) => other.url === link.url))).toEqual([]);
  // A solved question's Markdown names its solution right after the question.
  const first = await request.get(solved[0]!.url.replace(baseURL!, ""));
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  const markdown = await first.text();
  expect(markdown).toContain("\n## Lösung\n");
  expect(markdown.indexOf("\n## Lösung\n")).toBeLessThan(markdown.indexOf("\n## Kommentare\n"));
});

test("a discussion llms.txt lists leaves it once the moderation hides it", async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const headers = { "X-Forwarded-For": testClientIp() };
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  const member = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member"), extraHTTPHeaders: headers });
  const moderator = await playwright.request.newContext({ baseURL, storageState: storageStateOf("moderator"), extraHTTPHeaders: headers });
  const listed = async () => llmsSection(await (await guest.get("/llms.txt")).text(), "Meistdiskutierte offene Diskussionen");
  // One answer more than the least discussed open thread it lists now: among the most discussed.
  const needed = Math.min(...(await listed()).map((link) => link.answers)) + 1;
  const stamp = Date.now();
  const created = await member.post("/create-discussion", {
    form: { similarSeen: "1", title: `Vielbeachtet ${stamp}`, category: "tools", content: "Viele Antworten", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const path = `/discussion/vielbeachtet-${stamp}`;
  for (let i = 1; i <= needed; i++)
    expect((await member.post(path, { form: { intent: "create-comment", content: `Antwort ${i}` }, maxRedirects: 0 })).status()).toBe(302);
  const url = `${baseURL}${path}`;
  expect((await listed()).map((link) => link.url)).toContain(`${url}.md`);

  expect((await moderator.post(path, { form: { intent: "hide-discussion", reason: "Test" }, maxRedirects: 0 })).status()).toBe(302);
  const after = await (await guest.get("/llms.txt")).text();
  expect(after).not.toContain(path);
  for (const client of [guest, member, moderator]) await client.dispose();
});
