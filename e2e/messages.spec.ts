import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { expect, test, testClientIp, untilServerAnswers, waitForHydration } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, pageOf, profilePathOf, type Member } from "./members";
import { memberIdOf, moderationPageWith, publishSomething, sendOverHttp, startConversationOverHttp } from "./message-helpers";
import { expectNoSidewaysScroll, noSidewaysScrollAt320, scanBothThemes, screenshotForReview } from "./looks";
import { chartPng, pasteFile } from "./pictures";

/**
 * Direct messages (decision 0062), as members use them: written from a profile, told live by the bell and the tab's
 * title, answered, opened to a third member, a 404 for anyone else; blocked with the one neutral German sentence;
 * reported to the moderation, which sees the message with its neighbours only; a picture in a message, for its
 * participants alone. With and without JavaScript, at 375 px and on a desktop, light and dark.
 */

const CONVERSATION = /\/messages\/[0-9a-f-]{36}$/;

/** A page of the member's own without JavaScript, at this width, in this colour scheme. */
async function noScriptPageOf(browser: Browser, member: Member, options: { width: number; dark?: boolean }): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: options.width, height: 800 },
    colorScheme: options.dark ? "dark" : "light",
  });
  const page = await context.newPage();
  await signInOverHttp(page, member.email, member.password);
  return page;
}

test("Aylin writes to Markus from his profile; his bell and tab count rise live; he answers; a third member added reads it; anyone else gets a 404", async ({
  page,
  visit,
  browser,
  checkA11y,
}) => {
  // Four people, two browsers, the editor twice: about 40 s on a busy two-core machine.
  test.setTimeout(150_000);
  const [aylin, markus, third, outsider] = await createMembers([
    { firstName: "Aylin" },
    { firstName: "Markus" },
    { firstName: "Dritte" },
    { firstName: "Aussen" },
  ]);
  await publishSomething(aylin);
  const markusPage = await pageOf(browser, markus);
  await markusPage.goto("/messages");
  await waitForHydration(markusPage);
  const bell = markusPage.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  // Aylin, on Markus's profile: "Nachricht senden".
  await signInOverHttp(page, aylin.email, aylin.password);
  await visit(await profilePathOf(markus));
  await page.getByRole("link", { name: "Nachricht senden" }).click();
  await page.waitForURL((url) => url.pathname === "/messages/new");
  await expect(page.getByTestId("recipients")).toContainText(markus.name);
  await page.getByRole("textbox", { name: "Ihre Nachricht" }).fill("Hallo Markus, haben Sie nächste Woche Zeit für einen kurzen Call?");
  await untilServerAnswers(page, () => page.getByRole("button", { name: "Nachricht senden" }).click());
  await page.waitForURL(CONVERSATION);
  const conversation = new URL(page.url()).pathname;
  await expect(page.getByTestId("message")).toHaveCount(1);

  // Markus's bell and tab count rise without a reload; the bell leads him to the conversation, which reads it.
  await expect(markusPage.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");
  await expect(markusPage).toHaveTitle(/^\(1\)/);
  await bell.click();
  await markusPage
    .getByRole("dialog", { name: "Benachrichtigungen" })
    .getByRole("button", { name: new RegExp(`Neue Nachricht von ${aylin.name}`) })
    .click();
  await markusPage.waitForURL(`**${conversation}`);
  await expect(markusPage.getByTestId("message-content")).toHaveText("Hallo Markus, haben Sie nächste Woche Zeit für einen kurzen Call?");
  await expect(markusPage.getByTestId("notification-count")).toHaveCount(0);
  await expect(markusPage).not.toHaveTitle(/^\(\d+\)/);

  // He answers.
  await markusPage.getByLabel("Ihre Nachricht").fill("Gern, Dienstag um 10 Uhr?");
  await untilServerAnswers(markusPage, () => markusPage.getByRole("button", { name: "Nachricht senden" }).click());
  await expect(markusPage.getByTestId("message")).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId("message-content").nth(1)).toHaveText("Gern, Dienstag um 10 Uhr?");

  // Aylin adds a third member, who reads the whole conversation.
  await page.getByRole("searchbox", { name: "Mitglied suchen" }).fill(third.lastName);
  await page.getByRole("button", { name: "Suchen" }).click();
  await untilServerAnswers(page, () => page.getByRole("button", { name: new RegExp(`^Hinzufügen\\W+${third.name}$`) }).click());
  await expect(page.getByText(`${third.name} nimmt jetzt an der Unterhaltung teil`)).toBeVisible();
  const thirdPage = await pageOf(browser, third);
  const opened = await thirdPage.goto(conversation);
  expect(opened?.status()).toBe(200);
  await expect(thirdPage.getByTestId("message")).toHaveCount(2);

  // Anyone else: a 404, not a 403.
  const outsiderPage = await pageOf(browser, outsider);
  expect((await outsiderPage.goto(conversation))?.status()).toBe(404);
  await expect(outsiderPage.getByText("Diese Unterhaltung gibt es nicht.")).toBeVisible();
  expect((await outsiderPage.request.get(conversation, { maxRedirects: 0 })).headers()["cache-control"]).toBe("private, no-store");

  // The thread, the list and the new form: axe in both themes, no sideways scroll at 320 px.
  await visit(conversation);
  await scanBothThemes(page, checkA11y, "messages-thread-desktop");
  await noSidewaysScrollAt320(page);
  await visit("/messages");
  await scanBothThemes(page, checkA11y, "messages-list-desktop");
  await noSidewaysScrollAt320(page);
  await visit(`/messages/new?to=${await memberIdOf(outsider)}`);
  await scanBothThemes(page, checkA11y, "messages-new-desktop");
  await noSidewaysScrollAt320(page);
  for (const other of [markusPage, thirdPage, outsiderPage]) await other.context().close();
});

