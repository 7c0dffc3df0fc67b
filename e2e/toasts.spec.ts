import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, signIn, signInOverHttp } from "./auth-helpers";

test("one toast at a time: a new message replaces the one on screen", async ({ page }) => {
  // Toasts leaving the screen keep their element for a moment, marked data-removed.
  const toasts = page.locator("[data-sonner-toast]:not([data-removed='true'])");
  await signIn(page, "jonas.schulz@example.com", "falsches-passwort");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("Anmeldung fehlgeschlagen");

  // The pointer resting on the toast stops its clock: the error would stay until the next message replaces it.
  await toasts.hover();
  await page.getByRole("button", { name: "Session zurücksetzen" }).press("Enter");
  await expect(toasts.filter({ hasText: "Session zurückgesetzt" })).toBeVisible();
  await expect(toasts).toHaveCount(1);
  await expect(toasts.filter({ hasText: "Anmeldung fehlgeschlagen" })).toHaveCount(0);
});

test("the accessibility scan waits for a toast sent with the page, however late its code arrives", async ({ page, visit, checkA11y }) => {
  // The welcome toast travels with the first page after signing in; its code (sonner) loads on demand. A scan that
  // ran before it appeared could meet it half faded in mid-scan and judge its contrast (seen in CI on /admin/watch-list).
  await page.route(/\/assets\/sonner-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signInOverHttp(page, "jonas.schulz@example.com", DEMO_PASSWORD);
  await visit("/notifications");
  await checkA11y();
  // No waiting here: the scan itself must have waited until the toast was on screen.
  expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Willkommen zurück!" }).count()).toBe(1);
});
