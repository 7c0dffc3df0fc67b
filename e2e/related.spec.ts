import { request, type Page } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { createMember, pageOf } from "./members";
import { expectNoSidewaysScroll, screenshotForReview } from "./looks";

/**
 * "Ähnliche Diskussionen" under every discussion and "Wurde das schon gefragt?" on the new-discussion form
 * (decision record 0054): what a guest and a crawler read, what a member sees while typing a title, and
 * the preview step that stands in for it without JavaScript.
 */

/** The demo's INP thread: its title's words are what the suggestions test types. */
const INP_TITLE = "INP unter 200 ms: Unsere Erfahrungen nach dem Umbau des Shop-Themes";
const LOAD_TIME_TITLE = "SEO nach dem Relaunch: Die Ladezeit der Startseite hat sich verdoppelt";

/** Every discussion the sitemap lists, as paths. */
async function sitemapDiscussions(): Promise<string[]> {
  const guest = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const root = await (await guest.get("/sitemap.xml")).text();
    // A large forum's sitemap is an index of sitemaps; the demo's is one list.
    const paths = root.includes("<sitemapindex") ? [] : locs(root);
    if (root.includes("<sitemapindex")) {
      for (const sitemap of locs(root)) paths.push(...locs(await (await guest.get(sitemap)).text()));
    }
    return [...new Set(paths.filter((path) => path.startsWith("/discussion/") && path.split("/").length === 3))];
  } finally {
    await guest.dispose();
  }
}

/** The related links of a discussion's HTML: the paths inside the "Ähnliche Diskussionen" navigation. */
function relatedLinksIn(html: string): string[] {
  const nav = /<nav aria-labelledby="related-heading"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...nav.matchAll(/href="(\/discussion\/[^"#?]+)"/g)].map((match) => match[1]!);
}

test("every discussion a crawler finds links five other visible discussions under 'Ähnliche Diskussionen'", async () => {
  test.setTimeout(120_000);
  const guest = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    const discussions = await sitemapDiscussions();
    expect(discussions.length).toBeGreaterThanOrEqual(30);
    const status = new Map<string, number>();
    for (const path of discussions) {
      const html = await (await guest.get(path)).text();
      expect(html, path).toContain(">Ähnliche Diskussionen</h2>");
      const links = relatedLinksIn(html);
      expect({ path, count: links.length, distinct: new Set(links).size }).toEqual({ path, count: 5, distinct: 5 });
      expect(links, path).not.toContain(path);
      for (const link of links) {
        if (!status.has(link)) status.set(link, (await guest.get(link, { maxRedirects: 0 })).status());
        // A guest reaches it: visible (a hidden discussion answers 404 to guests).
        expect({ from: path, link, status: status.get(link) }).toEqual({ from: path, link, status: 200 });
      }
    }
  } finally {
    await guest.dispose();
  }
});

