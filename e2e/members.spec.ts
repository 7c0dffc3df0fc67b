import { expect, test } from "./fixtures";

test("directory search 'müller' finds Müller; query and filter survive a reload", async ({ page, visit }) => {
  await visit("/members");
  await expect(page.getByRole("heading", { level: 1, name: "Mitglieder-Verzeichnis" })).toBeVisible();
  await expect(page.getByText("Entdecke die Marketing-Experten unserer Community")).toBeVisible();
  await page.getByPlaceholder("Nach Name oder Unternehmen suchen...").fill("müller");
  await page.waitForURL((url) => url.search === "?q=m%C3%BCller");
  await expect(page.getByTestId("member-card")).toHaveCount(1);
  await expect(page.getByTestId("member-card").first()).toContainText("Jürgen");

  await page.getByLabel("Fachgebiet").selectOption("seo");
  await page.waitForURL((url) => url.searchParams.get("expertise") === "seo");
  await expect(page.getByText("Keine Mitglieder gefunden")).toBeVisible();
  await expect(page.getByText("Versuche es mit anderen Suchkriterien.")).toBeVisible();

  await page.reload();
  await expect(page.getByPlaceholder("Nach Name oder Unternehmen suchen...")).toHaveValue("müller");
  await expect(page.getByLabel("Fachgebiet")).toHaveValue("seo");
});

test("the directory works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/members");
  await page.getByPlaceholder("Nach Name oder Unternehmen suchen...").fill("Digital");
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.waitForURL((url) => url.search === "?q=Digital");
  await expect(page.getByTestId("member-card").first()).toBeVisible();
  await context.close();
});

test("a profile shows its cards; a missing one answers 404", async ({ page, visit }) => {
  await visit("/members?q=Hoffmann");
  await page.getByTestId("member-card").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Lena" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Über mich" })).toBeVisible();
  await expect(page.getByText(/^Dabei seit [A-ZÄÖÜ][a-zäöü]+ \d{4}$/)).toBeVisible();
  await page.getByRole("link", { name: "Zurück zu Mitgliedern" }).click();
  await expect(page).toHaveURL(/\/members$/);

  await visit("/profile/gibt-es-nicht", { status: 404 });
  await expect(page.getByRole("heading", { name: "Profil nicht gefunden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toBeVisible();
});
