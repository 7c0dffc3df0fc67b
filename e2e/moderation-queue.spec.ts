import { request, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { silencedText, suspensionText } from "../app/lib/moderation";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { atPhoneAndDesktopWidths, expectNoSidewaysScroll, screenshotForReview } from "./looks";
import { signIn, signInOverHttp, storageStateOf } from "./auth-helpers";
import { clientOf, createMembers, pageOf, profilePathOf } from "./members";
import { discussionWithComment, findReviewItem, report } from "./moderation-helpers";

/**
 * The review queue (/moderation, decision 0030), suspending and silencing, as members, staff and guests meet them.
 * Every person is the test's own; other specs' items share the queue, so each test finds its own item.
 */

async function guestClient(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
}

/** What a guest gets for a page: its text without tags, and whether the guests' page cache answered. */
async function asGuest(baseURL: string, path: string): Promise<{ text: string; cache: string | undefined }> {
  const guest = await guestClient(baseURL);
  try {
    const response = await guest.get(path);
    return { text: (await response.text()).replace(/<[^>]*>/g, ""), cache: response.headers()["x-page-cache"] };
  } finally {
    await guest.dispose();
  }
}

/** The item of the comment in the queue, as the browser shows it. */
function itemCard(page: Page, commentId: string) {
  return page.getByTestId("review-item").filter({ has: page.locator(`a[href$="#comment-${commentId}"]`) });
}

test("two new members and a moderator report a comment: hidden for guests, cached page included; another moderator keeps it from the queue, and the reporters are told", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Accounts made for a test are minutes old, so new members (decision 0035): their reports only queue a post
  // (decision 0030). Staff's report weighs enough alone; three established members hiding a post is an integration test.
  const [writing, first, second, third, moderating] = await createMembers([
    { firstName: "Verfasserin" },
    { firstName: "Anna" },
    { firstName: "Bert" },
    { firstName: "Cleo", role: "moderator" },
    { role: "moderator" },
  ]);
  const text = `Günstige Backlinks unter linkshop-${Date.now()}.example`;
  const { path, commentId } = await discussionWithComment(await clientOf(writing), `Warteschlange behalten ${Date.now()}`, text);
  // A guest reads the page, then again from the guests' page cache.
  expect((await asGuest(baseURL!, path)).text).toContain(text);
  await expect.poll(async () => (await asGuest(baseURL!, path)).cache).toBe("hit");

  const reporters = await Promise.all([first, second, third].map((member) => clientOf(member)));
  await report(reporters[0]!, path, commentId, "spam");
  await report(reporters[1]!, path, commentId, "other", "Reine Werbung für einen Linkshop");
  expect((await asGuest(baseURL!, path)).text).toContain(text);
  await report(reporters[2]!, path, commentId, "spam");
  // The moderator's report hid it: the cached page is renewed, the guest no longer reads it.
  await expect.poll(async () => (await asGuest(baseURL!, path)).text.includes(text)).toBe(false);

  const page = await pageOf(browser, moderating);
  const moderator = page.request;
  const { path: queuePath } = await findReviewItem(moderator, commentId);
  await page.goto(queuePath);
  await waitForHydration(page);
  // The sidebar leads here, with the number of open items.
  await expect(
    page.getByTestId("sidebar").getByRole("link", { name: /^Moderation \(\d+ (offener Eintrag|offene Einträge)\)$/ }),
  ).toBeVisible();
  const card = itemCard(page, commentId);
  await expect(card).toHaveCount(1);
  // Hidden, and its text still there for staff; the reports grouped; the author's history.
  await expect(card.getByText("Ausgeblendet", { exact: true })).toBeVisible();
  await expect(card.locator("blockquote")).toHaveText(text);
  await expect(card.getByRole("heading", { name: "3 Meldungen" })).toBeVisible();
  await expect(card.getByText("Spam: 2")).toBeVisible();
  await expect(card.getByText("Sonstiges: 1")).toBeVisible();
  await expect(card.getByText("„Reine Werbung für einen Linkshop“")).toBeVisible();
  for (const reporter of [first, second, third]) await expect(card.getByRole("link", { name: reporter.name })).toBeVisible();
  await expect(card.getByRole("link", { name: writing.name })).toBeVisible();
  await expect(card.getByText("Hilfreich erhalten")).toBeVisible();
  await expect(card.getByText("Frühere Einträge")).toBeVisible();

  await card.getByRole("button", { name: "Behalten" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Beitrag bleibt sichtbar" })).toBeVisible();
  await expect(itemCard(page, commentId)).toHaveCount(0);

  await expect.poll(async () => (await asGuest(baseURL!, path)).text.includes(text)).toBe(true);
  for (const reporter of reporters) {
    const notifications = (await (await reporter.get("/notifications")).text()).replace(/<[^>]*>/g, "");
    expect(notifications).toContain("wurde geprüft: Der Beitrag bleibt sichtbar.");
  }
  for (const client of reporters) await client.dispose();
  await page.context().close();
});

test("without JavaScript: 'Als Spam löschen' asks once more, then hides every post of the author and suspends them", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const [spamming, reporting, moderating] = await createMembers([
    { firstName: "Spammerin" },
    { firstName: "Melder" },
    { role: "moderator" },
  ]);
  const spammer = await clientOf(spamming);
  const stamp = Date.now();
  const { path, commentId } = await discussionWithComment(spammer, `Spam ohne Skript ${stamp}`, `Linkfarm ${stamp}`);
  await report(await clientOf(reporting), path, commentId, "spam");

  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  await signInOverHttp(page, moderating.email, moderating.password);
  const { path: queuePath } = await findReviewItem(page.request, commentId);
  await page.goto(queuePath);
  const card = itemCard(page, commentId);
  const confirm = card.getByRole("button", { name: "Ja, als Spam löschen" });
  await expect(confirm).toBeHidden();
  await card.getByText("Als Spam löschen …").click();
  await expect(card.getByText(`Alle Beiträge von ${spamming.name} werden ausgeblendet`)).toBeVisible();
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`${queuePath.replace("?", "\\?")}$`));
  await expect(itemCard(page, commentId)).toHaveCount(0);

  // The whole discussion is the spammer's: gone for guests. The spammer is signed out and cannot come back.
  expect((await (await guestClient(baseURL!)).get(path)).status()).toBe(404);
  expect((await spammer.get("/create-discussion", { maxRedirects: 0 })).headers().location).toMatch(/^\/auth/);
  const again = await spammer.post("/auth", {
    form: { intent: "sign-in", email: spamming.email, password: spamming.password },
    maxRedirects: 0,
  });
  expect(again.status()).toBeGreaterThanOrEqual(400);
  // Refused after the right password: the member reads why (the spam decision's reason) and that it has no end.
  expect(await again.text()).toMatch(/Ihr Konto ist von der Moderation bis auf Weiteres gesperrt\. Grund: \S/);
  await context.close();
});

