import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { pageAs, signIn, signInAndExpectHome, signInOverHttp } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { createMember } from "./members";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("sign-up → confirmation mail → pending → approval by an admin → sign-in with user menu", async ({ page, visit, browser }) => {
  // Two people, two mails and a dozen pages: about 20 s on a busy two-core machine.
  test.setTimeout(90_000);
  const id = unique();
  const email = `mara.${id}@example.com`;
  const lastName = `Neumann${id}`;
  const since = Date.now();

  await visit("/auth?tab=register");
  await page.getByLabel("Vorname").fill("Mara");
  await page.getByLabel("Nachname").fill(lastName);
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("mein-passwort");
  await page.getByLabel("Passwort bestätigen").fill("mein-passwort");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();

  await page.waitForURL((url) => url.pathname === "/email-confirmation");
  expect(new URL(page.url()).searchParams.get("email")).toBe(email);
  await expect(page.getByText(email)).toBeVisible();

  const confirmation = await waitForMail(email, "verification", since);
  expect(confirmation.subject).toContain("Bitte bestätigen Sie Ihre E-Mail-Adresse");
  await visit(linkIn(confirmation, "/auth/verify-email"));
  await expect(page).toHaveURL(/\/pending-approval$/);
  await expect(page.getByRole("heading", { name: "Warten auf Genehmigung" })).toBeVisible();
  await expect(page.getByText(/bis zu 24 Stunden/)).toBeVisible();

  // An administrator approves in their own browser.
  const adminPage = await pageAs(browser, "admin");
  await adminPage.goto("/admin");
  await waitForHydration(adminPage);
  await expect(adminPage.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  const approvedSince = Date.now();
  await adminPage.getByRole("button", { name: `Mara ${lastName} genehmigen` }).click();
  await expect(adminPage.getByText("Benutzer erfolgreich genehmigt")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: `Mara ${lastName} genehmigen` })).toHaveCount(0);
  await adminPage.context().close();

  const approvedMail = await waitForMail(email, "account-approved", approvedSince);
  expect(approvedMail.subject).toBe("Konto freigeschaltet – Marketing Community");

  // The member signs out of the waiting page and back in.
  await page.reload();
  await page.goto("/pending-approval");
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("user-menu").getByText(`Mara ${lastName}`).click();
  await page.getByTestId("user-menu").getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Anmelden" })).toBeVisible();

  await signInAndExpectHome(page, email, "mein-passwort");
  const menu = page.getByTestId("sidebar").getByTestId("user-menu");
  await expect(menu).toContainText(`Mara ${lastName}`);
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Profil" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Abmelden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);
  await expect(page.getByTestId("floating-create")).toBeVisible();
  await expect(page.getByRole("link", { name: "Jetzt Mitglied werden" })).toHaveCount(0);
});

test("magic link: the mailed link signs the member in", async ({ page, visit }) => {
  // Her own: the link's per-address budget and the sign-out touch nobody else.
  const member = await createMember({ firstName: "Magda" });
  const email = member.email;
  await visit("/auth");
  await page.getByRole("link", { name: "Magic Link" }).click();
  await expect(page.getByRole("heading", { name: "Magic Link" })).toBeVisible();
  const since = Date.now();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByRole("button", { name: "Magic Link senden" }).click();
  await expect(page.getByText("Magic Link gesendet!")).toBeVisible();

  const mail = await waitForMail(email, "magic-link", since);
  await page.goto(linkIn(mail, "/auth/magic-link"));
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Willkommen zurück!")).toBeVisible();
  await expect(page.getByTestId("sidebar").getByTestId("user-menu")).toContainText(member.name);

  // The link works once.
  await page.getByTestId("sidebar").getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("sidebar").getByRole("button", { name: "Abmelden" }).click();
  await page.goto(linkIn(mail, "/auth/magic-link"));
  await page.waitForURL((url) => url.pathname === "/auth");
  await expect(page.getByText(/Ungültiger Link/)).toBeVisible();
});

test("'Abbrechen' leaves the link modes", async ({ page, visit }) => {
  await visit("/auth?mode=forgot-password");
  await page.getByRole("link", { name: "Abbrechen" }).click();
  await expect(page.getByRole("link", { name: "Passwort vergessen?" })).toBeVisible();
});

