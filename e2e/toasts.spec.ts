import { expect, test } from "./fixtures";
import { signIn } from "./auth-helpers";

test("one toast at a time: a new message replaces the one on screen", async ({ page }) => {
  const toasts = page.locator("[data-sonner-toast]:not([data-removed='true'])");
  await signIn(page, "jonas.schulz@example.com", "falsches-passwort");
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText("Anmeldung fehlgeschlagen");


  await page.getByRole("button", { name: "Session zurücksetzen" }).click();
  await expect(toasts.filter({ hasText: "Session zurückgesetzt" })).toBeVisible();
  // The old error is gone, not stacked under the new message.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Anmeldung fehlgeschlagen" })).toHaveCount(0);
});