test("without JavaScript on a 375 px phone, dark: Aylin writes from Markus's profile, he finds it marked unread and answers", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [aylin, markus] = await createMembers([{ firstName: "Aylin" }, { firstName: "Markus" }]);
  await publishSomething(aylin);
  const aylinPage = await noScriptPageOf(browser, aylin, { width: 375, dark: true });
  await aylinPage.goto(await profilePathOf(markus));
  await aylinPage.getByRole("link", { name: "Nachricht senden" }).click();
  await aylinPage.waitForURL((url) => url.pathname === "/messages/new");
  await aylinPage.getByLabel("Ihre Nachricht").fill("Hallo Markus, eine Frage ohne Skript.");
  await aylinPage.getByRole("button", { name: "Nachricht senden" }).click();
  await aylinPage.waitForURL(CONVERSATION);
  const conversation = new URL(aylinPage.url()).pathname;
  await expect(aylinPage.getByTestId("message-content")).toHaveText("Hallo Markus, eine Frage ohne Skript.");
  await screenshotForReview(aylinPage, "messages-thread-phone-dark-no-script", { fullPage: true });

  const markusPage = await noScriptPageOf(browser, markus, { width: 375, dark: true });
  await markusPage.goto("/messages");
  const row = markusPage.getByTestId("conversation");
  await expect(row).toHaveAttribute("data-unread", "true");
  await expect(row.getByTestId("conversation-unread")).toContainText("1 ungelesene Nachricht");
  await screenshotForReview(markusPage, "messages-list-phone-dark-no-script", { fullPage: true });
  await row.getByRole("link").click();
  await markusPage.waitForURL(`**${conversation}`);
  await markusPage.getByLabel("Ihre Nachricht").fill("Gern, auch ohne Skript.");
  await markusPage.getByRole("button", { name: "Nachricht senden" }).click();
  await markusPage.waitForURL((url) => url.pathname === conversation);
  await expect(markusPage.getByTestId("message")).toHaveCount(2);
  await markusPage.goto("/messages");
  await expect(markusPage.getByTestId("conversation")).not.toHaveAttribute("data-unread", "true");
  for (const other of [aylinPage, markusPage]) await other.context().close();
});

