import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

export const ADMIN = { email: "admin@example.com", password: "e2e-admin-passwort" };
/** Demo members (db/seed/demo-content.ts) share one password. */
export const DEMO_PASSWORD = "demo-passwort";

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
}

export async function signInAndExpectHome(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Willkommen zurück!")).toBeVisible();
}