test("a suspended member is signed out at once and cannot sign in; only staff read the suspension on the profile", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const [suspending, moderating] = await createMembers([{ firstName: "Gesperrte" }, { role: "moderator" }]);
  const profile = await profilePathOf(suspending);
  const memberPage = await pageOf(browser, suspending);
  await memberPage.goto("/");
  await expect(memberPage.getByTestId("sidebar").getByTestId("user-menu")).toBeVisible();

  // The moderator suspends from the profile, in the browser.
  const staffPage = await pageOf(browser, moderating);
  await staffPage.goto(profile);
  await waitForHydration(staffPage);
  const card = staffPage.getByTestId("restriction-card");
  await expect(card).toContainText(`${suspending.name} ist weder gesperrt noch stummgeschaltet.`);
  await card.getByText("Sperren oder stummschalten").click();
  await card.getByLabel(/^Sperren/).check();
  await card.getByLabel(/^Unbefristet/).check();
  // The reason is required, and said so in German.
  await card.getByRole("button", { name: "Maßnahme festlegen" }).click();
  await expect(card.getByText("Bitte geben Sie einen Grund an. Das Mitglied liest ihn.")).toBeVisible();
  await card.getByLabel(/^Grund/).fill("Wiederholt Werbelinks");
  await card.getByRole("button", { name: "Maßnahme festlegen" }).click();
  await expect(staffPage.locator("[data-sonner-toast]").filter({ hasText: "Mitglied gesperrt" })).toBeVisible();
  await expect(staffPage.getByTestId("restriction-notice")).toHaveText("Gesperrt unbefristet – Grund: Wiederholt Werbelinks");
  // Only an administrator lifts it.
  await expect(staffPage.getByRole("button", { name: "Sperre aufheben" })).toHaveCount(0);

  // The member's very next request is a guest's.
  await memberPage.reload();
  await expect(memberPage.getByTestId("sidebar").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expect(memberPage.getByTestId("sidebar").getByTestId("user-menu")).toHaveCount(0);
  await signIn(memberPage, suspending.email, suspending.password);
  await expect(memberPage.getByText(suspensionText({ until: null, reason: "Wiederholt Werbelinks" })).first()).toBeVisible();
  await expect(memberPage).toHaveURL(/\/auth/);

  // Nobody else reads it: a guest, a member.
  expect((await asGuest(baseURL!, profile)).text).not.toContain("Wiederholt Werbelinks");
  const member = await request.newContext({ baseURL, storageState: storageStateOf("member") });
  const asMember = await (await member.get(profile)).text();
  expect(asMember).not.toContain("Wiederholt Werbelinks");
  expect(asMember).not.toContain("restriction-card");
  await member.dispose();
  await memberPage.context().close();
  await staffPage.context().close();
});

