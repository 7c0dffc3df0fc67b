import type { APIRequestContext, Page } from "@playwright/test";
import { slugify } from "../app/lib/slug";
import { expect, test } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

/**
 * What is new, at a glance (issue 30, item 7): the bell's panel with the newest notifications, the unread count
 * in the tab's title, the "Neu seit Ihrem letzten Besuch" line on a discussion and the marker of discussions
 * never opened. Each test makes its own members, so their counts are exact.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A discussion of the client's member; its path (the title must be unique: its slug is the path). */
async function startDiscussion(author: APIRequestContext, title: string): Promise<string> {
  const created = await author.post("/create-discussion", {
    form: { title, category: "general", content: "Was ist neu?", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status(), `create ${title}`).toBe(302);
  return `/discussion/${slugify(title)}`;
}

async function commentOn(writer: APIRequestContext, path: string, content: string): Promise<string> {
  const answer = await writer.post(path, { form: { intent: "create-comment", content }, maxRedirects: 0 });
  expect(answer.status(), `comment on ${path}`).toBe(302);
  return /#comment-([0-9a-f-]{36})/.exec(answer.headers().location ?? "")![1]!;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function dismissCookieBanner(page: Page) {
  const banner = page.getByTestId("cookie-banner");
  if (await banner.isVisible()) await banner.getByRole("button", { name: "Nur notwendige" }).click();
}

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 375, height: 667 }],
] as const) {
  test.describe(`the bell on the ${device}`, () => {
    test.use({ viewport });

    test("opens a panel of the newest notifications; the tab's title carries the count and follows it live", async ({
      page,
      visit,
      browser,
    }) => {
      test.setTimeout(120_000);
      const [asking, answering] = await createMembers([{ firstName: "Fragende" }, { firstName: "Antwortender" }]);
      const author = await clientOf(asking);
      const titles = [`Glocke eins ${unique()}`, `Glocke zwei ${unique()}`];
      const paths = [await startDiscussion(author, titles[0]!), await startDiscussion(author, titles[1]!)];
      const writer = await clientOf(answering);
      await commentOn(writer, paths[0]!, "Die erste Antwort");

      await signInOverHttp(page, asking.email, asking.password);
      await visit("/search");
      await dismissCookieBanner(page);
      const bell = page.getByTestId("notification-bell");
      await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");
      await expect(page).toHaveTitle(/^\(1\) Suche \| Marketing Community/);

      // A second answer elsewhere: count and title change without a reload.
      const second = await commentOn(writer, paths[1]!, "Die zweite Antwort");
      await expect(page.getByTestId("notification-count")).toHaveText("2", { timeout: 10_000 });
      await expect(page).toHaveTitle(/^\(2\) Suche \| Marketing Community/);

      // The panel: a labelled dialog, newest first, each marked unread; Escape closes it and the bell has the focus again.
      await expect(bell).toHaveAttribute("aria-expanded", "false");
      await bell.click();
      const panel = page.getByRole("dialog", { name: "Benachrichtigungen" });
      await expect(panel).toBeVisible();
      await expect(bell).toHaveAttribute("aria-expanded", "true");
      const entries = panel.getByTestId("bell-notification");
      await expect(entries).toHaveCount(2);
      await expect(entries.first()).toContainText(`hat auf Ihre Diskussion „${titles[1]}“ geantwortet`);
      await expect(entries.first()).toContainText("ungelesen");
      await expect(entries.nth(1)).toContainText(titles[0]!);
      await expect(panel.getByRole("link", { name: "Alle anzeigen" })).toHaveAttribute("href", "/notifications");
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();

      // By keyboard: open, move into the entries, open the newest: it is read on the way, and the comment is shown.
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await expect(entries).toHaveCount(2);
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("button", { name: "Alle als gelesen markieren" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(entries.first().getByRole("button")).toBeFocused();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === paths[1] && url.hash === `#comment-${second}`);
      await expect(panel).toBeHidden();
      await expect(page.getByTestId("notification-count")).toHaveText("1");
      await expect(page).toHaveTitle(new RegExp(`^\\(1\\) ${titles[1]}`));

      // "Alle als gelesen markieren" in the panel stays on the page; the count leaves the title.
      await bell.click();
      await expect(entries.first()).toHaveAttribute("data-read", "true");
      await panel.getByRole("button", { name: "Alle als gelesen markieren" }).click();
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(entries.nth(1)).toHaveAttribute("data-read", "true");
      await expect(panel.getByRole("button", { name: "Alle als gelesen markieren" })).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(paths[1]);
      await expect(page).toHaveTitle(new RegExp(`^${titles[1]}`));
      // A click outside closes it (low on the left: on a phone the panel is as wide as the screen).
      await page.mouse.click(8, viewport.height - 8);
      await expect(panel).toBeHidden();

      // Without JavaScript the bell is the link to the list it always was.
      const plain = await browser.newContext({ javaScriptEnabled: false, viewport });
      const plainPage = await plain.newPage();
      await signInOverHttp(plainPage, asking.email, asking.password);
      await plainPage.goto("/search");
      await expect(plainPage.getByRole("link", { name: "Benachrichtigungen, keine ungelesen" })).toHaveAttribute("href", "/notifications");
      await plain.close();
      await Promise.all([author.dispose(), writer.dispose()]);
    });
  });
}

test("the bell's panel looks right: axe in light and dark, no sideways scrolling at 320 and 375 px", async ({
  page,
  visit,
  checkA11y,
}, testInfo) => {
  test.setTimeout(120_000);
  const [asking, answering] = await createMembers([
    { firstName: "Fragende", lastName: "MitEinemSehrLangenNachnamenOhneLeerzeichen" },
    { firstName: "Antwortender" },
  ]);
  const author = await clientOf(asking);
  const writer = await clientOf(answering);
  const path = await startDiscussion(author, `Eine Frage mit einem recht langen Titel, der umbrechen muss ${unique()}`);
  await commentOn(writer, path, "Eine Antwort");
  await signInOverHttp(page, asking.email, asking.password);
  await visit("/search");
  await dismissCookieBanner(page);
  const panel = page.getByRole("dialog", { name: "Benachrichtigungen" });
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.emulateMedia({ colorScheme: "light" });
    if (!(await panel.isVisible())) await page.getByTestId("notification-bell").click();
    await expect(panel.getByTestId("bell-notification")).toHaveCount(1);
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    await expectNoSidewaysScroll(page);
    const box = (await panel.boundingBox())!;
    expect(box.x, "panel inside the screen").toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, "panel inside the screen").toBeLessThanOrEqual(width);
    // The whole scan once; the colours again in dark, and on the narrowest screen in both.
    if (width === 1280) await checkA11y();
    else if (width === 320) await checkA11y({ colourOnly: true });
    await page.screenshot({ path: testInfo.outputPath(`bell-panel-${width}-light.png`) });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
    if (width !== 375) await checkA11y({ colourOnly: true });
    await page.screenshot({ path: testInfo.outputPath(`bell-panel-${width}-dark.png`) });
  }
  await Promise.all([author.dispose(), writer.dispose()]);
});
