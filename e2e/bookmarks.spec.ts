import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { atPhoneAndDesktopWidths, expectNoSidewaysScroll, screenshotForReview } from "./looks";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";
import { discussionWithComment } from "./moderation-helpers";

/**
 * A member keeps posts as bookmarks with a note and a reminder, with and without JavaScript,
 * finds them on /bookmarks, and the reminder arrives as a notification when the server's job runner runs it.
 */

/** Berlin's wall clock `secondsAhead` from now, as a date-and-time field takes it ("2026-11-26T19:30:15"). */
function berlinInput(secondsAhead: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(Date.now() + secondsAhead * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
}

test("a bookmark with a reminder produces a notification (the reminder worker runs in the test)", async ({ page }) => {
  test.setTimeout(180_000);
  const [writing, reading] = await createMembers([{ firstName: "Autorin" }, { firstName: "Leserin" }]);
  const { path, commentId } = await discussionWithComment(
    await clientOf(writing),
    `Lesezeichen mit Erinnerung ${Date.now()}`,
    "Die Sichtbarkeit messe ich wöchentlich mit einem Index.",
  );
  await signInOverHttp(page, reading.email, reading.password);
  await page.goto(path);
  await waitForHydration(page);
  const comment = page.locator(`#comment-${commentId}`);
  await comment.getByRole("button", { name: /^Merken/ }).click();
  // The fetcher answers without a new page: the button says so at once, and stays after the server's answer.
  await expect(comment.getByRole("button", { name: /^Gemerkt/ })).toBeVisible();
  await expect(page.getByText("Lesezeichen gesetzt")).toBeVisible();

  await comment.getByRole("link", { name: /Notiz & Erinnerung/ }).click();
  const form = comment.getByRole("form", { name: "Lesezeichen: Notiz und Erinnerung" });
  await form.getByRole("textbox", { name: /^Notiz/ }).fill("Für das Reporting im Januar");
  // A few seconds ahead: the server's runner (polling every 2.5 s, woken at the commit) sends it during the test.
  await form.getByLabel("Datum und Uhrzeit der Erinnerung").fill(berlinInput(6));
  await expect(form.getByRole("radio", { name: "Am …" })).toBeChecked();
  await form.getByRole("button", { name: "Lesezeichen speichern" }).click();
  await expect(page.getByText(/Lesezeichen gespeichert – wir erinnern Sie am/)).toBeVisible();
  await expect(comment.getByTestId("bookmark-note")).toHaveText("Ihre Notiz: Für das Reporting im Januar");
  await expect(comment.getByRole("link", { name: /^Erinnerung: / })).toBeVisible();

  // The reminder: a notification leading to the comment, with the note, and the bell counts it.
  await expect(async () => {
    const html = await (await page.request.get("/notifications")).text();
    expect(html).toContain("Erinnerung an Ihr Lesezeichen");
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await page.goto("/notifications");
  const reminder = page.getByTestId("notification").filter({ hasText: "Erinnerung an Ihr Lesezeichen" });
  await expect(reminder).toContainText("Ihre Notiz: Für das Reporting im Januar");
  await expect(reminder).toHaveAttribute("data-read", "false");
  await reminder.getByRole("button", { name: "Lesen" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}#comment-${commentId}$`));

  // /bookmarks lists it, the reminder as gone out.
  await page.goto("/bookmarks");
  const listed = page.getByTestId("bookmark");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Die Sichtbarkeit messe ich wöchentlich");
  await expect(listed).toContainText("Erinnert am");
});

/** The day `days` from now as the forum writes it ("21.11.2026"), in Berlin. */
function berlinDay(days: number): string {
  return new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const REMINDER_CHOICE = "Sollen wir Sie an diesen Beitrag erinnern?";

test("the reminder is chosen right after 'Merken', in place: the server keeps it and /bookmarks shows its time", async ({ page }) => {
  const [writing, reading] = await createMembers([{ firstName: "Autorin" }, { firstName: "Leserin" }]);
  const { path, commentId } = await discussionWithComment(
    await clientOf(writing),
    `Gleich erinnern ${Date.now()}`,
    "Die Rankings prüfe ich jeden Montag.",
  );
  await signInOverHttp(page, reading.email, reading.password);
  await page.goto(path);
  await waitForHydration(page);
  const comment = page.locator(`#comment-${commentId}`);
  // Offered once the server has kept the bookmark, not while it is on its way (the page's view beacon posts too).
  const kept = page.waitForResponse((response) => response.request().postData()?.includes("intent=bookmark") ?? false);
  await comment.getByRole("button", { name: /^Merken/ }).click();
  expect((await kept).status()).toBe(200);
  const choice = comment.getByRole("form", { name: REMINDER_CHOICE });
  await expect(choice).toBeVisible();
  const days = [berlinDay(7)];
  await choice.getByRole("button", { name: "In einer Woche" }).click();
  days.push(berlinDay(7));
  const toast = page.getByText(/^Lesezeichen gespeichert – wir erinnern Sie am /);
  await expect(toast).toBeVisible();
  const at = /am (.+)\.$/.exec((await toast.textContent()) ?? "")![1]!;
  expect(
    days.some((day) => at.startsWith(day)),
    `${at} is a week from now`,
  ).toBe(true);
  await expect(comment.getByRole("link", { name: new RegExp(`^Erinnerung: ${at}`) })).toBeVisible();
  await expect(choice).toHaveCount(0);

  // "Keine Erinnerung": the question stays kept, without a reminder, and the choice closes.
  await page.getByRole("button", { name: /^Merken – Diskussion/ }).click();
  const onQuestion = page.getByRole("form", { name: REMINDER_CHOICE });
  await onQuestion.getByRole("link", { name: "Keine Erinnerung" }).click();
  await expect(onQuestion).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Gemerkt – Diskussion/ })).toBeVisible();

  await page.goto("/bookmarks");
  const listed = page.getByTestId("bookmark");
  await expect(listed).toHaveCount(2);
  await expect(listed.filter({ hasText: "Die Rankings prüfe ich jeden Montag." })).toContainText(`Erinnerung am ${at}`);
  await expect(listed.filter({ hasText: "Eine Frage für die Moderation" })).not.toContainText("Erinnerung am");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page comes back at the post just kept with its reminder's choice; /bookmarks shows the reminder", async ({ page }) => {
    const [writing, reading] = await createMembers([{ firstName: "Autor" }, { firstName: "Leser" }]);
    const { path, commentId } = await discussionWithComment(
      await clientOf(writing),
      `Gleich erinnern ohne Skript ${Date.now()}`,
      "Den Crawl-Report lese ich morgen.",
    );
    await signInOverHttp(page, reading.email, reading.password);
    await page.goto(path);
    const comment = page.locator(`#comment-${commentId}`);
    await comment.getByRole("button", { name: /^Merken/ }).click();
    await expect(page).toHaveURL(new RegExp(`bookmarked=${commentId}#comment-${commentId}$`));
    const choice = comment.getByRole("form", { name: REMINDER_CHOICE });
    const days = [berlinDay(1)];
    await choice.getByRole("button", { name: "Morgen" }).click();
    await expect(comment.getByRole("link", { name: /^Erinnerung: / })).toBeVisible();
    days.push(berlinDay(1));
    await expect(page).toHaveURL(new RegExp(`${path}#comment-${commentId}$`));
    await expect(choice).toHaveCount(0);

    // "Keine Erinnerung" goes back to the page without the choice; the question stays kept.
    await page.getByRole("button", { name: /^Merken – Diskussion/ }).click();
    const onQuestion = page.getByRole("form", { name: REMINDER_CHOICE });
    await onQuestion.getByRole("link", { name: "Keine Erinnerung" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(onQuestion).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Gemerkt – Diskussion/ })).toBeVisible();

    await page.goto("/bookmarks");
    const onComment = page.getByTestId("bookmark").filter({ hasText: "Den Crawl-Report lese ich morgen." });
    await expect(onComment).toContainText(new RegExp(`Erinnerung am (${days.join("|")}), \\d\\d:\\d\\d`));
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

  test("bookmarking, a refused date in German, a preset reminder, /bookmarks with edit and remove; guests are sent to sign in", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const [writing, reading] = await createMembers([{ firstName: "Autor" }, { firstName: "Leser" }]);
    const title = `Lesezeichen ohne Skript ${Date.now()}`;
    const { path, commentId } = await discussionWithComment(await clientOf(writing), title, "Ein Kommentar zum Merken.");
    await signInOverHttp(page, reading.email, reading.password);
    await page.goto(path);
    await page.getByRole("button", { name: /^Merken – Diskussion/ }).click();
    await expect(page.getByRole("button", { name: /^Gemerkt – Diskussion/ })).toBeVisible();

    const comment = page.locator(`#comment-${commentId}`);
    await comment.getByRole("button", { name: /^Merken/ }).click();
    await expect(page).toHaveURL(new RegExp(`#comment-${commentId}$`));
    await comment.getByRole("link", { name: /Notiz & Erinnerung/ }).click();
    const form = comment.getByRole("form", { name: "Lesezeichen: Notiz und Erinnerung" });
    await form.getByRole("textbox", { name: /^Notiz/ }).fill("Später lesen");
    await form.getByRole("radio", { name: "Am …" }).check();
    await form.getByLabel("Datum und Uhrzeit der Erinnerung").fill("2020-01-01T10:00");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await form.getByRole("button", { name: "Lesezeichen speichern" }).click();
    expect((await refused).status()).toBe(400);
    await expect(form.getByText("Die Erinnerung muss in der Zukunft liegen.")).toBeVisible();
    // What was typed is still there.
    await expect(form.getByRole("textbox", { name: /^Notiz/ })).toHaveValue("Später lesen");
    await form.getByRole("radio", { name: "In 3 Tagen" }).check();
    await form.getByRole("button", { name: "Lesezeichen speichern" }).click();
    // Toasts need JavaScript; the page itself shows what was saved.
    await expect(comment.getByTestId("bookmark-note")).toHaveText("Ihre Notiz: Später lesen");
    await expect(comment.getByRole("link", { name: /^Erinnerung: / })).toBeVisible();

    await page.goto("/bookmarks");
    const listed = page.getByTestId("bookmark");
    await expect(listed).toHaveCount(2);
    const onComment = listed.filter({ hasText: "Ein Kommentar zum Merken." });
    await expect(onComment).toContainText("Ihre Notiz: Später lesen");
    await expect(onComment).toContainText("Erinnerung am");
    await onComment.getByRole("link", { name: /Notiz & Erinnerung/ }).click();
    await onComment.getByRole("textbox", { name: /^Notiz/ }).fill("Doch gleich lesen");
    await onComment.getByRole("radio", { name: "Keine Erinnerung" }).check();
    await onComment.getByRole("button", { name: "Speichern" }).click();
    await expect(listed.filter({ hasText: "Ein Kommentar zum Merken." })).toContainText("Ihre Notiz: Doch gleich lesen");
    await expect(listed.filter({ hasText: "Ein Kommentar zum Merken." })).not.toContainText("Erinnerung am");
    await listed
      .filter({ hasText: "Eine Frage für die Moderation" })
      .getByRole("button", { name: /^Entfernen/ })
      .click();
    await expect(listed).toHaveCount(1);
    await expectNoSidewaysScroll(page);

    const guest = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
    const guestPage = await guest.newPage();
    await guestPage.goto("/bookmarks");
    await expect(guestPage).toHaveURL(/\/auth\?redirectTo=%2Fbookmarks$/);
    await guestPage.goto(path);
    await expect(guestPage.getByRole("button", { name: /^Merken/ })).toHaveCount(0);
    await guest.close();
  });
});

