import { expect, test, testClientIp } from "./fixtures";
import { DEMO_PASSWORD, pageAs, signInOverHttp } from "./auth-helpers";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A member no other spec notifies: the journey's counts are exact. */
const WATCHER = "tobias.krueger@example.com";

test("A watches the SEO category → B posts there → A's bell shows 1 without a reload → A opens it, lands on the discussion, count 0", async ({ page, visit, browser }) => {
  test.setTimeout(90_000);
  await signInOverHttp(page, WATCHER, DEMO_PASSWORD);
  // Start from a clean bell.
  const cleared = await page.request.post("/benachrichtigungen", { form: { intent: "read-all" }, maxRedirects: 0 });
  expect(cleared.status()).toBe(302);

  await visit("/subforum/seo");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");
  const watching = page.getByTestId("watch-switch").getByRole("button", { name: "Beobachten" });
  await watching.click();
  await expect(watching).toHaveAttribute("aria-pressed", "true");

  // B posts in SEO from another browser; A's page is not reloaded.
  const author = await pageAs(browser, "moderator");
  const title = `Neue SEO-Frage ${unique()}`;
  const created = await author.request.post("/create-discussion", {
    form: { title, category: "seo", contentFormat: "html", content: "<p>Wie messt ihr Sichtbarkeit?</p>" },
    headers: { "X-Forwarded-For": testClientIp() },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await author.context().close();

  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");

  await bell.click();
  await page.waitForURL("**/benachrichtigungen");
  const item = page.getByTestId("notification").first();
  await expect(item).toContainText(`Neue Diskussion in SEO: „${title}“`);
  await item.getByRole("button", { name: "Lesen" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  // Back to normal, so reruns start alike.
  await visit("/subforum/seo");
  await page.getByTestId("watch-switch").getByRole("button", { name: "Normal" }).click();
  await expect(page.getByTestId("watch-switch").getByRole("button", { name: "Normal" })).toHaveAttribute("aria-pressed", "true");
});

test("guests get no bell and no live stream; the list asks them to sign in", async ({ page, visit, request }) => {
  await visit("/");
  await expect(page.getByTestId("notification-bell")).toHaveCount(0);
  const live = await request.get("/benachrichtigungen/live");
  expect(live.status()).toBe(401);
  const list = await request.get("/benachrichtigungen", { maxRedirects: 0 });
  expect(list.status()).toBe(302);
  expect(list.headers().location).toContain("/auth");
});
