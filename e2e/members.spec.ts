import { expect, test } from "./fixtures";
import { pageAs } from "./auth-helpers";

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

test("the directory is paginated: 25 a page, the filter kept in the page links, 301 for ?page=1, 404 past the end", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  // Twenty-six members of one company: two pages of the filtered list.
  const company = `Blätterwerk${Date.now()}`;
  const admin = await pageAs(browser, "admin");
  for (let i = 0; i < 26; i++) {
    const response = await admin.request.post("/admin", {
      form: {
        intent: "create-user",
        email: `blaetter${i}.${company.toLowerCase().replace("ä", "ae")}@example.com`,
        password: "blaetter-passwort",
        username: `Seite${i} Blätterer`,
        company,
        expertise: "tools",
        experience: "experte",
        role: "member",
      },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text().catch(() => "")).toBeLessThan(400);
  }
  await admin.context().close();

  const filtered = `/members?q=${encodeURIComponent(company)}`;
  await visit(filtered);
  await expect(page.getByTestId("member-card")).toHaveCount(25);
  await expect(page.getByText("26 Mitglieder · Seite 1 von 2")).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Seitennavigation" });
  await expect(pagination.getByRole("link", { name: "Seite 2" })).toHaveAttribute("href", `${filtered}&page=2`);
  await pagination.getByRole("link", { name: "Weiter" }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("q") === company);
  await expect(page.getByTestId("member-card")).toHaveCount(1);
  await expect(page).toHaveTitle(/^Mitglieder-Verzeichnis – Seite 2/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/members\\?q=${encodeURIComponent(company)}&page=2$`),
  );
  await expect(page.getByPlaceholder("Nach Name oder Unternehmen suchen...")).toHaveValue(company);
  await pagination.getByRole("link", { name: "Seite 1" }).click();
  await page.waitForURL((url) => url.search === `?q=${encodeURIComponent(company)}`);
  await expect(page.getByTestId("member-card")).toHaveCount(25);

  // The whole directory too: page 2 is canonical to itself.
  await visit("/members?page=2");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/members\?page=2$/);
  const first = await page.request.get("/members?page=1", { maxRedirects: 0 });
  expect(first.status()).toBe(301);
  expect(first.headers()["location"]).toBe("/members");
  expect((await page.request.get(`${filtered}&page=1`, { maxRedirects: 0 })).headers()["location"]).toBe(filtered);
  expect((await page.request.get(`${filtered}&page=3`)).status()).toBe(404);
  expect((await page.request.get("/members?page=0")).status()).toBe(404);
  expect((await page.request.get("/members?page=abc")).status()).toBe(404);
});
