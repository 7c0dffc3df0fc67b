import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { createMember } from "./members";
import { screenshotForReview } from "./looks";

const KEYS = ["cookie-consent", "cookie-essential", "cookie-analytics", "cookie-marketing"] as const;

async function stored(page: Page) {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...KEYS]);
}

test("the banner shows until a choice is made; 'Nur notwendige' is remembered", async ({ page, visit }) => {
  await visit("/");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-cookie-consent", "missing");
  await banner.getByRole("button", { name: "Nur notwendige" }).click();
  await expect(banner).toBeHidden();
  expect(await stored(page)).toEqual({
    "cookie-consent": "true",
    "cookie-essential": "true",
    "cookie-analytics": "false",
    "cookie-marketing": "false",
  });

  // No flash after a reload: the banner is not in the server HTML and never appears. The page itself notes
  // any moment it was in the DOM, so the answer is read in the page's own order of events.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="cookie-banner"]')) Object.assign(window, { __bannerSeen: true });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  // The provider has read the stored choice and rendered by it: a banner would have been in the DOM by then.
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-cookie-consent", /^(given|missing)$/);
  expect(await html.getAttribute("data-cookie-consent")).toBe("given");
  expect(await page.evaluate(() => (window as unknown as { __bannerSeen?: boolean }).__bannerSeen ?? false)).toBe(false);
});

test("custom settings are saved, survive a reload, and reset brings the banner back", async ({ page, visit }) => {
  await visit("/");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Einstellungen" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Notwendige Cookies" })).toBeDisabled();
  await expect(dialog.getByRole("switch", { name: "Notwendige Cookies" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Analyse-Cookies" }).click();
  await dialog.getByRole("button", { name: "Auswahl speichern" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  expect(await stored(page)).toMatchObject({ "cookie-consent": "true", "cookie-analytics": "true", "cookie-marketing": "false" });

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("cookie-banner")).toBeHidden();
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie-Einstellungen" }).click();
  await expect(dialog.getByRole("switch", { name: "Analyse-Cookies" })).toBeChecked();
  await expect(dialog.getByRole("switch", { name: "Marketing-Cookies" })).not.toBeChecked();

  await dialog.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  expect(await stored(page)).toEqual({
    "cookie-consent": null,
    "cookie-essential": null,
    "cookie-analytics": null,
    "cookie-marketing": null,
  });

  await page.getByTestId("cookie-banner").getByRole("button", { name: "Alle akzeptieren" }).click();
  expect(await stored(page)).toMatchObject({ "cookie-analytics": "true", "cookie-marketing": "true" });
});

test.describe("on a phone (375 × 667)", () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test("the banner is a slim bar at the bottom, reaches its choices and the privacy page, and stays under the navigation sheet", async ({
    page,
    visit,
    checkA11y,
  }) => {
    await visit("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    expect(box.height, "banner height").toBeLessThanOrEqual(667 * 0.25);
    expect(box.y + box.height).toBeCloseTo(667, 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const name of ["Einstellungen", "Nur notwendige", "Alle akzeptieren"]) {
      await expect(banner.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(banner.getByRole("link")).toHaveAttribute("href", "/datenschutz");
    await checkA11y();

    // The navigation sheet's overlay lies over the banner: a tap there closes the sheet, it does not hit a banner button.
    await page.getByRole("button", { name: "Seitenleiste umschalten" }).click();
    await expect(page.getByTestId("mobile-sidebar")).toBeVisible();
    const onTop = () =>
      page.evaluate(
        ({ x, y }) => {
          const element = document.elementFromPoint(x, y);
          return { slot: element?.getAttribute("data-slot"), inBanner: Boolean(element?.closest("[data-testid=cookie-banner]")) };
        },
        { x: 375 - 12, y: box.y + box.height / 2 },
      );
    expect(await onTop()).toEqual({ slot: "sheet-overlay", inBanner: false });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("mobile-sidebar")).toBeHidden();

    // So does the settings dialog's, opened from the banner's own link.
    await banner.getByRole("button", { name: "Einstellungen" }).click();
    await expect(page.getByRole("dialog", { name: "Cookie-Einstellungen" })).toBeVisible();
    expect((await onTop()).inBanner).toBe(false);
  });
});

test.describe("on the smallest phone (320 × 568)", () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });

  /** What lies on top at a point of the banner: its own control, or an overlay over it. */
  function onTop(page: Page, point: { x: number; y: number }) {
    return page.evaluate(({ x, y }) => {
      const element = document.elementFromPoint(x, y);
      return { slot: element?.getAttribute("data-slot") ?? null, inBanner: Boolean(element?.closest("[data-testid=cookie-banner]")) };
    }, point);
  }

  // Both ways the banner reaches a page (decision 0036): a guest's reading page shows the template by its script,
  // a member's page renders it with React. The markup is one component; each side is checked.
  for (const visitor of ["guest", "member"] as const) {
    test(`${visitor}: the banner is a slim bar under the dialogs' overlays`, async ({ page, visit }) => {
      if (visitor === "member") {
        const member = await createMember({ firstName: "Kekse" });
        await signInOverHttp(page, member.email, member.password);
      }
      await visit("/");
      await expect(page.locator("html")).toHaveAttribute(visitor === "guest" ? "data-enhanced" : "data-hydrated", /.+/);
      const banner = page.getByTestId("cookie-banner");
      await expect(banner).toBeVisible();
      const box = (await banner.boundingBox())!;
      expect(box.height, "banner height").toBeLessThanOrEqual(568 * 0.25);
      expect(box.y + box.height).toBeCloseTo(568, 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      for (const name of ["Einstellungen", "Nur notwendige", "Alle akzeptieren"]) {
        await expect(banner.getByRole("button", { name, exact: true })).toBeVisible();
      }
      await screenshotForReview(page, `cookie-bar-${visitor}-320`);
      const point = { x: 320 - 12, y: box.y + box.height / 2 };
      expect(await onTop(page, point)).toMatchObject({ inBanner: true });

      // The navigation sheet's overlay covers it.
      await page.getByTestId("sidebar-toggle").click();
      await expect(page.getByTestId("mobile-sidebar")).toBeVisible();
      expect(await onTop(page, point)).toEqual({ slot: "sheet-overlay", inBanner: false });
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("mobile-sidebar")).toBeHidden();

      // So does the settings dialog's backdrop.
      await banner.getByRole("button", { name: "Einstellungen" }).click();
      await expect(page.getByRole("dialog", { name: "Cookie-Einstellungen" })).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      expect((await onTop(page, point)).inBanner).toBe(false);
      await screenshotForReview(page, `cookie-bar-${visitor}-320-dialog`);
    });
  }
});

test("the cookie bar at 375 px and on the desktop (screenshots)", async ({ page, visit }) => {
  for (const [width, height] of [
    [375, 667],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await visit("/");
    const banner = page.getByTestId("cookie-banner");
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    // A bar on phones (it was 40 % of a phone's screen as a card); from 768 px on the card in the corner.
    expect(box.height * box.width, "area of the banner").toBeLessThanOrEqual(width * height * 0.2);
    await screenshotForReview(page, `cookie-bar-${width}`);
  }
});
