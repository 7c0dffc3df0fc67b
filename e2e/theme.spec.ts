import type { Page } from "@playwright/test";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { storageStateOf } from "./auth-helpers";

// The dark theme: System / Hell / Dunkel in the footer and the user menu.

const DARK_BACKGROUND = "rgb(18, 18, 20)";
const LIGHT_BACKGROUND = "rgb(255, 255, 255)";

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const footerSwitch = (page: Page) => page.getByRole("contentinfo").getByRole("group", { name: "Farbschema" });

test("without JavaScript the footer's switch stores the theme and comes back to the same page, rendered dark", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    colorScheme: "light",
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  const page = await context.newPage();
  await page.goto("/members?q=Hoffmann");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  expect(await background(page)).toBe(LIGHT_BACKGROUND);
  await expect(footerSwitch(page).getByRole("button", { name: "System" })).toHaveAttribute("aria-pressed", "true");

  await footerSwitch(page).getByRole("button", { name: "Dunkel" }).click();
  await expect(page).toHaveURL(/\/members\?q=Hoffmann$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe(DARK_BACKGROUND);
  await expect(footerSwitch(page).getByRole("button", { name: "Dunkel" })).toHaveAttribute("aria-pressed", "true");
  expect((await context.cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");

  // "Hell" wins over a dark system, and survives the next page.
  await footerSwitch(page).getByRole("button", { name: "Hell" }).click();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/impressum");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(LIGHT_BACKGROUND);
  await context.close();
});

test("'System' follows the system's setting in CSS, with the same HTML for light and dark", async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await visit("/impressum");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  expect(await background(page)).toBe(DARK_BACKGROUND);
  await page.emulateMedia({ colorScheme: "light" });
  expect(await background(page)).toBe(LIGHT_BACKGROUND);
});

test("with JavaScript the page changes colour on the click, without leaving it, and keeps the choice", async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visit("/impressum");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  await footerSwitch(page).getByRole("button", { name: "Dunkel" }).click();
  expect(await background(page)).toBe(DARK_BACKGROUND);
  await expect(footerSwitch(page).getByRole("button", { name: "Dunkel" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  await page.reload();
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe(DARK_BACKGROUND);
});

test.describe("a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("switches the theme in the user menu", async ({ page, visit }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await visit("/");
    const menu = page.getByTestId("user-menu").first();
    await menu.locator("summary").click();
    await menu.getByRole("group", { name: "Farbschema" }).getByRole("button", { name: "Dunkel" }).click();
    expect(await background(page)).toBe(DARK_BACKGROUND);
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("dark");
    // The switch posts and comes back to this page: like any menu choice, that closes the menu.
    await expect(menu).not.toHaveAttribute("open");
    expect(await background(page)).toBe(DARK_BACKGROUND);
    await menu.locator("summary").click();
    await menu.getByRole("group", { name: "Farbschema" }).getByRole("button", { name: "System" }).click();
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "theme")?.value).toBe("system");
    expect(await background(page)).toBe(LIGHT_BACKGROUND);
  });
});

test("the guest page cache keeps a page rendered dark apart from the one for the system's setting", async ({ playwright, baseURL }) => {
  const dark = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: "theme=dark" } });
  const system = await playwright.request.newContext({ baseURL });
  // Ask until the dark page comes from the cache (other tests' writes empty it meanwhile).
  await expect.poll(async () => (await dark.get("/agb")).headers()["x-page-cache"]).toBe("hit");
  expect(await (await dark.get("/agb")).text()).toContain('data-theme="dark"');
  expect(await (await system.get("/agb")).text()).toContain('data-theme="system"');
  await dark.dispose();
  await system.dispose();
});

test("the theme route refuses an unknown theme and a redirect to another site", async ({ request }) => {
  const unknown = await request.post("/theme", { form: { theme: "neon", redirectTo: "/agb" }, maxRedirects: 0 });
  expect(unknown.status()).toBe(400);
  expect(unknown.headers()["set-cookie"]).toBeUndefined();

  const away = await request.post("/theme", { form: { theme: "dark", redirectTo: "//evil.example/" }, maxRedirects: 0 });
  expect(away.status()).toBe(302);
  expect(away.headers()["location"]).toBe("/");
  expect(away.headers()["set-cookie"]).toContain("theme=dark");

  const get = await request.get("/theme", { maxRedirects: 0 });
  expect(get.status()).toBe(302);
});
