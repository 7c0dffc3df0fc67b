import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMember, profilePathOf } from "./members";
import { createDiscussion } from "./seo-helpers";

/**
 * The service worker (decision 0061): a member's discussions read offline, any other page is the German offline
 * page; a guest never loads the worker. The worker is built by `npm run build` (scripts/lib/service-worker.ts).
 */

/** Waits until the page is controlled by the worker: registered, installed with its shell, and claiming the page. */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Whether the worker has kept a copy of the page at `path` (it keeps it after answering, in the background). */
function keptCopy(page: Page, path: string) {
  return page.evaluate(async (url) => (await caches.match(url)) !== undefined, new URL(path, page.url()).href);
}

test("a member reads the discussions they opened offline; any other page is the German offline page", async ({
  page,
  visit,
  allowConsoleError,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  const member = await createMember({ firstName: "Offline" });
  const author = await clientOf(member);
  const stamp = `${Date.now()} ${Math.floor(Math.random() * 1e6)}`;
  const opened = await createDiscussion(author, `Offline gelesen ${stamp}`);
  const found = await createDiscussion(author, `Offline gefunden ${stamp}`);
  const unopened = await createDiscussion(author, `Offline ungelesen ${stamp}`);
  await author.dispose();

  await signInOverHttp(page, member.email, member.password);
  await visit("/");
  await controlledByWorker(page);

  // One discussion opened as a document, one through the app (from the member's profile: the app loads it as data).
  await visit(opened);
  await visit(await profilePathOf(member));
  await page
    .getByRole("region", { name: /^Diskussionen von/ })
    .getByRole("link", { name: `Offline gefunden ${stamp}` })
    .click();
  await page.waitForURL((url) => url.pathname === found);
  await expect(page.getByRole("heading", { level: 1, name: `Offline gefunden ${stamp}` })).toBeVisible();
  await expect.poll(() => keptCopy(page, opened)).toBe(true);
  await expect.poll(() => keptCopy(page, found)).toBe(true);
  expect(await keptCopy(page, unopened)).toBe(false);

  // Offline the page's live stream, view count and the like fail, as they would without the worker.
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED/);
  await page.context().setOffline(true);

  // A link in the app to a page that is not kept: the app loads it as a document, which the worker answers.
  await page.getByTestId("sidebar").getByRole("link", { name: "Mitglieder" }).click();
  await page.waitForURL((url) => url.pathname === "/members");
  await expect(page.getByRole("heading", { level: 1, name: "Sie sind offline" })).toBeVisible();
  const kept = page.getByRole("region", { name: "Offline lesbar" });
  await expect(kept.getByRole("link")).toHaveText([`Offline gefunden ${stamp}`, `Offline gelesen ${stamp}`]);
  await checkA11y();

  // A kept discussion reads, with its post, and says that it is the stored copy.
  await kept.getByRole("link", { name: `Offline gelesen ${stamp}` }).click();
  await page.waitForURL((url) => url.pathname === opened);
  await expect(page.getByRole("heading", { level: 1, name: `Offline gelesen ${stamp}` })).toBeVisible();
  await expect(page.getByText(`Beitrag: Offline gelesen ${stamp}`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Sie sind offline. Sie lesen die Fassung vom" })).toBeVisible();
  await checkA11y();
  // The guest's copy: nothing of the member's own page was stored.
  await expect(page.getByText(member.name)).toHaveCount(0);

  await page.goto(found);
  await expect(page.getByText(`Beitrag: Offline gefunden ${stamp}`)).toBeVisible();

  // The discussion never opened is not on the device.
  await page.goto(unopened);
  await expect(page.getByRole("heading", { level: 1, name: "Sie sind offline" })).toBeVisible();
  await expect(page.getByText(`Beitrag: Offline ungelesen ${stamp}`)).toHaveCount(0);

  // The member's theme holds offline too (the theme cookie, read by the worker).
  await page.context().addCookies([{ name: "theme", value: "dark", domain: new URL(page.url()).hostname, path: "/" }]);
  await page.goto(unopened);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await checkA11y({ colourOnly: true });

  // Back online, the pages come from the server again.
  await page.context().setOffline(false);
  await visit(unopened);
  await expect(page.getByText(`Beitrag: Offline ungelesen ${stamp}`)).toBeVisible();
});

test("signing out removes the worker and everything it kept", async ({ page, visit }) => {
  const member = await createMember({ firstName: "Abmeldend" });
  await signInOverHttp(page, member.email, member.password);
  await visit("/");
  await controlledByWorker(page);
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("forum-")).length))
    .toBeGreaterThan(0);

  const menu = page.getByTestId("sidebar").getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("forum-")).length)).toBe(0);
});

test("a guest's first visit loads no service worker", async ({ page, visit }) => {
  const requested: string[] = [];
  page.context().on("request", (request) => requested.push(new URL(request.url()).pathname));
  const discussion = /href="(\/discussion\/[^"#?]+)"/.exec(await (await page.request.get("/subforum/seo")).text())?.[1];
  expect(discussion).toBeDefined();
  for (const path of ["/", discussion!]) {
    await visit(path);
    // The enhancement script is the page's only script (decision 0036).
    expect(await page.locator("script[src]").evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src")))).toEqual([
      expect.stringMatching(/^\/assets\/guest-[\w-]+\.js$/),
    ]);
  }
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(requested).not.toContain("/sw.js");
});

test("the worker's script is asked for again on every check, and the manifest makes the forum installable", async ({ request }) => {
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as {
    id: string;
    start_url: string;
    scope: string;
    display: string;
    lang: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
    screenshots: Array<{ src: string; sizes: string; form_factor: string }>;
  };
  expect(body).toMatchObject({ id: "/", start_url: "/", scope: "/", display: "standalone", lang: "de-DE" });
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  expect(body.screenshots.map((shot) => shot.form_factor)).toEqual(["narrow", "wide"]);
  // Each picture is there, a PNG of the size the manifest says (width and height from its IHDR chunk).
  for (const picture of [...body.icons, ...body.screenshots]) {
    const response = await request.get(picture.src);
    expect(response.headers()["content-type"], picture.src).toBe("image/png");
    const png = await response.body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, picture.src).toBe(picture.sizes);
  }
});
