import { expect, test } from "./fixtures";
import { pageAs, signInOverHttp } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { clientOf, createMembers, profilePathOf } from "./members";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("A watches the Events category → B posts there → A's bell shows 1 without a reload → A opens it, lands on the discussion, count 0", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  // Both of this test's own: nobody else notifies A. The category is one no other spec posts in, so A's count is exact.
  const [watcher, writing] = await createMembers([{ firstName: "Beobachterin" }, { firstName: "Autorin" }]);
  await signInOverHttp(page, watcher.email, watcher.password);
  const profilePath = await profilePathOf(watcher);

  // The master switch for mail, as a person would set it.
  await visit(profilePath);
  await page.getByLabel(/^E-Mail-Benachrichtigungen/).check();
  await page.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page.getByText("E-Mail-Einstellungen erfolgreich gespeichert!")).toBeVisible();

  await visit("/category/events");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");
  const watching = page.getByTestId("watch-switch").getByRole("button", { name: "Beobachten" });
  await watching.click();
  await expect(watching).toHaveAttribute("aria-pressed", "true");
  const since = Date.now();

  // B posts there over plain HTTP; A's page is not reloaded.
  const author = await clientOf(writing);
  const title = `Neue Events-Frage ${unique()}`;
  const created = await author.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "events", contentFormat: "html", content: "<p>Wie messt ihr Sichtbarkeit?</p>" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await author.dispose();

  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");

  // The bell opens its panel, which leads on to the whole list.
  await bell.click();
  await page.getByRole("dialog", { name: "Benachrichtigungen" }).getByRole("link", { name: "Alle anzeigen" }).click();
  await page.waitForURL("**/notifications");
  const item = page.getByTestId("notification").first();
  await expect(item).toContainText(`Neue Diskussion in Events: „${title}“`);
  await item.getByRole("button", { name: "Lesen" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  // Mailed once, with a one-click unsubscribe (RFC 8058) that works without signing in.
  // That it goes out once, however often the worker runs, is tests/integration/notifications.test.ts's to show
  // ("mails a watched category's new discussion once"): waiting here for rounds of the worker proved nothing more.
  const mail = await waitForMail(watcher.email, "notification", since, 30_000);
  expect(mail.text).toContain(title);
  const unsubscribeLink = linkIn(mail, "/notifications/unsubscribe");
  const listHeaders = (mail as typeof mail & { listHeaders: Record<string, string> }).listHeaders;
  expect(listHeaders["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(listHeaders["List-Unsubscribe"]?.replace(/\s+/g, "")).toBe(`<${unsubscribeLink}>`);
  const stranger = await pageAs(browser);
  await stranger.goto(unsubscribeLink);
  await stranger.getByRole("button", { name: "Abbestellen" }).click();
  await expect(stranger.getByTestId("unsubscribed")).toContainText("Neue Diskussionen in beobachteten Kategorien");
  await stranger.context().close();
  // The mail program's one-click POST answers too, without a session.
  const oneClick = await page.request.fetch(unsubscribeLink, {
    method: "POST",
    form: { "List-Unsubscribe": "One-Click" },
    headers: { Cookie: "" },
  });
  expect(oneClick.status()).toBe(200);
  await visit(profilePath);
  await expect(page.getByLabel("Neue Diskussionen in beobachteten Kategorien per E-Mail")).not.toBeChecked();
  await expect(page.getByLabel("Neue Diskussionen in beobachteten Kategorien auf der Website")).toBeChecked();
});

test("guests get no bell and no live stream; the list asks them to sign in", async ({ page, visit, request }) => {
  await visit("/");
  await expect(page.getByTestId("notification-bell")).toHaveCount(0);
  const live = await request.get("/notifications/live");
  expect(live.status()).toBe(401);
  // Nor the bell panel's newest notifications.
  const latest = await request.get("/notifications/latest");
  expect(latest.status()).toBe(401);
  expect(latest.headers()["cache-control"]).toBe("private, no-store");
  const list = await request.get("/notifications", { maxRedirects: 0 });
  expect(list.status()).toBe(302);
  expect(list.headers().location).toContain("/auth");
});

test("an unsubscribe link with a broken or forged token answers 400 with its German message, for a person and a mail program", async ({
  page,
  visit,
  request,
}) => {
  // A token we never signed: garbage, a well-formed one with a made-up signature, none at all.
  const forged = `${Buffer.from("00000000-0000-4000-8000-000000000000\nwatched-category").toString("base64url")}.nicht-signiert`;
  for (const token of ["ungueltig", forged, ""]) {
    const path = `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain("Dieser Abmeldelink ist ungültig.");
  }
  // In the browser: the page with its message, no button to press.
  await visit("/notifications/unsubscribe?token=ungueltig", { status: 400 });
  await expect(page.getByRole("alert")).toHaveText("Dieser Abmeldelink ist ungültig.");
  await expect(page.getByRole("button", { name: "Abbestellen" })).toHaveCount(0);
});
