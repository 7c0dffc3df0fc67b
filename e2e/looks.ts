import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The page at 320 px is no wider than the window; the viewport goes back to what it was. */
export async function noSidewaysScrollAt320(page: Page) {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(320);
  await page.setViewportSize(before);
}

/** Both themes of the page as it is: light, then dark from the system's preference (the colours only). */
export async function scanBothThemes(page: Page, checkA11y: (options?: { colourOnly?: boolean }) => Promise<void>, shot: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await checkA11y();
  await screenshotForReview(page, `${shot}-light`);
  await page.emulateMedia({ colorScheme: "dark" });
  await checkA11y({ colourOnly: true });
  await screenshotForReview(page, `${shot}-dark`);
  await page.emulateMedia({ colorScheme: "light" });
}

/** No sideways scrolling at the current width; after a resize the layout settles first (the sidebar follows the width in a frame or two). */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${page.url()}`)
    .toBeLessThanOrEqual(0);
}

/**
 * 320 and 375 px phones and a 1280 px desktop: no sideways scrolling at any, then `look` in light and in dark
 * once the theme change's colour transitions have settled (screenshots, colour scans).
 */
export async function atPhoneAndDesktopWidths(page: Page, look: (width: number, scheme: "light" | "dark") => Promise<void>) {
  for (const width of [320, 375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
      await look(width, scheme);
    }
  }
}

/**
 * A screenshot for a person to look at, in the test's output folder. CI takes none: nothing compares them, and a
 * full-page one costs the browser a quarter of a second.
 */
export async function screenshotForReview(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI) return;
  await target.screenshot({ path: test.info().outputPath(`${name}.png`), ...options });
}
