import type { APIRequestContext, Page } from "@playwright/test";
import { slugify } from "../app/lib/slug";
import { expect, test } from "./fixtures";
import { atPhoneAndDesktopWidths, expectNoSidewaysScroll, screenshotForReview } from "./looks";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

/**
 * What is new, at a glance (decision 0041): the bell's panel with the newest notifications, the unread count
 * in the tab's title, the "Neu seit Ihrem letzten Besuch" line on a discussion and the marker of discussions
 * never opened. Each test makes its own members, so their counts are exact.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A discussion of the client's member; its path (the title must be unique: its slug is the path). */
async function startDiscussion(author: APIRequestContext, title: string): Promise<string> {
  const created = await author.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "general", content: "Was ist neu?", contentFormat: "text" },
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

test("the bell's panel looks right: axe in light and dark, no sideways scrolling at 320 and 375 px", async ({ page, visit, checkA11y }) => {
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
    await screenshotForReview(page, `bell-panel-${width}-light`);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
    if (width !== 375) await checkA11y({ colourOnly: true });
    await screenshotForReview(page, `bell-panel-${width}-dark`);
  }
  await Promise.all([author.dispose(), writer.dispose()]);
});

for (const [device, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 375, height: 667 }],
] as const) {
  test.describe(`what is new in a discussion, on the ${device}`, () => {
    test.use({ viewport });

    test("a discussion never opened is marked 'Neu' in the lists; after a second member comments, a line separates read from new comments", async ({
      page,
      visit,
      browser,
    }) => {
      test.setTimeout(120_000);
      const [starting, reading, answering] = await createMembers([
        { firstName: "Starterin" },
        { firstName: "Leser" },
        { firstName: "Antwortende" },
      ]);
      const starter = await clientOf(starting);
      const title = `Was ist neu ${unique()}`;
      const path = await startDiscussion(starter, title);
      const known = await commentOn(starter, path, "Ein Kommentar, den der Leser schon kennt");

      await signInOverHttp(page, reading.email, reading.password);
      await visit("/");
      await dismissCookieBanner(page);
      const row = page.locator("#aktuelle-diskussionen li").filter({ hasText: title });
      await expect(row.getByTestId("new-marker")).toBeVisible();
      await expect(row.getByTestId("new-marker")).toContainText("Neu, noch nicht geöffnet");
      await expect(row.getByTestId("unread-badge")).toHaveCount(0);
      await visit("/category/allgemein");
      await expect(page.getByTestId("discussion-card").filter({ hasText: title }).getByTestId("new-marker")).toBeVisible();

      // The first visit: nothing is "new since the last visit" yet, and the list's marker is gone.
      await visit(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId("new-since")).toHaveCount(0);
      await visit("/");
      await expect(row.getByTestId("new-marker")).toHaveCount(0);

      // A second member answers twice.
      const answerer = await clientOf(answering);
      const first = await commentOn(answerer, path, "Die erste neue Antwort");
      const second = await commentOn(answerer, path, "Die zweite neue Antwort");
      await expect(async () => {
        await visit("/");
        await expect(row.getByTestId("unread-badge")).toHaveText(/2 neu/, { timeout: 1_000 });
      }).toPass();

      await visit(path);
      const line = page.getByTestId("new-since");
      await expect(line).toHaveText("Neu seit Ihrem letzten Besuch");
      await expect(line).toBeVisible();
      // Read above the line, new below it, each new one marked.
      const order = await page.evaluate(
        ({ known, first, second }) => {
          const separator = document.querySelector("[data-testid='new-since']")!;
          const where = (id: string) => {
            const position = separator.compareDocumentPosition(document.getElementById(`comment-${id}`)!);
            return position & Node.DOCUMENT_POSITION_PRECEDING ? "above" : position & Node.DOCUMENT_POSITION_FOLLOWING ? "below" : "?";
          };
          return { known: where(known), first: where(first), second: where(second) };
        },
        { known, first, second },
      );
      expect(order).toEqual({ known: "above", first: "below", second: "below" });
      await expect(page.locator(`#comment-${first}`).getByTestId("new-marker")).toContainText("Neu seit Ihrem letzten Besuch");
      await expect(page.locator(`#comment-${second}`).getByTestId("new-marker")).toBeVisible();
      await expect(page.locator(`#comment-${known}`).getByTestId("new-marker")).toHaveCount(0);

      // A revalidation on the page ("Hilfreich") keeps the line while the member reads; the next visit has none.
      // The page's data is loaded again after the mark; by then everything on it counts as read.
      const revalidated = page.waitForResponse(
        (response) => response.request().method() === "GET" && new URL(response.url()).pathname === `${path}.data`,
      );
      await page
        .locator(`#comment-${first}`)
        .getByRole("button", { name: /hilfreich/ })
        .click();
      await expect(page.locator(`#comment-${first}`).getByRole("button", { name: /hilfreich/ })).toHaveAttribute("aria-pressed", "true");
      expect(await (await revalidated).text()).toContain("unreadHere");
      await expect(line).toBeVisible();
      await visit(path);
      await expect(page.getByTestId("new-since")).toHaveCount(0);

      // Guests: no line and no markers, in the lists or on the page.
      const guest = await browser.newContext();
      for (const target of ["/", path]) {
        const html = await (await guest.request.get(target)).text();
        expect(html).toContain(title);
        expect(html).not.toContain("new-since");
        expect(html).not.toContain("new-marker");
      }
      await guest.close();
      await Promise.all([starter.dispose(), answerer.dispose()]);
    });
  });
}

test("what is new looks right: axe in light and dark, no sideways scrolling at 320 px, screenshots", async ({ page, visit, checkA11y }) => {
  test.setTimeout(150_000);
  // A long name without a break point, as lists show it next to the marker.
  const [starting, reading] = await createMembers([
    { firstName: "Starterin", lastName: "MitEinemSehrLangenNachnamenOhneLeerzeichen" },
    { firstName: "Leserin" },
  ]);
  const starter = await clientOf(starting);
  const title = `Neu und ungelesen mit einem Titel, der auf dem Telefon umbricht ${unique()}`;
  const path = await startDiscussion(starter, title);
  await commentOn(starter, path, "Ein bekannter Kommentar");
  await signInOverHttp(page, reading.email, reading.password);
  await visit(path);
  await commentOn(starter, path, `Ein neuer Kommentar mit einer langen Adresse https://example.com/${"sehr-lange-adresse-".repeat(5)}`);
  // Another discussion, never opened: marked on home.
  await startDiscussion(starter, `Nie geöffnet ${unique()}`);
  for (const [name, target] of [
    ["discussion", path],
    ["home", "/"],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await visit(target);
    await dismissCookieBanner(page);
    const shot = name === "discussion" ? page.getByTestId("new-since") : page.getByTestId("new-marker").first();
    await expect(shot).toBeVisible();
    await checkA11y();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
    await checkA11y({ colourOnly: true });
    await atPhoneAndDesktopWidths(page, async (width, scheme) => {
      if (width === 320) await checkA11y({ colourOnly: true });
      await shot.scrollIntoViewIfNeeded();
      await screenshotForReview(page, `${name}-${width}-${scheme}`);
    });
  }
  await starter.dispose();
});