test("a silenced member reads, and every write answers 403 with a German message; an administrator lifts it", async () => {
  test.setTimeout(60_000);
  const [silencing, writing, moderating, administrating] = await createMembers([
    { firstName: "Stumme" },
    { firstName: "Autor" },
    { role: "moderator" },
    { role: "admin" },
  ]);
  const { path, commentId } = await discussionWithComment(await clientOf(writing), `Stumm ${Date.now()}`, "Eine Antwort");
  const profile = await profilePathOf(silencing);
  const moderator = await clientOf(moderating);

  // Refused forms say why, in German; the typed reason comes back.
  const restrict = (form: Record<string, string>) => moderator.post(profile, { form: { intent: "restrict", ...form }, maxRedirects: 0 });
  const noReason = await restrict({ kind: "silence", duration: "indefinite", reason: "" });
  expect(noReason.status()).toBe(400);
  expect(await noReason.text()).toContain("Bitte geben Sie einen Grund an.");
  const past = await restrict({ kind: "silence", duration: "until", until: "2020-01-01", reason: "Vergangen" });
  expect(past.status()).toBe(400);
  const pastHtml = await past.text();
  expect(pastHtml).toContain("Das Enddatum muss nach dem heutigen Tag liegen.");
  expect(pastHtml).toContain(">Vergangen</textarea>");
  const noDate = await restrict({ kind: "silence", duration: "until", until: "", reason: "Ohne Datum" });
  expect(await noDate.text()).toContain("Bitte geben Sie an, bis wann");
  const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const silenced = await restrict({ kind: "silence", duration: "until", until: inAWeek, reason: "Beleidigender Ton" });
  expect(silenced.status()).toBe(302);
  expect(await (await moderator.get(profile)).text()).toMatch(/Stummgeschaltet bis \d\d\.\d\d\.\d{4}, 23:59 – Grund: Beleidigender Ton/);

  const member = await clientOf(silencing);
  // Reading works, with the banner on every page.
  for (const readable of [path, "/", "/members"]) {
    const response = await member.get(readable);
    expect(response.status(), readable).toBe(200);
    expect(await response.text(), readable).toContain('data-testid="silenced-banner"');
  }
  const message = "Ihr Konto ist von der Moderation stummgeschaltet";
  expect(silencedText({ until: null, reason: null })).toContain(message);
  const writes = {
    comment: () => member.post(path, { form: { intent: "create-comment", content: "Doch noch etwas" }, maxRedirects: 0 }),
    "new discussion": () =>
      member.post("/create-discussion", {
        form: { similarSeen: "1", title: `Stumm schreiben ${Date.now()}`, category: "general", content: "Text", contentFormat: "text" },
        maxRedirects: 0,
      }),
    Hilfreich: () => member.post(path, { form: { intent: "helpful", helpful: `${commentId}:true` }, maxRedirects: 0 }),
    report: () => member.post(path, { form: { intent: "report", commentId, reason: "spam" }, maxRedirects: 0 }),
    // The public profile is public text too: no links into the bio or company while silenced.
    profile: () =>
      member.post(profile, {
        form: {
          intent: "update-profile",
          firstName: silencing.firstName,
          lastName: silencing.lastName,
          company: "https://spam.example",
          expertise: "seo",
          experience: "experte",
          bio: "Jetzt kaufen: https://spam.example/angebot",
        },
        maxRedirects: 0,
      }),
  };
  for (const [name, write] of Object.entries(writes) as Array<[string, () => Promise<APIResponse>]>) {
    const response = await write();
    expect(response.status(), name).toBe(403);
    expect(await response.text(), name).toContain(message);
  }

  // A moderator may not lift it; an administrator may, and the member writes again.
  expect((await moderator.post(profile, { form: { intent: "lift-restriction" }, maxRedirects: 0 })).status()).toBe(403);
  const admin = await clientOf(administrating);
  expect((await admin.post(profile, { form: { intent: "lift-restriction" }, maxRedirects: 0 })).status()).toBe(302);
  expect((await writes.comment()).status()).toBe(302);
  expect((await writes.Hilfreich()).status()).toBe(302);
  expect((await writes.profile()).status()).toBe(302);
  for (const client of [moderator, member, admin]) await client.dispose();
});

