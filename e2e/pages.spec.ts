import { expect, test } from "./fixtures";

test("home shows the demo discussions, subforum cards and the recent list", async ({ page, visit }) => {
  await visit("/");
  await expect(page).toHaveTitle(/Marketing Community/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" })).toHaveAttribute("href", "/auth");

  for (const title of ["SEO", "SEA", "KI Suche"]) {
    await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Gehe zur Community" })).toHaveCount(3);

  const recent = page.locator("#aktuelle-diskussionen li");
  await expect(recent).toHaveCount(12);
  await expect(recent.first().getByText(/^vor \d+ (Minute|Minuten|Stunde|Stunden|Tag|Tagen)$/)).toBeVisible();
});

test("'Community entdecken' scrolls to the current discussions", async ({ page, visit }) => {
  await visit("/");
  await page.getByRole("link", { name: "Community entdecken" }).click();
  await expect(page).toHaveURL(/#aktuelle-diskussionen$/);
  await expect(page.getByRole("heading", { name: "Aktuelle Diskussionen" })).toBeInViewport();
});

test("legal pages render with their content", async ({ page, visit }) => {
  await visit("/impressum");
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  await expect(page.getByText("Nordstern Werbeagentur GmbH").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Hauptsitz Berlin" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Büro München" })).toBeVisible();

  await visit("/agb");
  await expect(page.getByRole("heading", { level: 1, name: "Allgemeine Geschäftsbedingungen" })).toBeVisible();
  await expect(page.locator("article h2")).toHaveText([
    "§ 1 Geltungsbereich",
    "§ 2 Registrierung und Nutzung",
    "§ 3 Verhalten der Nutzer",
    "§ 4 Haftungsausschluss",
    "§ 5 Kündigung",
  ]);

  await visit("/datenschutz");
  await expect(page.getByRole("heading", { level: 1, name: "Datenschutzerklärung" })).toBeVisible();
  await expect(page.getByText("cookie-consent").first()).toBeVisible();

  // Footer links lead there too.
  await page.getByRole("contentinfo").getByRole("link", { name: "AGB" }).click();
  await expect(page).toHaveURL(/\/agb$/);
});

test("an unknown path answers 404 with the page text and a link home", async ({ page, visit }) => {
  await visit("/gibt-es-nicht/wirklich", { status: 404 });
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Aktuelle Diskussionen" })).toBeVisible();
});
