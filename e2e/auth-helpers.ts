import path from "node:path";
import type { APIRequestContext, APIResponse, Browser, Page } from "@playwright/test";
import { appCode, appKeyOf } from "./app-keys";
import { signUpGuard, type GetText } from "../scripts/lib/sign-up-form";
import { expect, testClientIp, waitForHydration } from "./fixtures";

export const ADMIN = { email: "admin@example.com", password: "e2e-admin-passwort" };
/** Demo members (db/seed/demo-content.ts) share one password. */
export const DEMO_PASSWORD = "demo-passwort";

/**
 * One signed-in session per role, made once by e2e/auth.setup.ts. Each is a
 * demo account that no test changes or signs out.
 */
export const ROLES = {
  admin: ADMIN,
  moderator: { email: "lena.hoffmann@example.com", password: DEMO_PASSWORD },
  member: { email: "sabine.koehler@example.com", password: DEMO_PASSWORD },
  pending: { email: "max.fuchs@example.com", password: DEMO_PASSWORD },
} as const;
export type Role = keyof typeof ROLES;

export function storageStateOf(role: Role): string {
  return path.resolve(".e2e-auth", `${role}.json`);
}

/** A browser page of its own (own cookies, own client IP), signed in as `role`, or a stranger's without one. */
export async function pageAs(browser: Browser, role?: Role): Promise<Page> {
  const context = await browser.newContext({
    ...(role ? { storageState: storageStateOf(role) } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  return context.newPage();
}

/** Signs in through the form, as a person would. */
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

/**
 * Signs in over the form's plain HTTP action: the session cookie lands in the
 * page's browser context. For tests whose subject is not the sign-in form.
 * A page is not greeted: the one-shot 'Willkommen zurück!' is dropped, as
 * auth.setup.ts does for the stored sessions. sonner keeps a toast while the
 * pointer rests on it, and on a phone it sits over the top bar's bell and
 * menu (a late greeting under a resting pointer never left). `greeted` keeps
 * it, for the toasts' own tests.
 */
export async function signInOverHttp(
  client: Page | APIRequestContext,
  email: string,
  password: string,
  { greeted = false }: { greeted?: boolean } = {},
) {
  const request = "request" in client ? client.request : client;
  const headers = { "X-Forwarded-For": testClientIp() };
  const response = await passSecondStep(
    request,
    await request.post("/auth", { form: { intent: "sign-in", email, password }, headers, maxRedirects: 0 }),
    email,
    headers,
  );
  expect(response.status(), `sign-in ${email}`).toBe(302);
  // The one-shot message's cookie, as the sign-in's answer names it (e2e/server.spec.ts reads it there too).
  if ("context" in client && !greeted) await client.context().clearCookies({ name: "forum_toast" });
  return response;
}

/**
 * After the password: an account with a second factor is sent to /auth/second-factor, where this sends the code its
 * authenticator app would show (e2e/app-keys.ts). Any other answer comes back as it is.
 */
export async function passSecondStep(
  request: APIRequestContext,
  response: APIResponse,
  email: string,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const location = response.headers().location ?? "";
  if (response.status() !== 302 || !location.startsWith("/auth/second-factor")) return response;
  const key = appKeyOf(email);
  if (!key) throw new Error(`no app key known for ${email}`);
  const redirectTo = new URL(location, "http://localhost").searchParams.get("redirectTo") ?? "/";
  return request.post("/auth/second-factor", { form: { code: appCode(key), redirectTo }, headers, maxRedirects: 0 });
}

/** `GetText` (scripts/lib/sign-up-form.ts) over Playwright's request context. */
export function requestText(request: APIRequestContext, headers: Record<string, string> = {}): GetText {
  return async (path) => {
    const response = await request.get(path, { headers });
    expect(response.status(), `GET ${path}`).toBe(200);
    return response.text();
  };
}

/**
 * Registers over plain HTTP (the form's action) and returns once the account exists, pending. It sends what a
 * browser with JavaScript sends: the page's stamp and a solved challenge. Sent at once, the sign-up is marked as
 * too fast for the administrator (decision 0031), as a person's would be.
 */
export async function signUpOverHttp(
  request: APIRequestContext,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  const headers = { "X-Forwarded-For": testClientIp() };
  const guard = await signUpGuard(requestText(request, headers));
  const response = await request.post("/auth", {
    form: { intent: "sign-up", ...person, confirmPassword: person.password, terms: "on", ...guard },
    headers,
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}