test.describe("the queue and the restriction card look right", () => {
  test("axe in light and dark, at 320 px, 375 px and on the desktop without sideways scrolling", async ({ page, checkA11y }) => {
    test.setTimeout(90_000);
    const [writing, reporting, restricted, administrating] = await createMembers([
      { firstName: "Autorin" },
      { firstName: "Melderin" },
      { firstName: "Gesperrter", lastName: "MitEinemSehrLangenNachnamenOhneLeerzeichen" },
      { role: "admin" },
    ]);
    const stamp = Date.now();
    const { path, commentId } = await discussionWithComment(
      await clientOf(writing),
      `Barrierefreie Warteschlange ${stamp}`,
      `Ein sehr langer Kommentar ohne Pausen: https://example.com/${"sehr-lange-adresse-".repeat(8)}${stamp} und noch etwas Text dazu.`,
    );
    await report(await clientOf(reporting), path, commentId, "other", "Ein Hinweis, der erklärt, warum dieser Beitrag nicht passt.");
    const admin = await clientOf(administrating);
    const profile = await profilePathOf(restricted);
    expect(
      (
        await admin.post(profile, { form: { intent: "restrict", kind: "silence", duration: "indefinite", reason: "Ton" }, maxRedirects: 0 })
      ).status(),
    ).toBe(302);
    await admin.dispose();

    await signInOverHttp(page, administrating.email, administrating.password);
    // A page load takes the sign-in's welcome toast, so the scans below see the pages alone.
    await page.request.get("/impressum");
    const { path: queuePath } = await findReviewItem(page.request, commentId);
    for (const [name, target] of [
      ["moderation", queuePath],
      ["profile", profile],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto(target);
      await waitForHydration(page);
      // The cookie banner would cover the screenshots (it has its own scans).
      const banner = page.getByTestId("cookie-banner");
      if (await banner.isVisible()) await banner.getByRole("button", { name: "Nur notwendige" }).click();
      if (name === "profile") await page.getByTestId("restriction-card").getByText("Maßnahme ändern").click();
      else await itemCard(page, commentId).getByText("Als Spam löschen …").click();
      await checkA11y();
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
      await checkA11y({ colourOnly: true });
      await atPhoneAndDesktopWidths(page, async (width, scheme) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshotForReview(page, `${name}-${width}-${scheme}`, { fullPage: true });
      });
    }

    // The silenced member's banner, on a phone.
    await signInOverHttp(page, restricted.email, restricted.password);
    await page.request.get("/impressum");
    await page.setViewportSize({ width: 320, height: 700 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/members");
    await waitForHydration(page);
    await expect(page.getByTestId("silenced-banner")).toContainText("Ihr Konto ist von der Moderation stummgeschaltet");
    await expect(page.getByTestId("silenced-banner")).toContainText("Grund: Ton");
    await checkA11y();
    await expectNoSidewaysScroll(page);
    await screenshotForReview(page, "silenced-320-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
    await checkA11y({ colourOnly: true });
    await screenshotForReview(page, "silenced-320-dark");
  });
});
