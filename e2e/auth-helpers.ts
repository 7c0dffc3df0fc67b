import type { APIRequestContext, Page } from "@playwright/test";
import { expect, testClientIp, waitForHydration } from "./fixtures";

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

/** Registers over plain HTTP (the form's action) and returns once the account exists, pending. */
export async function signUpOverHttp(request: APIRequestContext, person: { firstName: string; lastName: string; email: string; password: string }) {
  const response = await request.post("/auth", {
    form: { intent: "sign-up", ...person, confirmPassword: person.password, terms: "on" },
    headers: { "X-Forwarded-For": testClientIp() },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}
