import { request, type APIRequestContext } from "@playwright/test";
import { berlinDate } from "../app/lib/berlin-time";
import { slugify } from "../app/lib/slug";
import { expect, test, testClientIp } from "./fixtures";
import { noSidewaysScrollAt320, screenshotForReview } from "./looks";
import { clientOf, createMembers } from "./members";

/**
 * The archive (decision 0058) as guests and crawlers meet it: the footer's "Archiv", the months with links to all
 * their pages, a month's discussions oldest first, served from the guests' page cache and emptied when the
 * moderation hides one; 404 for what is no page; and home → Archiv → month → discussion in three clicks without
 * JavaScript. Its axe scans are in accessibility.spec.ts.
 */

async function guestClient(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
}

/** The pages of a month that /archive links, as paths; the month alone when it has one page. */
async function monthPages(guest: APIRequestContext, month: string): Promise<string[]> {
  const html = await (await guest.get("/archive")).text();
  return [...new Set([...html.matchAll(new RegExp(`href="(/archive/${month}(?:\\?page=\\d+)?)"`, "g"))].map((match) => match[1]!))];
}

test("a guest finds a new discussion on its month's last page, from the cache until the moderation hides it", async ({ baseURL }) => {
  const [writer, moderating] = await createMembers([{ firstName: "Archivarin" }, { role: "moderator" }]);
  const title = `Archivfund ${Date.now()}`;
  const author = await clientOf(writer);
  const created = await author.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "tools", content: "Wo finde ich alte Diskussionen?", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const path = `/discussion/${slugify(title)}`;
  const month = berlinDate(new Date()).slice(0, 7);
  const guest = await guestClient(baseURL!);

  // The footer of every page leads to the archive, which search engines follow but do not list.
  expect(await (await guest.get("/")).text()).toMatch(/<a[^>]+href="\/archive"[^>]*>Archiv<\/a>/);
  const archive = await guest.get("/archive");
  expect(archive.status()).toBe(200);
  const archiveHtml = await archive.text();
  expect(archiveHtml).toContain('<meta name="robots" content="noindex, follow"/>');
  expect(archiveHtml).toContain(`<link rel="canonical" href="${baseURL}/archive"/>`);
  expect(archiveHtml).toContain('"@type":"BreadcrumbList"');

  // Oldest first: the new discussion is on the month's last page (other tests may add a page meanwhile).
  const lastPage = async () => (await monthPages(guest, month)).at(-1)!;
  await expect.poll(async () => (await (await guest.get(await lastPage())).text()).includes(`href="${path}"`)).toBe(true);
  const page = await lastPage();
  // React marks where its text parts meet ("Tools<!-- --> · "): read as the browser shows it.
  const html = (await (await guest.get(page)).text()).replaceAll("<!-- -->", "");
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${page}"/>`);
  expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  expect(html).toMatch(new RegExp(`<a href="${path}"[^>]*>${title}</a><p>Tools · <time [^>]+>\\d{2}\\.\\d{2}\\.\\d{4}</time>`));
  await expect.poll(async () => (await guest.get(page)).headers()["x-page-cache"]).toBe("hit");

  const moderator = await clientOf(moderating);
  expect((await moderator.post(path, { form: { intent: "hide-discussion", reason: "Test" }, maxRedirects: 0 })).status()).toBe(302);
  await expect.poll(async () => (await (await guest.get(page)).text()).includes(`href="${path}"`)).toBe(false);

  for (const client of [guest, author, moderator]) await client.dispose();
});

test("what is no archive page answers 404, and page 1 has one address", async ({ baseURL }) => {
  const guest = await guestClient(baseURL!);
  const month = berlinDate(new Date()).slice(0, 7);
  for (const path of ["/archive/2026-13", "/archive/2026-3", "/archive/maerz-2026", "/archive/1999-01", `/archive/${month}?page=9999`]) {
    const response = await guest.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('<meta name="robots" content="noindex, follow"/>');
  }
  const first = await guest.get(`/archive/${month}?page=1`, { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers().location).toBe(`/archive/${month}`);
  await guest.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("home → Archiv → a month → a discussion: three clicks; no sideways scroll at 320 px", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Archiv", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/archive");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Archiv");
    await screenshotForReview(page, "archive", { fullPage: true });
    await noSidewaysScrollAt320(page);

    const monthLink = page.getByTestId("archive-months").getByRole("heading").getByRole("link").first();
    const monthName = await monthLink.textContent();
    await monthLink.click();
    await page.waitForURL((url) => /^\/archive\/\d{4}-\d{2}$/.test(url.pathname));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(monthName!);
    await screenshotForReview(page, "archive-month");
    await noSidewaysScrollAt320(page);

    const discussion = page.getByTestId("archive-discussions").getByRole("link").first();
    const discussionTitle = await discussion.textContent();
    await discussion.click();
    await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(discussionTitle!);
  });
});
