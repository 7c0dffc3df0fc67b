import { expect, test } from "./fixtures";
import { signIn } from "./auth-helpers";

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
