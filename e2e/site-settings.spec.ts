import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { atPhoneAndDesktopWidths, screenshotForReview } from "./looks";
import { clientOf, createMembers } from "./members";

/**
 * The operator's settings (/admin/settings, decision 0049) as an administrator uses them and a guest then reads the
 * pages: the guest's pages come from the page cache before and after the change, and the change shows on the very
 * next request. Other specs read the forum's name and the company, so this one changes only the VAT id and the AGB.
 */

const adminsOnly = "Die Betreiberdaten und Rechtstexte dürfen nur Administratorinnen und Administratoren ändern.";

/** Fills the form as `fill` says and saves; when another administrator (the permission matrix) saved in between, again. */
async function saveSettings(page: Page, fill: (page: Page) => Promise<void>): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await page.goto("/admin/settings");
    await fill(page);
    const answer = page.waitForResponse((response) => response.url().includes("/admin/settings") && response.request().method() === "POST");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    const response = await answer;
    if (response.status() === 409 && attempt < 3) continue;
    await page.waitForURL(/\/admin\/settings\?fassung=\d+/);
    return Number(new URL(page.url()).searchParams.get("fassung"));
  }
}

/** A page's HTML without the markers React puts between a text and a value. */
async function htmlOf(response: APIResponse): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

/**
 * A guest's GET, until the cache answers it (a fresh entry is stored once its render finished; other specs' writes
 * may empty the cache meanwhile): the page as the cache holds it.
 */
async function cachedForGuests(guest: APIRequestContext, path: string): Promise<string> {
  let cached: APIResponse | null = null;
  await expect
    .poll(
      async () => {
        const response = await guest.get(path);
        if (response.headers()["x-page-cache"] === "hit") cached = response;
        return cached !== null;
      },
      // Other specs' writes empty the whole cache now and then (a new member, a new post): ask again soon, for longer.
      { message: `${path} from the page cache`, timeout: 30_000, intervals: [50, 100, 200] },
    )
    .toBe(true);
  return htmlOf(cached!);
}

