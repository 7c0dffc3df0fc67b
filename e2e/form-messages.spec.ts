import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { storageStateOf, type Role } from "./auth-helpers";

/**
 * Every form speaks German, whatever the browser's language: no form leaves a
 * check to the browser (its bubble would say "Please fill out this field."),
 * so an empty field reaches our validation and its German text.
 */

/** Forms the browser would validate itself: not noValidate, with a field that has a constraint. */
function formsLeftToTheBrowser(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.forms]
      .filter(
        (form) =>
          !form.noValidate &&
          [...form.elements].some((element) => {
            const field = element as HTMLInputElement;
            return (
              field.willValidate && (field.required || field.hasAttribute("pattern") || ["email", "url", "number"].includes(field.type))
            );
          }),
      )
      .map((form) => form.getAttribute("action") ?? form.className),
  );
}

async function englishPage(browser: Browser, role: Role, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: "en-US",
    storageState: storageStateOf(role),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp(), "Accept-Language": "en-US,en;q=0.9" },
    ...options,
  });
  return context.newPage();
}

async function someDiscussion(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  return html.match(/href="(\/discussion\/[^"?#]+)"/)![1]!;
}

test("an English browser: empty comment, first name and moderation reason get our German text, not the browser's bubble", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const member = await englishPage(browser, "member");
  expect(await member.evaluate(() => navigator.language)).toBe("en-US");
  const discussion = await someDiscussion(member);

  await member.goto(discussion);
  await waitForHydration(member);
  expect(await formsLeftToTheBrowser(member)).toEqual([]);
  await member.getByRole("button", { name: "Kommentar senden" }).click();
  // Beside the field (a toast may say it too).
  await expect(member.locator("#main").getByText("Bitte geben Sie einen Kommentar ein.")).toBeVisible();

  // The user menu leads to the profile, and closes behind it.
  const sidebar = member.getByTestId("sidebar");
  await sidebar.getByTestId("user-menu").locator("summary").click();
  await sidebar.getByRole("link", { name: "Profil" }).click();
  await member.waitForURL(/\/profile\//);
  await expect(sidebar.getByTestId("user-menu")).not.toHaveAttribute("open");

  await member.getByRole("link", { name: "Profil bearbeiten" }).click();
  const dialog = member.getByRole("dialog", { name: "Profil bearbeiten" });
  await expect(dialog).toBeVisible();
  expect(await formsLeftToTheBrowser(member)).toEqual([]);
  // The avatar picker is a German button with the chosen file's name beside it.
  await expect(dialog.getByText("Bild auswählen")).toBeVisible();
  await expect(dialog.getByText("Keine Datei ausgewählt")).toBeVisible();
  await dialog
    .getByLabel("Bild auswählen")
    .setInputFiles({ name: "mein-foto.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") });
  await expect(dialog.getByText("mein-foto.png")).toBeVisible();
  await expect(dialog.getByText("Keine Datei ausgewählt")).toBeHidden();
  await dialog.getByLabel("Vorname").fill("");
  await dialog.getByRole("button", { name: "Speichern" }).click();
  await expect(dialog.getByText("Bitte geben Sie Ihren Vornamen ein.")).toBeVisible();
  await member.context().close();

  const moderator = await englishPage(browser, "moderator");
  await moderator.goto(discussion);
  await waitForHydration(moderator);
  expect(await formsLeftToTheBrowser(moderator)).toEqual([]);
  await moderator.locator('details:has(input[name="intent"][value="hide-discussion"]) > summary').click();
  await moderator.getByRole("button", { name: "Diskussion ausblenden" }).click();
  await expect(moderator.getByText("Bitte geben Sie einen Grund an.")).toBeVisible();
  await expect(moderator.getByText("Bitte geben Sie einen Grund an.")).toHaveCount(1);
  await expect(moderator.getByText("Diskussion ausgeblendet")).toHaveCount(0);
  await moderator.context().close();
});

test("an English browser without JavaScript: an empty comment still gets the German text", async ({ browser }) => {
  const page = await englishPage(browser, "member", { javaScriptEnabled: false });
  await page.goto(await someDiscussion(page));
  expect(await formsLeftToTheBrowser(page)).toEqual([]);
  await page.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(page.getByText("Bitte geben Sie einen Kommentar ein.")).toBeVisible();
  await page.context().close();
});

test("the sign-in and sign-up forms leave no check to the browser, before and after hydration", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "en-US",
    javaScriptEnabled: false,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  const page = await context.newPage();
  for (const path of ["/auth", "/auth?tab=register", "/auth?mode=forgot-password", "/auth?mode=magic-link"]) {
    await page.goto(path);
    expect(await formsLeftToTheBrowser(page), path).toEqual([]);
  }
  await page.getByLabel("E-Mail").fill("keine-adresse");
  await page
    .getByRole("button", { name: /senden/i })
    .first()
    .click();
  await expect(page.getByText(/gültige E-Mail-Adresse/i).first()).toBeVisible();
  await context.close();
});
