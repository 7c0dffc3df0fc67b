import type { Page } from "@playwright/test";
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
  await page.screenshot({ path: test.info().outputPath(`${shot}-light.png`) });
  await page.emulateMedia({ colorScheme: "dark" });
  await checkA11y({ colourOnly: true });
  await page.screenshot({ path: test.info().outputPath(`${shot}-dark.png`) });
  await page.emulateMedia({ colorScheme: "light" });
}
