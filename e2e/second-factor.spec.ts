import type { Page } from "@playwright/test";
import { expect, test, untilServerAnswers, waitForHydration } from "./fixtures";
import { appCode, appKeyIn, appKeyOf } from "./app-keys";
import { pageAs, signIn, signInOverHttp } from "./auth-helpers";
import { expectNoSidewaysScroll, screenshotForReview } from "./looks";
import { clientOf, createMember, createMembers } from "./members";

/** Staff powers need a second factor (decision 0050): enrolment, the code step, recovery codes, passkeys, the reset. */

const WRONG_CODE = "Der Code ist falsch oder abgelaufen. Bitte versuchen Sie es erneut.";

async function signOut(page: Page) {
  const answer = await page.request.post("/auth/sign-out", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
}

/** The page at a phone's and a desktop's width: no sideways scroll, no axe violation, a screenshot for review. */
async function lookAt(page: Page, checkA11y: () => Promise<void>, name: string) {
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await screenshotForReview(page, `${name}-${width}`, { fullPage: true });
  }
  await checkA11y();
}

test("an administrator without a factor sets up an app before the panel, then signs in with password and code or a recovery code once", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  const admin = await createMember({ role: "admin", withoutSecondFactor: true });
  await signInOverHttp(page, admin.email, admin.password);

  // The panel sends them to the enrolment page first, and back afterwards.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/second-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("heading", { name: "Zweiter Faktor", level: 1 })).toBeVisible();
  await expect(page.getByText("Für Administratoren und Moderatoren Pflicht")).toBeVisible();
  await waitForHydration(page);
  await lookAt(page, checkA11y, "second-factor-enrolment");

  await page.getByLabel("Ihr Passwort").fill(admin.password);
  await untilServerAnswers(page, () => page.getByRole("button", { name: "Einrichtung beginnen" }).click());
  // The answer is rendered by the client after the response: its key, then read from the page.
  await expect(page.getByTestId("app-key")).toBeVisible();
  const key = appKeyIn(await page.content());
  expect(key).toBeTruthy();
  const recoveryCodes = await page.getByTestId("recovery-codes").locator("li").allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await screenshotForReview(page, "second-factor-recovery-codes", { fullPage: true });

  await page.getByLabel("Code aus der App").fill(appCode(key!));
  await page.getByRole("button", { name: "Code bestätigen" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();

  // Signed out, the password alone no longer signs in: the code page follows.
  await signOut(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await expect(page.getByRole("heading", { name: "Bestätigung" })).toBeVisible();
  await waitForHydration(page);
  await lookAt(page, checkA11y, "second-factor-code");

  // A wrong code is refused in German, on the page.
  const right = appCode(key!);
  await page.getByLabel("Code").fill(right === "000000" ? "111111" : "000000");
  const refused = await untilServerAnswers(page, () => page.getByRole("button", { name: "Bestätigen" }).click());
  expect(refused.status()).toBe(401);
  await expect(page.getByText(WRONG_CODE)).toBeVisible();

  await page.getByLabel("Code").fill(appCode(key!));
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Willkommen zurück!")).toBeVisible();

  // A recovery code stands in for the app once, and only once.
  await signOut(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await page.getByLabel("Code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Bestätigen" }).click();
  await page.waitForURL((url) => url.pathname === "/");

  await signOut(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await page.getByLabel("Code").fill(recoveryCodes[0]!);
  await untilServerAnswers(page, () => page.getByRole("button", { name: "Bestätigen" }).click());
  await expect(page.getByText(WRONG_CODE)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/second-factor/);
});

test("a member adds a passkey through the browser's authenticator and signs in with it", async ({ page }) => {
  test.setTimeout(60_000);
  const member = await createMember();
  await signInOverHttp(page, member.email, member.password);
  // Chromium's virtual authenticator stands in for the device's fingerprint reader.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await page.goto("/second-factor");
  await waitForHydration(page);
  await expect(page.getByText("Für Administratoren und Moderatoren Pflicht")).toHaveCount(0);
  await page.getByRole("button", { name: "Passkey hinzufügen" }).click();
  await expect(page.getByText("Ein Passkey gespeichert.")).toBeVisible();

  // From now on the password alone is not enough; the passkey signs in.
  await signOut(page);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/auth\/second-factor/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Mit Passkey anmelden" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Willkommen zurück!")).toBeVisible();
});

test("without JavaScript the code forms work and the passkey says it needs a script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const member = await createMember();
  await signInOverHttp(page, member.email, member.password);
  await page.goto("/second-factor");
  await expect(page.getByTestId("passkey-needs-javascript")).toBeVisible();
  await page.getByLabel("Ihr Passwort").fill(member.password);
  await page.getByRole("button", { name: "Einrichtung beginnen" }).click();
  await expect(page.getByTestId("app-key")).toBeVisible();
  const key = appKeyIn(await page.content());
  expect(key).toBeTruthy();
  await page.getByLabel("Code aus der App").fill(appCode(key!));
  await page.getByRole("button", { name: "Code bestätigen" }).click();
  await expect(page.getByText("Ihr Konto ist mit einem zweiten Faktor geschützt")).toBeVisible();
  await context.close();
});

test("a moderator without a factor gets no /moderation; an administrator resets a lost factor, which ends the sessions and is logged", async ({
  browser,
}) => {
  const [unprotected, protectedOne] = await createMembers([{ role: "moderator", withoutSecondFactor: true }, { role: "moderator" }]);
  const moderator = await clientOf(unprotected);
  const queue = await moderator.get("/moderation", { maxRedirects: 0 });
  expect(queue.status()).toBe(302);
  expect(queue.headers().location).toBe("/second-factor?redirectTo=%2Fmoderation");
  expect(
    (
      await moderator.post("/moderation", { form: { intent: "decide", itemId: crypto.randomUUID(), decision: "keep" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);

  // The protected moderator's session reaches the queue, until an administrator resets the factor.
  expect(appKeyOf(protectedOne.email)).toBeTruthy();
  const protectedClient = await clientOf(protectedOne);
  expect((await protectedClient.get("/moderation", { maxRedirects: 0 })).status()).toBe(200);
  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin");
  await admin.getByRole("button", { name: `Zweiten Faktor von ${protectedOne.name} zurücksetzen` }).click();
  await expect(admin.getByText("Zweiter Faktor zurückgesetzt, alle Sitzungen beendet")).toBeVisible();
  await expect(admin.getByRole("button", { name: `Zweiten Faktor von ${protectedOne.name} zurücksetzen` })).toHaveCount(0);
  await expect(admin.getByRole("table").getByText("Zweiten Faktor zurückgesetzt").first()).toBeVisible();

  const after = await protectedClient.get("/moderation", { maxRedirects: 0 });
  expect(after.status()).toBe(302);
  expect(after.headers().location).toMatch(/^\/auth\?redirectTo=/);
  // Signing in again takes the password alone, and the queue waits for a new factor.
  const again = await protectedClient.post("/auth", {
    form: { intent: "sign-in", email: protectedOne.email, password: protectedOne.password },
    maxRedirects: 0,
  });
  expect(again.headers().location).toBe("/");
  expect((await protectedClient.get("/moderation", { maxRedirects: 0 })).headers().location).toBe(
    "/second-factor?redirectTo=%2Fmoderation",
  );
  for (const client of [moderator, protectedClient]) await client.dispose();
  await admin.context().close();
});
