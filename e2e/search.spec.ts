import { expect, test } from "./fixtures";

test("search finds, highlights, filters with chips mirrored in the URL, and resets", async ({ page, visit }) => {
  await visit("/search");
  await expect(page.getByRole("heading", { level: 1, name: "Diskussionen durchsuchen" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Suchbegriff" }).fill("  Backlinks ");
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.waitForURL((url) => url.search === "?q=Backlinks");
  await expect(page.getByTestId("result-count")).toContainText("für „Backlinks“");
  const first = page.getByTestId("search-result").first();
  await expect(first.locator("mark").first()).toHaveText(/backlinks/i);
  await expect(first.getByText(/^vor \d+ (Minute|Minuten|Stunde|Stunden|Tag|Tagen)$/)).toBeVisible();

  await page.getByText("Filter & Sortierung").click();
  await page.getByLabel("Kategorie").selectOption("seo");
  await page.waitForURL((url) => url.search === "?q=Backlinks&category=seo");
  await page.getByLabel("Sortierung").selectOption("newest");
  await page.waitForURL((url) => url.search === "?q=Backlinks&category=seo&sortBy=newest");
  await page.getByLabel("Sortierung").selectOption("relevance");
  await page.waitForURL((url) => url.search === "?q=Backlinks&category=seo");

  const chips = page.getByRole("list", { name: "Aktive Filter" });
  await expect(chips.getByRole("link")).toHaveCount(2);
  await chips.getByRole("link", { name: "Filter SEO entfernen" }).click();
  await page.waitForURL((url) => url.search === "?q=Backlinks");

  await page.getByRole("link", { name: "Zurücksetzen" }).click();
  await page.waitForURL((url) => url.pathname === "/search" && url.search === "");
  // Without criteria the search lists every discussion in its default order (relevance: pinned first, then the most
  // discussed), as the spec's sitemap entry for /search expects of a page worth indexing.
  await expect(page.getByTestId("result-count")).toHaveText(/^(Mehr als )?[\d.]+ Ergebnisse/);
  await expect(page.getByTestId("search-result").first()).toBeVisible();
});

test("the search page without criteria lists the discussions, is indexable and is in the sitemap", async ({ request }) => {
  const response = await request.get("/search");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain('name="robots"');
  expect(html).toContain('data-testid="result-count"');
  expect((html.match(/data-testid="search-result"/g) ?? []).length).toBeGreaterThan(5);
  expect(await (await request.get("/sitemap.xml")).text()).toContain("/search</loc>");
});

test("no results names the query; unknown categories are ignored", async ({ page, visit }) => {
  await visit("/search?q=Quantenkompression");
  await expect(page.getByRole("heading", { name: "Keine Ergebnisse gefunden" })).toBeVisible();
  await expect(page.getByText("Für „Quantenkompression“ gibt es keine passenden Diskussionen.")).toBeVisible();

  const response = await page.goto("/search?q=GA4&category=marketing");
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).search).toBe("?q=GA4");
});

test("search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/search");
  await page.getByRole("searchbox", { name: "Suchbegriff" }).fill("KI");
  await page.getByRole("button", { name: "Suchen" }).click();
  // The plain form sends every field; the server redirects to the one clean URL.
  await page.waitForURL((url) => url.search === "?q=KI");
  await expect(page.getByTestId("search-result").first()).toBeVisible();
  await context.close();
});
