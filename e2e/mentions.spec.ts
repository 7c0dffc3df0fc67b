import { expect, test, testClientIp } from "./fixtures";
import { pageAs, signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, pageOf, profilePathOf } from "./members";

test("B mentions A in a reply → A's bell shows 1 without a reload → A opens it and lands on the comment → count 0", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  // Both of this test's own: nobody else notifies A, so the counts are exact. A's first name is one no other
  // member has, so "@Ottilie" offers her alone.
  const [mentioned, writing] = await createMembers([{ firstName: "Ottilie", lastName: "Erwähnt" }, { firstName: "Schreiberin" }]);
  await signInOverHttp(page, mentioned.email, mentioned.password);
  await visit("/");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  // B opens a discussion and types @Ottilie in the comment field, picking her from the suggestions.
  const writer = await pageOf(browser, writing);
  const title = `Erwähnung ${Date.now()}`;
  const created = await writer.request.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "sea", contentFormat: "html", content: "<p>Wer kennt sich mit Microsoft Ads aus?</p>" },
    headers: { "X-Forwarded-For": testClientIp() },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await writer.goto("/subforum/sea");
  await writer.getByRole("link", { name: title }).first().click();
  await writer.waitForURL((url) => url.pathname.startsWith("/discussion/"));
  // The comment field is the rich-text editor once the member turns to it (decision 0040).
  await writer.getByLabel("Ihr Kommentar").click();
  const field = writer.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
  await expect(field).toBeFocused();
  await field.pressSequentially("Frag doch @Ottilie", { delay: 30 });
  const options = writer.getByRole("listbox", { name: "Mitglieder erwähnen" });
  await expect(options.getByRole("option", { name: mentioned.name })).toBeVisible();
  await expect(field).toHaveAttribute("aria-activedescendant", /option-0$/);
  await field.press("Enter");
  await expect(options).toHaveCount(0);
  await expect(field.locator("[data-mention]")).toHaveText(`@${mentioned.name}`);
  await field.pressSequentially(" dazu.");
  await writer.getByRole("button", { name: "Kommentar senden" }).click();
  // In the posted comment (the editor holds the same mention until the form is emptied).
  const mention = writer
    .getByTestId("comment")
    .locator("[data-mention]")
    .filter({ hasText: `@${mentioned.name}` });
  await expect(mention).toBeVisible();
  const commentId = await mention.evaluate((link) => link.closest("[id^='comment-']")?.id);
  const profile = (await mention.getAttribute("href"))!;
  await writer.context().close();

  // A's page is not reloaded: the live count arrives.
  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");
  // The bell's panel opens it as the list does: marked read on the way.
  await bell.click();
  const item = page.getByRole("dialog", { name: "Benachrichtigungen" }).getByTestId("bell-notification").first();
  await expect(item).toContainText(`hat Sie in „${title}“ erwähnt`);
  await item.getByRole("button").click();
  await page.waitForURL((url) => url.pathname.startsWith("/discussion/") && url.hash === `#${commentId}`);
  await expect(page.locator(`#${commentId}`)).toContainText(`Frag doch @${mentioned.name} dazu.`);
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  // The mention link leads to A's profile, where A can set how mentions reach them.
  await visit(profile);
  await expect(page.getByLabel("Erwähnungen auf der Website")).toBeChecked();
  await expect(page.getByLabel("Erwähnungen per E-Mail")).toBeVisible();
});

test("the discussion editor offers members after @ and writes the mention as a profile link", async ({ browser }) => {
  const writer = await pageAs(browser, "moderator");
  await writer.goto("/create-discussion");
  const editor = writer.getByTestId("rich-text-editor").getByRole("textbox");
  await editor.click();
  await writer.keyboard.type("Hallo @Katrin", { delay: 30 });
  const options = writer.getByRole("listbox", { name: "Mitglieder erwähnen" });
  await expect(options.getByRole("option", { name: "Katrin Schäfer" })).toBeVisible();
  await expect(editor).toHaveAttribute("aria-activedescendant", /option-0$/);
  await writer.keyboard.press("Enter");
  await expect(options).toHaveCount(0);
  await expect(writer.locator('input[type="hidden"][name="content"]')).toHaveValue(
    /<a href="\/profile\/[^"]+" data-mention="[^"]+">@Katrin Schäfer<\/a>/,
  );
  await writer.context().close();
});

test("a mention shows the member's name from the database, not the text its writer put in (plain HTTP)", async ({
  playwright,
  baseURL,
}) => {
  const client = () => playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  // A member of this test's own is mentioned, by another; her id from her profile's address.
  const [mentioned, writing] = await createMembers([{ firstName: "Echte", lastName: "Erwähnte" }, { firstName: "Fälscherin" }]);
  const guest = await client();
  const mentionedId = (await profilePathOf(mentioned)).split("/").pop()!;

  // The writer mentions her as "Adm", once in the discussion's rich text and once as a token in a comment's plain text.
  const writer = await clientOf(writing);
  // Lower-case ASCII words joined by hyphens: the title is its own slug.
  const slug = `gefaelschte-erwaehnung-${Date.now()}`;
  const created = await writer.post("/create-discussion", {
    form: {
      similarSeen: "1",
      title: slug,
      category: "seo",
      contentFormat: "html",
      content: `<p>Frage an <a href="/profile/${mentionedId}" data-mention="${mentionedId}">@Adm</a></p>`,
    },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  const path = `/discussion/${slug}`;
  const commented = await writer.post(path, {
    form: { intent: "create-comment", content: `Siehe @[Adm](${mentionedId})` },
    maxRedirects: 0,
  });
  expect(commented.status(), await commented.text()).toBe(302);
  await writer.dispose();

  const html = await (await guest.get(path)).text();
  const shown = new RegExp(`data-mention="${mentionedId}"[^>]*>@(?:<!-- -->)?${mentioned.name}</a>`, "g");
  expect(html.match(shown)).toHaveLength(2);
  expect(html).not.toMatch(/>@(?:<!-- -->)?Adm</);
  const markdown = await (await guest.get(`${path}.md`)).text();
  expect(markdown).toContain(`Frage an [@${mentioned.name}]`);
  // The comment is rich text now (decision 0040): its mention is a link in Markdown too.
  expect(markdown).toContain(`Siehe [@${mentioned.name}]`);
  expect(markdown).not.toContain("Adm");
  await guest.dispose();
});
