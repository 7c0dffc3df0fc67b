import { axeViolations, expect, test, waitForHydration } from "./fixtures";
import { pageAs, signUpOverHttp } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";

test("Ctrl+B in a text field belongs to the field: the sidebar stays open and the field keeps its focus", async ({ page, visit }) => {
  await visit("/");
  const sidebar = page.getByTestId("sidebar");
  const search = page.getByRole("searchbox", { name: "Diskussionen durchsuchen" });
  await search.fill("Crawl");
  await search.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await expect(search).toBeFocused();

  await visit("/members");
  await page.getByPlaceholder("Nach Name oder Unternehmen suchen...").press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "expanded");

  // Outside a field the shortcut still folds the sidebar.
  await page.locator("main h1").click();
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
});

test("the user menu closes once it has led to the profile", async ({ browser }) => {
  const page = await pageAs(browser, "member");
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.getByTestId("sidebar").getByTestId("user-menu");
  await menu.locator("summary").click();
  await expect(menu).toHaveAttribute("open", "");
  await menu.getByRole("link", { name: "Profil" }).click();
  await page.waitForURL(/\/profile\//);
  await expect(menu).not.toHaveAttribute("open");
  await expect(menu.getByRole("link", { name: "Profil" })).toBeHidden();
  await page.context().close();
});

test("/search and /members: each search landmark has a name of its own (axe landmark-unique)", async ({ page, visit }) => {
  for (const path of ["/search", "/members"]) {
    await visit(path);
    const names = await page.getByRole("search").evaluateAll((forms) => forms.map((form) => form.getAttribute("aria-label")));
    expect(names.length, path).toBe(2);
    expect(new Set(names).size, path).toBe(2);
    const violations = await axeViolations(page, { runOnly: { type: "rule", values: ["landmark-unique"] } });
    expect(
      violations.map((violation) => violation.id),
      path,
    ).toEqual([]);
  }
});

test("an unconfirmed sign-up carries a badge in the admin's list; a reused confirmation link says the address is confirmed", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `zweimal.${id}@example.com`;
  const since = Date.now();
  // The sign-up form is not the subject here (accounts.spec clicks through it).
  await signUpOverHttp(page.request, { firstName: "Zweimal", lastName: `Klick${id}`, email, password: "mein-passwort" });

  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin");
  // The pending list's entry (the member list below has one too).
  const row = admin
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ has: admin.getByRole("button", { name: /genehmigen$/ }) });
  await expect(row.getByText("E-Mail nicht bestätigt")).toBeVisible();
  // Sign-ups that confirmed (the demo's waiting members) carry none.
  await expect(admin.getByRole("listitem").filter({ hasText: "max.fuchs@example.com" }).getByText("E-Mail nicht bestätigt")).toHaveCount(0);

  const link = linkIn(await waitForMail(email, "verification", since), "/auth/verify-email");
  await visit(link);
  await expect(page).toHaveURL(/\/pending-approval$/);
  await admin.reload();
  await expect(row).toBeVisible();
  await expect(row.getByText("E-Mail nicht bestätigt")).toHaveCount(0);
  await admin.context().close();

  // The same link again, in another browser: not signed in, but told why the sign-in form follows.
  const stranger = await pageAs(browser);
  await stranger.goto(link);
  await expect(stranger).toHaveURL(/\/auth$/);
  await expect(stranger.getByText("Ihre E-Mail-Adresse ist bereits bestätigt.")).toBeVisible();
  await expect(stranger.getByText("Sie können sich anmelden.")).toBeVisible();
  await stranger.context().close();
});