test("a guest reads 'Ähnliche Diskussionen' after the comments, and it fits a phone", async ({ page, visit }) => {
  await visit("/search?q=INP");
  const path = await page.getByRole("link", { name: INP_TITLE }).first().getAttribute("href");
  await visit(path!);
  const related = page.getByRole("navigation", { name: "Ähnliche Diskussionen" });
  await expect(related.getByRole("heading", { level: 2, name: "Ähnliche Diskussionen" })).toBeVisible();
  await expect(related.getByTestId("related-discussion")).toHaveCount(5);
  // After the comment section, as Discourse places it.
  const below = await page.evaluate(() => {
    const nav = document.querySelector("nav[aria-labelledby='related-heading']")!;
    const comments = document.querySelector("section[aria-labelledby='comments-title']")!;
    return Boolean(comments.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(below).toBe(true);
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await screenshotForReview(related, `related-${width}`);
  }
});

async function typeTitle(page: Page, title: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes("/create-discussion/similar") && new URL(response.url()).searchParams.get("title") === title,
  );
  await page.getByLabel("Titel").fill(title);
  expect((await answered).status()).toBe(200);
}

test("a member typing a title sees similar discussions, solved ones first, and publishes in one step", async ({ browser }) => {
  const member = await createMember();
  const page = await pageOf(browser, member);
  await page.goto("/create-discussion?category=seo");
  await expect(page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" })).toBeVisible();
  const suggestions = page.getByTestId("similar-suggestions");
  // The trade's synonyms: the demo's thread says "SEO", the title "Suchmaschinenoptimierung".
  await typeTitle(page, "Suchmaschinenoptimierung Startseite Ladezeit");
  await expect(suggestions.getByTestId("similar-discussion").filter({ hasText: LOAD_TIME_TITLE })).toHaveCount(1);
  await typeTitle(page, "INP Shop-Theme Umbau Erfahrungen");
  // Solved ones come first, so the thread itself (open) may stand further down.
  await expect(suggestions.getByTestId("similar-discussion").filter({ hasText: INP_TITLE })).toHaveCount(1);
  await expect(suggestions.getByText("Wurde das schon gefragt?")).toBeVisible();
  const solved = await suggestions.getByRole("listitem").evaluateAll((items) => items.map((item) => item.textContent!.includes("Gelöst")));
  expect(solved).toEqual([...solved].sort((a, b) => Number(b) - Number(a)));
  // Keyboard: the first suggestion follows the title field in the tab order.
  await page.getByLabel("Titel").focus();
  await page.keyboard.press("Tab");
  await expect(suggestions.getByTestId("similar-discussion").first()).toBeFocused();
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await screenshotForReview(page, `create-suggestions-${width}`, { fullPage: width !== 1280 });
  }
  // Too short a title: no list (and no question asked).
  await page.getByLabel("Titel").fill("IN");
  await expect(suggestions.getByTestId("similar-discussion")).toHaveCount(0);

  const title = `INP Shop-Theme Umbau Erfahrungen ${Date.now()}`;
  await typeTitle(page, title);
  await page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" }).fill("Wie habt ihr das gemessen?");
  await page.getByRole("button", { name: "Diskussion erstellen" }).click();
  await expect(page).toHaveURL("/");
  await page.context().close();
});

test("the suggestions are for members only", async () => {
  const guest = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    const response = await guest.get("/create-discussion/similar?title=INP%20Shop");
    expect(response.status()).toBe(401);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  } finally {
    await guest.dispose();
  }
});

test("without JavaScript the first submit shows the similar discussions, and 'Trotzdem veröffentlichen' publishes", async ({ browser }) => {
  const member = await createMember();
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  await signInOverHttp(page, member.email, member.password);
  await page.goto("/create-discussion?category=seo");
  const title = `INP Shop-Theme Umbau ohne Skript ${Date.now()}`;
  await page.getByLabel("Titel").fill(title);
  await page.getByLabel("Inhalt").fill("Der Text bleibt erhalten.");
  await page.getByRole("button", { name: "Diskussion erstellen" }).click();

  const preview = page.getByTestId("similar-preview");
  await expect(preview.getByRole("heading", { name: "Bevor Sie veröffentlichen" })).toBeVisible();
  await expect(preview.getByTestId("similar-discussion").filter({ hasText: INP_TITLE })).toHaveCount(1);
  // Nothing lost, nothing published yet.
  await expect(page.getByLabel("Titel")).toHaveValue(title);
  await expect(page.getByLabel("Inhalt")).toHaveValue("Der Text bleibt erhalten.");
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await screenshotForReview(page, `create-preview-${width}`, { fullPage: true });
  }

  await preview.getByRole("button", { name: "Trotzdem veröffentlichen" }).click();
  await expect(page).toHaveURL("/");
  const guest = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    await expect.poll(async () => (await (await guest.get(`/search?q=${encodeURIComponent(title)}`)).text()).includes(title)).toBe(true);
  } finally {
    await guest.dispose();
  }
  await context.close();
});
