import type { Browser, Page } from "@playwright/test";
import { request } from "@playwright/test";
import { objectionTexts } from "../app/lib/legal";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { noSidewaysScrollAt320, scanBothThemes } from "./looks";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, type Member } from "./members";
import { linkIn, waitForMail } from "./mail";
import { discussionWithComment, findReviewItem } from "./moderation-helpers";

/**
 * Notice and action (DSA Art. 16, 17, 20; decision 0048) from end to end, with and without JavaScript: a guest
 * reports a comment as illegal and confirms the address from the mail, a moderator removes it from the queue, the
 * notifier hears the decision, the author reads the statement of reasons and objects, the moderator who decided
 * cannot decide the objection, another one restores the comment, and the author is told.
 */

async function browserPage(browser: Browser, javaScriptEnabled: boolean, member?: Member): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  if (member) await signInOverHttp(page, member.email, member.password);
  return page;
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

async function guestSees(baseURL: string, path: string, text: string): Promise<boolean> {
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    return (await (await guest.get(path)).text()).includes(text);
  } finally {
    await guest.dispose();
  }
}

/** The comment's item in the queue as the page shows it. */
const itemCard = (page: Page, commentId: string) =>
  page.getByTestId("review-item").filter({ has: page.locator(`a[href$="#comment-${commentId}"]`) });

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: a guest's notice, a removal, the statement of reasons, an objection another moderator upholds`, async ({
    browser,
    baseURL,
    page: fixturePage,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    const [writing, deciding, reviewing] = await createMembers([
      { firstName: "Verfasserin" },
      { role: "moderator" },
      { role: "moderator" },
    ]);
    const stamp = `${Date.now()}-${javaScriptEnabled ? "js" : "html"}`;
    const text = `Die Agentur ${stamp} zockt ihre Kunden ab.`;
    const { path, commentId } = await discussionWithComment(await clientOf(writing), `Rechtliche Meldung ${stamp}`, text);
    const since = Date.now();

    // A guest, from the post: the form knows the post's address.
    const guest = javaScriptEnabled ? fixturePage : await browserPage(browser, false);
    await open(guest, path, javaScriptEnabled);
    await guest
      .locator(`#comment-${commentId}`)
      .getByRole("link", { name: /^Rechtsverstoß melden/ })
      .click();
    await expect(guest.getByRole("heading", { name: "Rechtswidrigen Inhalt melden", level: 1 })).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(guest);
    await expect(guest.getByLabel("Adresse des Inhalts")).toHaveValue(new RegExp(`#comment-${commentId}$`));
    if (javaScriptEnabled) {
      await noSidewaysScrollAt320(guest);
      await scanBothThemes(guest, checkA11y, "legal-notice-form");
    }
    const email = `gast-${stamp}@example.org`;
    await guest.getByLabel("Welches Recht verletzt der Inhalt?").selectOption("insult");
    await guest.getByLabel("Warum ist der Inhalt rechtswidrig?").fill("Unwahre Tatsachenbehauptung über eine erkennbare Agentur.");
    await guest.getByLabel("Ihr Name").fill("Gerda Gast");
    await guest.getByLabel("Ihre E-Mail-Adresse").fill(email);
    // The statement of good faith is required: a German message, never the browser's bubble.
    await guest.getByRole("button", { name: "Meldung senden" }).click();
    await expect(guest.getByText("Bitte bestätigen Sie, dass Ihre Angaben nach bestem Wissen richtig und vollständig sind.")).toBeVisible();
    await guest.getByLabel(/in gutem Glauben/).check();
    await guest.getByRole("button", { name: "Meldung senden" }).click();
    await expect(guest.getByTestId("notice-sent")).toContainText(email);

    // Not counted before the address is confirmed: the link's page asks, its button confirms.
    const confirmation = linkIn(await waitForMail(email, "legal-notice-confirm", since), "/legal-notice/confirm");
    await open(guest, confirmation, javaScriptEnabled);
    await guest.getByRole("button", { name: "Meldung bestätigen" }).click();
    await expect(guest.getByTestId("notice-confirmed")).toContainText("Aktenzeichen M-");
    await waitForMail(email, "legal-notice-received", since);

    // The queue shows it as a legal notice; the moderator removes the comment.
    const moderator = await browserPage(browser, javaScriptEnabled, deciding);
    const { path: queuePath } = await findReviewItem(moderator.request, commentId);
    await open(moderator, queuePath, javaScriptEnabled);
    const card = itemCard(moderator, commentId);
    await expect(card.getByText("Rechtliche Meldung", { exact: true })).toBeVisible();
    await expect(card.getByRole("heading", { name: "Meldung eines rechtswidrigen Inhalts (DSA)" })).toBeVisible();
    await expect(card.getByText("Gerda Gast (Gast, E-Mail bestätigt)", { exact: false })).toBeVisible();
    await card.getByRole("button", { name: "Ausblenden", exact: true }).click();
    await expect(itemCard(moderator, commentId)).toHaveCount(0);
    expect((await waitForMail(email, "legal-notice-decided", since)).text).toContain("Der Inhalt wurde entfernt");
    await expect.poll(() => guestSees(baseURL!, path, text)).toBe(false);

    // The author reads the statement of reasons from the mail and objects.
    const statementLink = linkIn(await waitForMail(writing.email, "statement-of-reasons", since), "/statement/");
    // With JavaScript the test's own page (axe's) signs in as the author; the guest is done.
    const author = javaScriptEnabled ? fixturePage : await browserPage(browser, false, writing);
    if (javaScriptEnabled) await signInOverHttp(author, writing.email, writing.password);
    // On the discussion the author still reads their comment, marked hidden, with the way to the reasons.
    await open(author, path, javaScriptEnabled);
    const own = author.locator(`#comment-${commentId}`);
    await expect(own).toContainText("Ausgeblendet: Nur Sie und das Moderationsteam sehen diesen Kommentar.");
    await expect(own).toContainText(text);
    await own.getByRole("link", { name: "Begründung und Widerspruch" }).click();
    await expect(author).toHaveURL(new RegExp(`${new URL(statementLink).pathname}$`));
    const statement = author.getByTestId("statement-of-reasons");
    await expect(statement).toContainText("Ihr Beitrag wurde ausgeblendet");
    await expect(statement).toContainText("Beleidigung");
    await expect(statement).toContainText("Nein: Ein Mitglied des Moderationsteams hat entschieden.");
    if (javaScriptEnabled) {
      await noSidewaysScrollAt320(author);
      await scanBothThemes(author, checkA11y, "statement-of-reasons");
    }
    await author.getByLabel("Warum halten Sie die Entscheidung für falsch?").fill("Ich habe nur meine eigene Erfahrung geschildert.");
    await author.getByRole("button", { name: "Widerspruch einlegen" }).click();
    await expect(author.getByTestId("objection-state")).toContainText("Ein anderes Mitglied des Teams prüft ihn");
    // A stranger to the statement gets a 404, not the author's post.
    expect((await moderator.request.get(new URL(statementLink).pathname)).status()).toBe(200);
    const stranger = await clientOf((await createMembers([{ firstName: "Fremd" }]))[0]);
    expect((await stranger.get(new URL(statementLink).pathname)).status()).toBe(404);

    // The moderator who decided cannot decide the objection: the queue says so, and a forged form gets 403.
    const second = await browserPage(browser, javaScriptEnabled, reviewing);
    const { id: objectionId, path: objectionPath } = await findReviewItem(second.request, commentId);
    await open(moderator, objectionPath, javaScriptEnabled);
    await expect(itemCard(moderator, commentId)).toContainText("Über diesen Widerspruch entscheidet ein anderes Mitglied des Teams");
    const forged = await moderator.request.post("/moderation", {
      form: { intent: "decide", itemId: objectionId, decision: "uphold-objection" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain(objectionTexts.sameDecider);

    await open(second, objectionPath, javaScriptEnabled);
    const objectionCard = itemCard(second, commentId);
    await expect(objectionCard.getByText("Widerspruch", { exact: true })).toBeVisible();
    await expect(objectionCard).toContainText("„Ich habe nur meine eigene Erfahrung geschildert.“");
    await objectionCard.getByRole("button", { name: "Widerspruch stattgeben" }).click();
    await expect(itemCard(second, commentId)).toHaveCount(0);
    expect((await waitForMail(writing.email, "objection-decided", since)).text).toContain("stattgegeben");
    await expect.poll(() => guestSees(baseURL!, path, text)).toBe(true);
    await open(author, statementLink, javaScriptEnabled);
    await expect(author.getByTestId("objection-state")).toContainText("Ihrem Widerspruch wurde stattgegeben");

    for (const opened of [moderator, second]) await opened.context().close();
    if (!javaScriptEnabled) for (const opened of [guest, author]) await opened.context().close();
    await stranger.dispose();
  });
}
