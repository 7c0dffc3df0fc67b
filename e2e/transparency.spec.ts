import fs from "node:fs";
import { expect, test } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

/**
 * The transparency report (decision 0048) as an administrator meets it: reached from the panel, twelve months in
 * each table, no page wider than a small phone, and its CSV downloaded as Excel needs it; a moderator is refused
 * the page and the file. The numbers themselves are the integration test's (tests/integration/transparency.test.ts):
 * other specs hide posts meanwhile, so here they would change under the test.
 */
test("an administrator opens the transparency report from the panel and downloads it as CSV; a moderator gets 403 for both", async ({
  page,
}) => {
  // Two members made and signed in, a download: up to a minute on a busy two-core machine.
  test.setTimeout(90_000);
  const [adminMember, moderator] = await createMembers([{ role: "admin" }, { role: "moderator" }]);
  await signInOverHttp(page, adminMember.email, adminMember.password);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Bericht ansehen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transparenzbericht" })).toBeVisible();
  for (const table of ["meldungen", "meldungen-nach-grund", "begruendungen", "widersprueche"])
    await expect(page.getByTestId(`transparency-${table}`).locator("tbody tr"), table).toHaveCount(12);
  const months = await page
    .getByTestId("transparency-meldungen")
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-month")));

  // Tables scroll inside their boxes; the page itself never scrolls sideways on a small phone.
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 720 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Als CSV herunterladen" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^transparenzbericht-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  // The byte order mark, so Excel reads the umlauts of the headings as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n");
  expect(lines[0]).toMatch(/^Monat,Meldungen bestätigt,Meldungen bestätigt: Beleidigung,/);
  // A header, a row per month in the page's order, and the last line's CRLF.
  expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual(months);
  expect(lines.at(-1)).toBe("");

  const csv = await page.request.get("/admin/transparency.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="transparenzbericht-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(csv.headers()["cache-control"]).toContain("no-store");

  const asModerator = await clientOf(moderator);
  for (const path of ["/admin/transparency", "/admin/transparency.csv"]) {
    const refused = await asModerator.get(path, { maxRedirects: 0 });
    expect(refused.status(), path).toBe(403);
    expect(await refused.text(), path).toContain("Den Transparenzbericht sehen nur Administratorinnen und Administratoren.");
  }
  await asModerator.dispose();
});
