import type { Page, Request } from "@playwright/test";
import { axeViolations, expect, test, testClientIp, WCAG_TAGS, waitForHydration } from "./fixtures";
import { MIN_FILL_SECONDS, signUpGuardFields } from "../app/lib/sign-up-guard";
import { pageAs } from "./auth-helpers";

/**
 * Bot sign-ups (decision 0031): a person signs up as before, with JavaScript
 * (the browser solves the proof-of-work challenge) and without (the sign-up is
 * marked for the administrator). Every request of the sign-up page goes to the
 * forum itself, and the widget's code loads nowhere else.
 */

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function fillSignUp(page: Page, person: { firstName: string; lastName: string; email: string; password: string }) {
  await page.getByLabel("Vorname").fill(person.firstName);
  await page.getByLabel("Nachname").fill(person.lastName);
  await page.getByLabel("E-Mail").fill(person.email);
  await page.getByLabel("Passwort", { exact: true }).fill(person.password);
  await page.getByLabel("Passwort bestätigen").fill(person.password);
  await page.getByLabel(/Ich akzeptiere die/).check();
}

/** The administrator's approval list, as the demo admin sees it: the row of one sign-up. */
async function approvalRow(page: Page, email: string) {
  await page.goto("/admin");
  await waitForHydration(page);
  return page.getByTestId("pending-member").filter({ hasText: email });
}

/** The solved proof in the form's hidden field, decoded: how long the browser worked on it. */
async function proofOf(page: Page): Promise<{ counter: number; time: number }> {
  const value = await page.locator('input[type="hidden"][name="altcha"]').inputValue();
  return (JSON.parse(Buffer.from(value, "base64").toString()) as { solution: { counter: number; time: number } }).solution;
}

test("with JavaScript the browser solves the challenge, asks only the forum, and the sign-up is not marked", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const requests: Request[] = [];
  page.context().on("request", (request) => requests.push(request));
  // Anything the Content Security Policy blocks (a worker from blob:, a style, a fetch) is recorded here.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      // zod probes once whether it may compile its checks with `new Function` and goes on without: every form page has it.
      if (event.blockedURI === "eval" && /\/assets\/schemas-[^/]+\.js$/.test(event.sourceFile)) return;
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  const id = unique();
  const person = { firstName: "Jana", lastName: `Mitskript${id}`, email: `jana.${id}@example.com`, password: "jana-passwort" };

  await page.goto("/auth?tab=register");
  await waitForHydration(page);
  const widget = page.locator("altcha-widget");
  await expect(widget.getByText("Geprüft", { exact: true })).toBeVisible();
  // A solution the browser worked out (how long it takes: `npm run bench:proof-of-work`).
  expect((await proofOf(page)).counter).toBeGreaterThan(0);
  // The challenge was fetched and solved in workers, and the policy (worker-src falls back to 'self') refused nothing.
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);

  await fillSignUp(page, person);
  // A person takes longer than the form's minimum fill time; Playwright does not. The server reads the time from
  // the page's stamp, issued when the page was rendered: the form goes once the stamp is old enough.
  const issuedAt = parseInt((await page.locator(`input[name="${signUpGuardFields.stamp}"]`).inputValue()).split(".")[0]!, 36);
  await page.waitForTimeout(Math.max(0, issuedAt + MIN_FILL_SECONDS * 1_000 + 100 - Date.now()));
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/email-confirmation");

  // Every request the sign-up page made went to the forum: the page, its scripts and styles, the challenge, the worker.
  const origin = new URL(page.url()).origin;
  const urls = requests.map((request) => request.url());
  expect(urls.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin)).toEqual([]);
  expect(urls.some((url) => new URL(url).pathname === "/auth/challenge")).toBe(true);
  expect(urls.some((url) => /\/assets\/pbkdf2-[^/]+\.js$/.test(url))).toBe(true);

  const admin = await pageAs(browser, "admin");
  const row = await approvalRow(admin, person.email);
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Automatisiert?")).toHaveCount(0);
  await admin.context().close();
});

test("without JavaScript a person signs up too, and the administrator sees it marked with the reason", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  const id = unique();
  const person = { firstName: "Olaf", lastName: `Ohneskript${id}`, email: `olaf.${id}@example.com`, password: "olaf-passwort" };
  const response = await page.goto("/auth?tab=register");
  expect(response?.status()).toBe(200);
  // No widget without JavaScript; the honeypot is there, out of sight.
  await expect(page.locator("altcha-widget")).toHaveCount(0);
  await expect(page.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await expect(page.locator('input[name="website"]')).not.toBeInViewport();
  await fillSignUp(page, person);
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/email-confirmation");
  await context.close();

  const admin = await pageAs(browser, "admin");
  const row = await approvalRow(admin, person.email);
  await expect(row.getByText("Automatisiert?")).toBeVisible();
  await expect(row).toContainText("Wirkte automatisiert: Ohne Spamschutz-Rechenaufgabe gesendet (kein JavaScript oder ein Skript)");
  // The marks read well in both themes (the pending list with this one among them; the whole panel: e2e/accessibility.spec.ts).
  for (const colorScheme of ["light", "dark"] as const) {
    await admin.emulateMedia({ colorScheme });
    const violations = await axeViolations(admin, { runOnly: { type: "tag", values: WCAG_TAGS } }, '[data-testid="pending-member"]');
    expect(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      colorScheme,
    ).toEqual([]);
  }
  await admin.context().close();
});

test("the widget's code loads only with the sign-up form", async ({ page, visit }) => {
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(request.url()));
  for (const path of ["/", "/auth", "/auth?mode=magic-link"]) await visit(path);
  expect(scripts.filter((url) => /proof-of-work|pbkdf2|\/auth\/challenge/.test(url))).toEqual([]);
  await page.getByRole("link", { name: "Registrieren" }).click();
  await expect(page.locator("altcha-widget").getByText("Geprüft", { exact: true })).toBeVisible();
  expect(scripts.some((url) => /\/assets\/proof-of-work-[^/]+\.js$/.test(url))).toBe(true);
});