test("bookmarks look right: axe in light and dark, 320 px, 375 px and the desktop without sideways scrolling", async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(180_000);
  const [writing, reading] = await createMembers([
    { firstName: "Autorin" },
    { firstName: "Leserin", lastName: "MitEinemSehrLangenNachnamenOhneLeerzeichen" },
  ]);
  const { path, commentId } = await discussionWithComment(
    await clientOf(writing),
    `Barrierefreie Lesezeichen ${Date.now()}`,
    `Ein langer Kommentar: https://example.com/${"sehr-lange-adresse-".repeat(6)} und noch etwas Text.`,
  );
  const reader = await clientOf(reading);
  expect((await reader.post(path, { form: { intent: "bookmark", bookmark: `${commentId}:true` }, maxRedirects: 0 })).status()).toBe(302);
  expect(
    (
      await reader.post(path, {
        form: { intent: "save-bookmark", post: "discussion", note: `Eine Notiz ${"mit vielen Wörtern ".repeat(8)}`, remind: "7" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  await signInOverHttp(page, reading.email, reading.password);
  await page.request.get("/impressum");
  for (const [name, target] of [
    ["discussion", `${path}?bookmark=${commentId}#comment-${commentId}`],
    // The reminder's choice right after "Merken" (the comment is kept without one).
    ["reminder-choice", `${path}?bookmarked=${commentId}#comment-${commentId}`],
    ["bookmarks", "/bookmarks"],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(target);
    await waitForHydration(page);
    const banner = page.getByTestId("cookie-banner");
    if (await banner.isVisible()) await banner.getByRole("button", { name: "Nur notwendige" }).click();
    if (name === "reminder-choice") await expect(page.getByTestId("reminder-choice")).toBeVisible();
    await checkA11y();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
    await checkA11y({ colourOnly: true });
    await atPhoneAndDesktopWidths(page, async (width, scheme) => {
      const shot = name === "bookmarks" ? page.locator("main") : page.locator(`#comment-${commentId}`);
      await screenshotForReview(shot, `${name}-${width}-${scheme}`);
    });
  }
});