test("Markus blocks a member, who then cannot start a conversation with him and reads only that he cannot receive messages", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  const [markus, pushy] = await createMembers([{ firstName: "Markus" }, { firstName: "Aufdringlich" }]);
  await publishSomething(pushy);
  const markusProfile = await profilePathOf(markus);
  const markusId = markusProfile.split("/").at(-1)!;

  await signInOverHttp(page, markus.email, markus.password);
  await visit(await profilePathOf(pushy));
  await untilServerAnswers(page, () => page.getByRole("button", { name: new RegExp(`^Blockieren\\W+${pushy.name}$`) }).click());
  await expect(page.getByText(`${pushy.name} ist blockiert: Sie erhalten keine Nachrichten mehr von diesem Mitglied.`)).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Blockierung aufheben\\W+${pushy.name}$`) })).toBeVisible();

  const pushyPage = await pageOf(browser, pushy);
  await pushyPage.goto(markusProfile);
  await waitForHydration(pushyPage);
  await expect(pushyPage.getByTestId("cannot-receive")).toHaveText(`${markus.name} kann keine Nachrichten empfangen.`);
  await expect(pushyPage.getByRole("link", { name: "Nachricht senden" })).toHaveCount(0);
  await pushyPage.goto(`/messages/new?to=${markusId}`);
  await expect(pushyPage.getByTestId("cannot-receive")).toHaveText(`${markus.name} kann keine Nachrichten empfangen.`);
  await expect(pushyPage.getByRole("button", { name: "Nachricht senden" })).toBeDisabled();
  // The form sent anyway (an old page, a script): refused with the same German sentence, nothing of a block.
  const client = await clientOf(pushy);
  const refused = await client.post("/messages/new", { form: { to: markusId, content: "Hallo?", contentFormat: "text" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  const text = await refused.text();
  expect(text).toContain(`${markus.name} kann keine Nachrichten empfangen.`);
  expect(text).not.toMatch(/blockiert/i);
  await client.dispose();
  await pushyPage.context().close();
});

test("a reported message appears in /moderation with its neighbours only", async ({ page, visit, browser }) => {
  test.setTimeout(120_000);
  const [aylin, markus, moderator] = await createMembers([{ firstName: "Aylin" }, { firstName: "Markus" }, { role: "moderator" }]);
  await publishSomething(aylin);
  const marker = `Q${Date.now().toString(36)}`;
  const aylinClient = await clientOf(aylin);
  const markusClient = await clientOf(markus);
  const conversation = await startConversationOverHttp(aylinClient, [await memberIdOf(markus)], `${marker}-eins Hallo`);
  const ids: string[] = [];
  for (let number = 2; number <= 7; number++)
    ids.push(await sendOverHttp(number % 2 === 0 ? markusClient : aylinClient, conversation, `${marker}-${number} Nachricht`));
  // Message 5 is Aylin's; Markus reports it from the thread.
  await signInOverHttp(page, markus.email, markus.password);
  await visit(conversation);
  const reported = page.locator(`#message-${ids[3]}`);
  await reported.getByRole("link", { name: /Melden/ }).click();
  await page.getByLabel("Beleidigend").check();
  await untilServerAnswers(page, () => reported.getByRole("button", { name: "Melden" }).click());
  await expect(page.getByText("Danke, das Moderationsteam sieht es sich an.")).toBeVisible();

  const staff = await pageOf(browser, moderator);
  await staff.goto(await moderationPageWith(staff, `${marker}-5`));
  await waitForHydration(staff);
  const item = staff.getByTestId("review-item").filter({ has: staff.getByTestId("reported-message").filter({ hasText: `${marker}-5` }) });
  await expect(item.getByTestId("message-context").getByRole("listitem")).toHaveText([
    new RegExp(`${marker}-3`),
    new RegExp(`${marker}-4`),
    new RegExp(`${marker}-5`),
    new RegExp(`${marker}-6`),
    new RegExp(`${marker}-7`),
  ]);
  await expect(staff.getByText(`${marker}-eins`)).toHaveCount(0);
  await expect(staff.getByText(`${marker}-2 `)).toHaveCount(0);
  await expect(item.locator(`a[href*="${conversation}"]`)).toHaveCount(0);
  await screenshotForReview(item, "messages-reported-in-queue");
  // The moderator hides it: the participants see that it was, not what it said.
  await untilServerAnswers(staff, () => item.getByRole("button", { name: "Ausblenden", exact: true }).click());
  await page.reload();
  await expect(reported.getByTestId("message-hidden")).toHaveText("Diese Nachricht wurde von der Moderation ausgeblendet.");
  await expect(page.getByText(`${marker}-5`)).toHaveCount(0);
  // Staff cannot browse the conversation.
  expect((await staff.goto(conversation))?.status()).toBe(404);
  await staff.context().close();
  await aylinClient.dispose();
  await markusClient.dispose();
});

