import { request } from "@playwright/test";
import { storageStateOf } from "./auth-helpers";
import { expect, test, testClientIp } from "./fixtures";

/**
 * One error page for every page inside the layout (decision 0014): whatever
 * the status, the error replaces the page's content and the sidebar stays.
 */
const SIDEBAR = 'aria-label="Seitenleiste"';

test("404, 403 and an unreadable form inside the layout keep the sidebar", async ({ baseURL }) => {
  const member = await request.newContext({
    baseURL,
    storageState: storageStateOf("member"),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    const missing = await member.get("/discussion/gibt-es-nicht");
    expect(missing.status()).toBe(404);
    const missingPage = await missing.text();
    expect(missingPage).toContain("Diskussion nicht gefunden");
    expect(missingPage).toContain(SIDEBAR);

    // The admin action asks the guardian (requirePermission): a member is refused with the error page.
    const denied = await member.post("/admin", {
      form: { intent: "approve", userId: "00000000-0000-4000-8000-000000000000" },
      maxRedirects: 0,
    });
    expect(denied.status()).toBe(403);
    const deniedPage = await denied.text();
    expect(deniedPage).toContain("Zugriff verweigert");
    expect(deniedPage).toContain(SIDEBAR);

    // Before, create-discussion had no error boundary: the root's page without sidebar answered this.
    const unreadable = await member.post("/create-discussion", {
      headers: { "Content-Type": "text/plain" },
      data: "title=Hallo",
      maxRedirects: 0,
    });
    expect(unreadable.status()).toBe(415);
    const unreadablePage = await unreadable.text();
    expect(unreadablePage).toContain("Das Format der Anfrage wird nicht unterstützt.");
    expect(unreadablePage).toContain(SIDEBAR);
  } finally {
    await member.dispose();
  }
});

test("in the browser, a missing profile shows its text beside the sidebar", async ({ page, visit }) => {
  await visit("/profile/00000000-0000-4000-8000-000000000000", { status: 404 });
  await expect(page.getByRole("heading", { name: "Profil nicht gefunden" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zurück zur Startseite" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Seitenleiste" })).toBeVisible();
});
