import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { storageStateOf } from "./auth-helpers";
import { waitForMail } from "./mail";
import { clientAs } from "./seo-helpers";
import { nuHtmlErrors } from "../tests/support/mail-html";

/**
 * The digest mail (decision 0059) as it leaves the forum and as an administrator previews it. The demo's Felix has
 * been away ten days, so the job mails him at the server's start; who gets one and what it holds is the integration
 * tests' (tests/integration/digest*.test.ts). Here: the mail rendered in Chromium, at most 600 px wide and never
 * wider than a small phone, valid by the Nu Html Checker, and the preview reachable only for administrators.
 */
const FELIX = "felix.braun@example.com";
const SHOTS = process.env.DIGEST_SCREENSHOTS;

/** The widest box in the document and whether it scrolls sideways, at the page's current width. */
function measure(page: Page) {
  return page.evaluate(() => ({
    widest: Math.max(...[...document.body.querySelectorAll("*")].map((element) => element.getBoundingClientRect().width)),
    scrollWidth: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
}

test("the digest mailed to the demo's member who stayed away is valid HTML, at most 600 px wide, and fits a 320 px phone", async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The job writes it at the server's start. Playwright starts the server before the global setup's mail catcher,
  // so the first delivery fails and the runner tries again a minute later: run alone, this test waits for that.
  const mail = await waitForMail(FELIX, "digest", 0, 120_000);
  expect(mail.subject).toMatch(/^Das Wichtigste aus der Community – /);
  expect(mail.text).toMatch(/seit Ihrem letzten Besuch am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}/);
  expect(mail.html).toContain("Neue Lösungen in Ihren Themen");
  const listHeaders = (mail as typeof mail & { listHeaders: Record<string, string> }).listHeaders;
  expect(listHeaders["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(listHeaders["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/notifications\/unsubscribe\?token=[\w.-]+>$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.setContent(mail.html);
  const desktop = await measure(page);
  expect(desktop.widest).toBeLessThanOrEqual(600);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/digest-mail-desktop.png`, fullPage: true });

  await page.setViewportSize({ width: 320, height: 740 });
  const phone = await measure(page);
  expect(phone.scrollWidth).toBeLessThanOrEqual(phone.viewport);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/digest-mail-320.png`, fullPage: true });

  expect(await nuHtmlErrors(mail.html)).toEqual([]);
});

test.describe("the administrator's preview", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("shows any member's digest without sending it, from the panel, at desktop and phone width", async ({ page, visit, checkA11y }) => {
    test.setTimeout(90_000);
    await visit("/admin");
    await page.getByRole("link", { name: "Vorschau ansehen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vorschau der Zusammenfassung" })).toBeVisible();
    // Felix is the approved member away longest; a search finds him as well.
    await page.getByLabel("Name oder E-Mail-Adresse").fill("felix.braun");
    await page.getByRole("button", { name: "Suchen" }).click();
    await expect(page.getByTestId("digest-candidates").getByText(FELIX)).toBeVisible();
    await page.getByRole("link", { name: "Vorschau für Felix" }).click();
    const preview = page.getByTestId("digest-preview");
    await expect(preview).toContainText("Felix Braun");
    await expect(page.getByTestId("digest-status")).not.toBeEmpty();
    const frame = page.frameLocator("iframe[title='Vorschau der E-Mail an Felix Braun']");
    await expect(frame.getByRole("heading", { level: 1, name: "Das Wichtigste aus der Community" })).toBeVisible();
    await expect(frame.getByRole("heading", { level: 2, name: "Neue Lösungen in Ihren Themen" })).toBeVisible();
    await checkA11y();
    // Pictures to look at (DIGEST_SCREENSHOTS=folder): the preview card and the mail's frame, at the page's width.
    const shoot = async (name: string) => {
      if (!SHOTS) return;
      await page
        .getByRole("button", { name: "Nur notwendige" })
        .click({ timeout: 1_000 })
        .catch(() => undefined);
      await preview.evaluate((card) => card.scrollIntoView());
      await page.screenshot({ path: `${SHOTS}/${name}.png` });
    };
    if (SHOTS) await page.setViewportSize({ width: 1280, height: 1400 });
    await shoot("digest-preview-desktop");

    await page.setViewportSize({ width: 320, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const inFrame = await page
      .frames()
      .find((candidate) => candidate !== page.mainFrame())!
      .evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
    expect(inFrame.scrollWidth).toBeLessThanOrEqual(inFrame.viewport);
    await shoot("digest-preview-320");
  });
});

test("only administrators open the preview: members, moderators and guests are refused", async ({ playwright, baseURL }) => {
  for (const role of ["member", "moderator"] as const) {
    const client = await clientAs(playwright, baseURL, role);
    const refused = await client.get("/admin/digest", { maxRedirects: 0 });
    expect(refused.status(), role).toBe(403);
    expect(await refused.text(), role).not.toContain("Das Wichtigste aus der Community“ geht an");
    await client.dispose();
  }
  const guest = await clientAs(playwright, baseURL);
  const sent = await guest.get("/admin/digest?mitglied=x", { maxRedirects: 0 });
  expect(sent.status()).toBe(302);
  expect(sent.headers().location).toMatch(/^\/auth\?/);
  await guest.dispose();
});