test("on a 375 px phone Aylin sends Markus a described chart; he sees it, and its address is a 404 for anyone else, staff and guests too", async ({
  page,
  visit,
  browser,
  baseURL,
  checkA11y,
}) => {
  test.setTimeout(150_000);
  const phone = { width: 375, height: 740 };
  const [aylin, markus, outsider, moderator] = await createMembers([
    { firstName: "Aylin" },
    { firstName: "Markus" },
    { firstName: "Aussen" },
    { role: "moderator" },
  ]);
  await publishSomething(aylin);
  const aylinClient = await clientOf(aylin);
  const conversation = await startConversationOverHttp(
    aylinClient,
    [await memberIdOf(markus)],
    "Hallo Markus, gleich kommen unsere Zahlen.",
  );
  await aylinClient.dispose();

  // Aylin pastes the chart into the message's editor, as into a comment's, and describes it.
  const aylinPage = await pageOf(browser, aylin);
  await aylinPage.setViewportSize(phone);
  await aylinPage.goto(conversation);
  await waitForHydration(aylinPage);
  await aylinPage.getByLabel("Ihre Nachricht").click();
  const editor = aylinPage.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihre Nachricht" });
  await expect(editor).toBeFocused();
  await aylinPage.keyboard.type("So sehen die Klicks seit den Autorenboxen aus:");
  await pasteFile(editor, { name: "klicks-autorenboxen.png", type: "image/png", bytes: await chartPng("#2563eb") });
  const dialog = aylinPage.getByRole("dialog", { name: "Bild beschreiben" });
  const alt = "Balkendiagramm: die Klicks steigen seit den Autorenboxen";
  await dialog.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
  await dialog.getByRole("button", { name: "Bild einfügen" }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.locator("img")).toHaveAttribute("alt", alt);
  await untilServerAnswers(aylinPage, () => aylinPage.getByRole("button", { name: "Nachricht senden" }).click());
  await expect(aylinPage.getByTestId("message")).toHaveCount(2);
  await aylinPage.context().close();

  // Markus reads it on his phone: the picture loads, sized, and the page does not scroll sideways.
  await page.setViewportSize(phone);
  await signInOverHttp(page, markus.email, markus.password);
  await visit(conversation);
  const image = page.getByTestId("message").nth(1).locator("img");
  await expect(image).toHaveAttribute("alt", alt);
  await expect(image).toHaveAttribute("width", "1200");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await screenshotForReview(page, "messages-image-phone", { fullPage: true });
  await scanBothThemes(page, checkA11y, "messages-image-phone");
  const address = await image.getAttribute("src");
  expect(address).toMatch(/^\/images\/[0-9a-f-]{36}\/\d+\.webp$/);
  const served = await page.request.get(address!);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toBe("private, no-store");

  // Anyone else gets the 404 of an image that does not exist: a member outside, the moderation, a guest.
  for (const other of [outsider, moderator]) {
    const client = await clientOf(other);
    expect((await client.get(address!)).status(), other.name).toBe(404);
    await client.dispose();
  }
  const guest = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  expect((await guest.get(address!)).status()).toBe(404);
  await guest.dispose();
});
