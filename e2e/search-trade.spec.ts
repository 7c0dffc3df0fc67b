import type { Browser, Page } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

/** A page with or without JavaScript, of a guest of its own. */
async function guestPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  return context.newPage();
}

async function searchFor(page: Page, query: string) {
  await page.goto("/search");
  await page.getByRole("searchbox", { name: "Suchbegriff" }).fill(query);
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === query);
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`"Suchmaschinenoptimierung" finds the demo's threads that only say "SEO" (${how})`, async ({ browser }) => {
    const page = await guestPage(browser, javaScriptEnabled);
    await searchFor(page, "Suchmaschinenoptimierung");
    await expect(page.getByTestId("result-count")).toContainText("für „Suchmaschinenoptimierung“");
    const results = page.getByTestId("search-result");
    // No demo discussion says "Suchmaschinenoptimierung": every hit is there for its synonym, highlighted as found.
    await expect(results.first()).toBeVisible();
    await expect(results.filter({ hasText: /Suchmaschinenoptimierung/i })).toHaveCount(0);
    await expect(results.locator("mark").filter({ hasText: /^seo$/i }).first()).toBeVisible();
    // As many as a search for "SEO" itself.
    const count = await page.getByTestId("result-count").innerText();
    await searchFor(page, "SEO");
    expect(count.replace(/ für .*/, "")).toBe((await page.getByTestId("result-count").innerText()).replace(/ für .*/, ""));
    await page.context().close();
  });

  test(`"Core Web Vitls" offers "Meinten Sie Core Web Vitals?" and the link finds it (${how})`, async ({ browser }) => {
    const page = await guestPage(browser, javaScriptEnabled);
    await searchFor(page, "Core Web Vitls");
    await expect(page.getByRole("heading", { name: "Keine Ergebnisse gefunden" })).toBeVisible();
    await expect(page.getByTestId("did-you-mean")).toHaveText("Meinten Sie Core Web Vitals?");
    await page.getByTestId("did-you-mean").getByRole("link", { name: "Core Web Vitals" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "Core Web Vitals");
    await expect(page.getByTestId("result-count")).toContainText("für „Core Web Vitals“");
    await expect(page.getByTestId("search-result").getByRole("link", { name: /INP unter 200 ms/ })).toBeVisible();
    await page.context().close();
  });

  test(`operators in the search box are shown as filters and the URL keeps what was typed (${how})`, async ({ browser }) => {
    const page = await guestPage(browser, javaScriptEnabled);
    await searchFor(page, "kategorie:sea status:offen Budget");
    expect(new URL(page.url()).searchParams.get("q")).toBe("kategorie:sea status:offen Budget");
    const chips = page.getByRole("list", { name: "Aktive Filter" });
    await expect(chips.getByRole("link", { name: "Filter Kategorie: SEA entfernen" })).toBeVisible();
    await expect(chips.getByRole("link", { name: "Filter Status: Offen entfernen" })).toBeVisible();
    await expect(chips.getByRole("link", { name: "Filter „Budget“ entfernen" })).toBeVisible();
    const results = page.getByTestId("search-result");
    await expect(results.first()).toBeVisible();
    for (const badge of await results.getByText(/^(SEO|KI-Suche|Allgemein|Tools|Events)$/).all()) await expect(badge).toBeHidden();
    await chips.getByRole("link", { name: "Filter Kategorie: SEA entfernen" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "status:offen Budget");
    await page.context().close();
  });
}

test("staff add a synonym group on /admin/synonyms without JavaScript and the next search uses it; members get 403, statistics are the administrators'", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const word = `Fachjargon${id}`;
  const [moderatorMember, adminMember, plainMember] = await createMembers([{ role: "moderator" }, { role: "admin" }, {}]);

  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const moderator = await context.newPage();
  await signInOverHttp(moderator, moderatorMember!.email, moderatorMember!.password);
  await moderator.goto("/admin/synonyms");
  await expect(moderator.getByRole("heading", { level: 1, name: "Suche: Synonyme und Statistik" })).toBeVisible();
  await expect(moderator.getByTestId("synonym-groups")).toContainText("Suchmaschinenoptimierung");
  // What was searched is for administrators only.
  await expect(moderator.getByText("Suchstatistik", { exact: false })).toHaveCount(0);

  await searchFor(moderator, word);
  await expect(moderator.getByRole("heading", { name: "Keine Ergebnisse gefunden" })).toBeVisible();
  // A guest's page of the same search, kept by the guest page cache until the group comes.
  const guest = await guestPage(browser, false);
  await searchFor(guest, word);
  await expect(guest.getByRole("heading", { name: "Keine Ergebnisse gefunden" })).toBeVisible();

  await moderator.goto("/admin/synonyms");
  const form = moderator.getByRole("form", { name: "Synonymgruppe hinzufügen" });
  // Refused in German next to the field, what was typed kept.
  await form.getByLabel("Begriffe der neuen Gruppe").fill(word);
  await form.getByRole("button", { name: "Gruppe hinzufügen" }).click();
  await expect(moderator.getByText("Bitte geben Sie mindestens zwei Begriffe ein, durch Kommas getrennt.")).toBeVisible();
  await expect(moderator.getByLabel("Begriffe der neuen Gruppe")).toHaveValue(word);
  await moderator.getByLabel("Begriffe der neuen Gruppe").fill(`${word}, Screaming Frog`);
  await moderator.getByRole("button", { name: "Gruppe hinzufügen" }).click();
  await expect(moderator.getByTestId("synonym-groups")).toContainText(word);
  try {
    await searchFor(moderator, word);
    await expect(
      moderator.getByTestId("search-result").getByRole("link", { name: /Screaming Frog mit JavaScript-Rendering/ }),
    ).toBeVisible();
    // The guest's search too: the server's cached page went with the old groups, and the guest's browser asks again
    // before it shows its copy (no-cache).
    await searchFor(guest, word);
    await expect(guest.getByTestId("search-result").getByRole("link", { name: /Screaming Frog mit JavaScript-Rendering/ })).toBeVisible();
    await guest.context().close();
  } finally {
    await moderator.goto("/admin/synonyms");
    await moderator.getByRole("button", { name: `Gruppe „${word}, Screaming Frog“ entfernen` }).click();
    await expect(moderator.getByTestId("synonym-groups")).not.toContainText(word);
  }
  await context.close();

  // The administrator sees the statistics (the demo's searches among them); the log names the moderator's changes.
  const admin = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const adminPage = await admin.newPage();
  await signInOverHttp(adminPage, adminMember!.email, adminMember!.password);
  await adminPage.goto("/admin/synonyms");
  await expect(adminPage.getByRole("heading", { name: /Suchstatistik der letzten 30 Tage/ })).toBeVisible();
  await expect(adminPage.getByRole("table", { name: "Suchanfragen ohne Ergebnis" })).toContainText("tiktok ads");
  await expect(adminPage.getByRole("table", { name: "Häufigste Suchanfragen" })).toContainText("core web vitals");
  await adminPage.goto("/admin");
  await expect(adminPage.getByTestId("audit-entry").filter({ hasText: word }).first()).toContainText("Synonymgruppe der Suche entfernt");
  await admin.close();

  // A member is refused; the page's forms too.
  const member = await clientOf(plainMember!);
  expect((await member.get("/admin/synonyms", { maxRedirects: 0 })).status()).toBe(403);
  expect((await member.post("/admin/synonyms", { form: { intent: "add", terms: `${word}, nein` }, maxRedirects: 0 })).status()).toBe(403);
  await member.dispose();
});