test("forgot password → mail → new password → sign-in; the link works once; a damaged link is invalid", async ({ page, visit }) => {
  // A mail, three form submissions, a sign-in through the form and four more pages: 12–15 s on a busy two-core machine.
  test.setTimeout(90_000);
  // Her own: her password changes.
  const { email } = await createMember({ firstName: "Vergesslich" });
  await visit("/auth");
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page.getByRole("heading", { name: "Passwort vergessen" })).toBeVisible();
  const since = Date.now();
  await page.getByLabel("E-Mail").fill(email);
  await page.getByRole("button", { name: "Link zum Zurücksetzen senden" }).click();
  await expect(page.getByText("E-Mail gesendet!")).toBeVisible();

  const link = linkIn(await waitForMail(email, "password-reset", since), "/reset-password");
  await visit(link);
  await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();

  await page.getByLabel("Neues Passwort").fill("kurz");
  await page.getByLabel("Passwort bestätigen").fill("anders");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.")).toBeVisible();
  await page.getByLabel("Neues Passwort").fill("ganz-neues-passwort");
  await page.getByLabel("Passwort bestätigen").fill("anderes-passwort");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByText("Die Passwörter stimmen nicht überein.")).toBeVisible();

  await page.getByLabel("Passwort bestätigen").fill("ganz-neues-passwort");
  await page.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page.getByRole("heading", { name: "Passwort erfolgreich geändert!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
  await page.getByRole("link", { name: "Zur Anmeldung" }).click();

  await signInAndExpectHome(page, email, "ganz-neues-passwort");

  await visit(link);
  await expect(page.getByRole("heading", { name: "Ungültiger Link" })).toBeVisible();
  await expect(page.getByText("Der Link wurde bereits verwendet.")).toBeVisible();

  await visit(link.slice(0, -4));
  await expect(page.getByRole("heading", { name: "Ungültiger Link" })).toBeVisible();
  await visit("/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired");
  await expect(page.getByRole("heading", { name: "Ungültiger Link" })).toBeVisible();
});

test("a wrong password shows the spec's text in an alert and a toast, then 'Session zurücksetzen'", async ({ page }) => {
  // Her own: the failed attempt counts against her address's sign-in budget.
  await signIn(page, (await createMember()).email, "falsches-passwort");
  const text = "Die E-Mail-Adresse oder das Passwort ist incorrect. Haben Sie möglicherweise Ihr Passwort kürzlich zurückgesetzt?";
  await expect(page.getByRole("alert").filter({ hasText: text })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Anmeldung fehlgeschlagen" })).toBeVisible();
  await page.getByRole("button", { name: "Session zurücksetzen" }).click();
  await expect(page.getByText("Session zurückgesetzt")).toBeVisible();
});

test("sign-up validation texts", async ({ page, visit }) => {
  await visit("/auth?tab=register");
  await page.getByLabel("Vorname").fill("Test");
  await page.getByLabel("Nachname").fill("Person");
  await page.getByLabel("E-Mail").fill("validierung@example.com");
  await page.getByLabel("Passwort", { exact: true }).fill("passwort1");
  await page.getByLabel("Passwort bestätigen").fill("passwort2");
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await expect(page.getByText("Passwörter stimmen nicht überein")).toBeVisible();
  await page.getByLabel("Passwort bestätigen").fill("passwort1");
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await expect(page.getByText("Bitte akzeptieren Sie die Nutzungsbedingungen")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/auth");
});

test("an unconfirmed address gets its own text", async ({ page, visit }) => {
  const email = `unbestaetigt.${unique()}@example.com`;
  await visit("/auth?tab=register");
  await page.getByLabel("Vorname").fill("Ohne");
  await page.getByLabel("Nachname").fill("Bestätigung");
  await page.getByLabel("E-Mail").fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill("passwort1");
  await page.getByLabel("Passwort bestätigen").fill("passwort1");
  await page.getByLabel(/Ich akzeptiere die/).check();
  await page.getByRole("button", { name: "Registrieren", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/email-confirmation");

  await signIn(page, email, "passwort1");
  await expect(
    page.getByRole("alert").filter({ hasText: "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in Ihrer E-Mail." }),
  ).toBeVisible();
});

test("the sign-in form works without JavaScript", async ({ browser }) => {
  const member = await createMember({ firstName: "Ohneskript" });
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByLabel("E-Mail").fill(member.email);
  await page.getByLabel("Passwort", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("sidebar").getByTestId("user-menu")).toContainText(member.name);
  await context.close();
});

test("admins see the Admin Panel link, guests are sent to sign in, members are refused", async ({ page, browser }) => {
  await page.goto("/admin");
  await page.waitForURL((url) => url.pathname === "/auth");
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin");

  const member = await createMember();
  await signInOverHttp(page, member.email, member.password);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
  await expect(
    page.getByText("Zugriff verweigert: Du hast keine Berechtigung, auf diese Seite zuzugreifen. Administrator-Rechte sind erforderlich."),
  ).toBeVisible();

  const adminPage = await pageAs(browser, "admin");
  await adminPage.goto("/");
  await waitForHydration(adminPage);
  await adminPage.getByTestId("sidebar").getByRole("link", { name: "Admin Panel" }).click();
  await expect(adminPage.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
  await expect(adminPage.getByText("Verwalte Benutzerrollen und Berechtigungen")).toBeVisible();
  await adminPage.context().close();
});
