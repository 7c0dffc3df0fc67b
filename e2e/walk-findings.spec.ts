import { expect, test } from "./fixtures";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment } from "./moderation-helpers";

/** Findings of an outside walk through the forum that each needed one small change; each test failed on the old code. */

test("the report form chooses no reason for the reporter: sent without one, it asks for one in German", async ({ browser }) => {
  const [author, reporter] = await createMembers([{ firstName: "Autorin" }, { firstName: "Melderin" }]);
  const { path, commentId } = await discussionWithComment(await clientOf(author), `Meldegrund ${Date.now()}`, "Ein Kommentar zum Melden");
  const page = await pageOf(browser, reporter);
  const response = await page.goto(`${path}?report=${commentId}`);
  expect(response?.status()).toBe(200);
  const form = page.locator("form", { has: page.getByRole("group", { name: "Warum melden Sie diesen Beitrag?" }) });
  await expect(form.getByRole("radio")).toHaveCount(4);
  for (const radio of await form.getByRole("radio").all()) await expect(radio).not.toBeChecked();

  const answer = page.waitForResponse((candidate) => candidate.request().method() === "POST");
  await form.getByRole("button", { name: "Beitrag melden" }).click();
  await answer;
  // At the comment's form (the toast may say it too, once the app has loaded: the form's own line is what must show).
  await expect(page.getByTestId("comment").getByText("Bitte wählen Sie einen Grund.")).toBeVisible();
  await expect(page.getByText("Gemeldet", { exact: true })).toHaveCount(0);
  await page.context().close();
});

test("an invalid unsubscribe link offers the next step: sign-in for a guest, the mail settings for a member", async ({ page, browser }) => {
  const invalid = "/notifications/unsubscribe?token=ungueltig";
  expect((await page.goto(invalid))?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Dieser Abmeldelink ist ungültig.");
  const signIn = page.getByRole("main").getByRole("link", { name: "Anmelden" });
  await expect(signIn).toHaveAttribute("href", /^\/auth\?redirectTo=/);

  const [member] = await createMembers([{}]);
  const memberPage = await pageOf(browser, member);
  expect((await memberPage.goto(invalid))?.status()).toBe(400);
  await memberPage.getByRole("main").getByRole("link", { name: "Zu Ihren E-Mail-Einstellungen" }).click();
  await expect(memberPage.getByRole("heading", { name: "E-Mail-Benachrichtigungen" })).toBeInViewport();
  await memberPage.context().close();
});

test("the cookie settings show all their buttons on a 320 × 568 screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 568 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Einstellungen" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie-Einstellungen" });
  for (const name of ["Zurücksetzen", "Auswahl speichern", "Alle akzeptieren"]) {
    await expect(dialog.getByRole("button", { name }), name).toBeInViewport({ ratio: 1 });
  }
  await dialog.getByRole("button", { name: "Zurücksetzen" }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});