test("the administrator changes the VAT id and the AGB; a guest sees both on the next request, the log names who, a moderator is refused", async ({
  page,
  playwright,
  baseURL,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  const [admin, moderator] = await createMembers([{ role: "admin", firstName: "Einstellerin" }, { role: "moderator" }]);
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const stamp = Date.now();
  const vatDigits = String(stamp % 1_000_000_000).padStart(9, "0");
  const newVat = `DE ${vatDigits.slice(0, 3)} ${vatDigits.slice(3, 6)} ${vatDigits.slice(6)}`;
  const newClause = `Ergänzung ${stamp}: Beiträge werden nach zehn Jahren archiviert.`;

  // Before: both pages come from the guests' cache.
  expect(await cachedForGuests(guest, "/impressum")).not.toContain(newVat);
  expect(await cachedForGuests(guest, "/agb")).not.toContain(newClause);

  await signInOverHttp(page, admin.email, admin.password);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Einstellungen bearbeiten" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Betreiber und Rechtstexte" })).toBeVisible();
  const oldVat = await page.getByLabel("Umsatzsteuer-ID").inputValue();

  const version = await saveSettings(page, async (form) => {
    await form.getByLabel("Umsatzsteuer-ID").fill(newVat.replaceAll(" ", ""));
    const terms = form.getByLabel("AGB", { exact: true });
    await terms.fill(`${await terms.inputValue()}\n\n${newClause}`);
  });
  // The version's diff: the VAT id as it was and is, the new clause added to the AGB.
  const diff = page.getByTestId("settings-diff");
  await expect(page.getByRole("heading", { name: `Änderungen in Fassung ${version}` })).toBeVisible();
  await expect(diff).toContainText(oldVat);
  await expect(diff).toContainText(newVat);
  await expect(diff).toContainText(newClause);
  await expect(page.getByTestId("settings-versions")).toContainText(`Fassung ${version} · ${admin.name}`);

  // The guest's very next request shows the change (the cache was dropped), and the one after comes from the cache again.
  const imprint = await guest.get("/impressum");
  expect(imprint.headers()["x-page-cache"]).not.toBe("hit");
  expect(await htmlOf(imprint)).toContain(`Umsatzsteuergesetz: ${newVat}`);
  const terms = await htmlOf(await guest.get("/agb"));
  expect(terms).toContain(newClause);
  // § 3 keeps the anchor that every statement of reasons links to.
  expect(terms).toContain('<h2 id="verhalten">§ 3 Verhalten der Nutzer</h2>');
  expect(await cachedForGuests(guest, "/impressum")).toContain(newVat);
  expect(await cachedForGuests(guest, "/agb")).toContain(newClause);

  // The audit log says who changed what.
  await page.goto("/admin");
  const entry = page.getByTestId("audit-entry").filter({ hasText: `Fassung ${version}:` });
  await expect(entry).toContainText(admin.name);
  await expect(entry).toContainText("Betreiberdaten und Rechtstexte geändert");
  await expect(entry).toContainText(`Umsatzsteuer-ID: ${oldVat} → ${newVat}`);
  await expect(entry).toContainText("AGB geändert");

  // A moderator gets neither the page nor the write.
  const asModerator = await clientOf(moderator);
  const refused = await asModerator.get("/admin/settings", { maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain(adminsOnly);
  const write = await asModerator.post("/admin/settings", { form: { intent: "save", vatId: "DE 111 111 111" }, maxRedirects: 0 });
  expect(write.status()).toBe(403);
  expect(await htmlOf(await guest.get("/impressum"))).toContain(newVat);

  // How the page looks: no sideways scroll on a phone, axe clean, in both themes.
  await page.goto(`/admin/settings?fassung=${version}`);
  await checkA11y();
  await atPhoneAndDesktopWidths(page, async (width, scheme) => {
    if (scheme === "dark") await checkA11y({ colourOnly: true });
    await screenshotForReview(page, `admin-settings-${width}-${scheme}`, { fullPage: true });
  });
  await asModerator.dispose();
  await guest.dispose();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the preview shows the legal texts as the pages will, saves nothing, and a wrong VAT id is refused in German", async ({ page }) => {
    const [admin] = await createMembers([{ role: "admin", firstName: "Vorschau" }]);
    await signInOverHttp(page, admin.email, admin.password);
    await page.goto("/admin/settings");
    // Saved or not, the public page tells: other specs save versions of their own meanwhile (the permission matrix),
    // so the version number the form shows may move, but none of them writes this heading.
    const agbHasPreview = async () => (await (await page.request.get("/agb")).text()).includes("Vorschau-Test");
    const terms = page.getByLabel("AGB", { exact: true });
    await terms.fill(
      `${await terms.inputValue()}\n\n## Vorschau-Test {#vorschau-test}\n\nEin **fetter** Satz und <script>alert(1)</script>.`,
    );
    await page.getByRole("button", { name: "Vorschau der Rechtstexte" }).click();
    const preview = page.getByTestId("preview-termsText");
    await expect(preview.locator("h2#vorschau-test")).toHaveText("Vorschau-Test");
    await expect(preview.locator("strong")).toHaveText("fetter");
    await expect(preview).toContainText("<script>alert(1)</script>");
    await expect(preview.locator("script")).toHaveCount(0);
    // What was typed stays in the form; nothing was saved.
    await expect(terms).toHaveValue(/## Vorschau-Test/);
    expect(await agbHasPreview()).toBe(false);

    await page.getByLabel("Umsatzsteuer-ID").fill("DE 12");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText("Die Umsatzsteuer-ID besteht aus DE und neun Ziffern, z. B. DE 123 456 789.")).toBeVisible();
    expect(await agbHasPreview()).toBe(false);
  });
});
