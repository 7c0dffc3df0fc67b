import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { pageAs, signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment } from "./moderation-helpers";
import { noSidewaysScrollAt320, scanBothThemes, screenshotForReview } from "./looks";
import { chartPng, pasteFile } from "./pictures";

/**
 * Comments in rich text (decision 0040), at desktop width and on a phone: a code block written in a
 * comment reaches a guest highlighted by the server, with no script; "Zitieren" puts the selected sentence into
 * the reply form as a blockquote linked to its post and author; an image pasted into a comment, described, is
 * shown to a guest lazily with its srcset. Each new state is scanned (axe, light and dark) and must not scroll
 * sideways at 320 px.
 */

/** The new comment's editor, once the member has turned to the field (it replaces the textarea then). */
async function commentEditor(page: Page): Promise<Locator> {
  await page.getByLabel("Ihr Kommentar").click();
  const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
  await expect(editor).toBeFocused();
  return editor;
}

/** Sends the new comment and returns its id, from the address the page goes to. */
async function send(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(page.getByText("Kommentar erfolgreich erstellt!")).toBeVisible();
  await page.waitForURL((url) => url.hash.startsWith("#comment-"));
  return new URL(page.url()).hash.slice("#comment-".length);
}

for (const screen of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "375 px", viewport: { width: 375, height: 740 } },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test("a code block written in a comment is highlighted for a guest, with no script involved", async ({
      browser,
      page,
      visit,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      const [asker, coder] = await createMembers([{ firstName: "Fragende" }, { firstName: "Codende" }]);
      const { path } = await discussionWithComment(await clientOf(asker), `Code ${screen.name} ${Date.now()}`, "Wie zeichnet ihr das aus?");

      const writer = await pageOf(browser, coder);
      await writer.setViewportSize(screen.viewport);
      await writer.goto(path);
      await writer.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const editor = await commentEditor(writer);
      await writer.keyboard.type("So zeichnen wir es aus:");
      await writer.keyboard.press("Enter");
      // The Markdown shortcut: ``` and a language, then a space, make a code block.
      await writer.keyboard.type("```json ");
      await expect(editor.locator("pre")).toBeVisible();
      await writer.keyboard.type('{"@type": "Product", "sku": "terra-40"}');
      const commentId = await send(writer);
      await writer.context().close();

      // The page as it is served: the highlighting is in the HTML itself.
      const served = await page.request.get(path);
      expect(await served.text()).toMatch(
        /<pre tabindex="0"><code class="language-json"><span class="hljs-punctuation">\{<\/span><span class="hljs-attr">/,
      );

      // A guest whose browser runs no script at all sees it coloured.
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: screen.viewport });
      const guest = await noScript.newPage();
      await guest.goto(path);
      const code = guest.locator(`#comment-${commentId} pre code.language-json`);
      await expect(code).toContainText('{"@type": "Product", "sku": "terra-40"}');
      const key = code.locator(".hljs-attr").first();
      await expect(key).toHaveText('"@type"');
      const colours = await key.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element.closest("pre")!).color]);
      expect(colours[0], "a highlighted word has its own colour").not.toBe(colours[1]);
      await screenshotForReview(guest, `code-no-script-${screen.name}`);
      await noScript.close();

      // The guest's page with the code block: accessible in both themes, and the block scrolls inside itself at 320 px.
      await visit(`${path}#comment-${commentId}`);
      await expect(page.locator(`#comment-${commentId} .hljs-attr`).first()).toBeVisible();
      await scanBothThemes(page, checkA11y, `code-guest-${screen.name}`);
      await noSidewaysScrollAt320(page);
    });

    test("quote-reply: the selected sentence lands in the reply form as a blockquote linked to its post and author", async ({
      page,
      visit,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      const [author, replier] = await createMembers([{ firstName: "Zitierte" }, { firstName: "Antwortende" }]);
      const sentence = "Wir haben die Facetten per noindex ausgeschlossen.";
      const { path, commentId } = await discussionWithComment(
        await clientOf(author),
        `Zitat ${screen.name} ${Date.now()}`,
        `Erster Satz zur Lage. ${sentence} Danach kam der Traffic zurück.`,
      );
      await signInOverHttp(page, replier.email, replier.password);
      await visit(path);

      // The member selects the sentence in the comment.
      const source = page.locator(`#comment-${commentId} [data-quote-href]`);
      await source.scrollIntoViewIfNeeded();
      await source.evaluate((element, words) => {
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(words);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + words.length);
          document.getSelection()!.removeAllRanges();
          document.getSelection()!.addRange(range);
          return;
        }
        throw new Error("sentence not found");
      }, sentence);
      const offer = page.getByTestId("quote-selection");
      await expect(offer).toBeVisible();
      await expect(offer).toHaveText("Zitieren");
      await scanBothThemes(page, checkA11y, `quote-offer-${screen.name}`);
      await noSidewaysScrollAt320(page);
      await offer.click();

      const permalink = `${path}#comment-${commentId}`;
      const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
      const quote = editor.locator("blockquote");
      await expect(quote).toHaveAttribute("cite", permalink);
      await expect(quote.getByRole("link", { name: "Zitierte schrieb:" })).toHaveAttribute("href", permalink);
      await expect(quote).toContainText(sentence);
      await expect(quote).not.toContainText("Erster Satz");
      await expect(editor).toBeFocused();
      await page.keyboard.type("Genau so machen wir es auch.");
      // The answer is written below the quote, not into it.
      await expect(editor.locator(":scope > p").last()).toHaveText("Genau so machen wir es auch.");
      await expect(quote).not.toContainText("Genau so");
      // With the editor there, the question's own "Zitieren" (nothing selected in it) adds the whole question below.
      await page.getByRole("link", { name: "Diskussion zitieren" }).click();
      const second = editor.locator("blockquote").nth(1);
      await expect(second).toHaveAttribute("cite", path);
      await expect(second.getByRole("link", { name: "Zitierte schrieb:" })).toHaveAttribute("href", path);
      await expect(second).toContainText("Eine Frage für die Moderation");
      // The quote is in before the editor takes the focus back: a key typed in between goes to the page.
      await expect(editor).toBeFocused();
      await page.keyboard.type("Und zur Frage: ja.");
      await expect(editor.locator(":scope > p").last()).toHaveText("Und zur Frage: ja.");
      await scanBothThemes(page, checkA11y, `quote-in-editor-${screen.name}`);
      await noSidewaysScrollAt320(page);

      const replyId = await send(page);
      const posted = page.locator(`#comment-${replyId} blockquote`).first();
      await expect(posted).toHaveAttribute("cite", permalink);
      await expect(posted.getByRole("link", { name: "Zitierte schrieb:" })).toHaveAttribute("href", permalink);
      await expect(posted).toContainText(sentence);
      await expect(page.locator(`#comment-${replyId} .prose-forum > p`)).toHaveText(["Genau so machen wir es auch.", "Und zur Frage: ja."]);
      await expect(posted).not.toContainText("Genau so");
      await scanBothThemes(page, checkA11y, `quote-posted-${screen.name}`);
      await noSidewaysScrollAt320(page);
    });

    test("an image pasted into a comment and described is shown to a guest lazily, sized, with its srcset", async ({
      browser,
      page,
      visit,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      const [asker, writer] = await createMembers([{ firstName: "Fragende" }, { firstName: "Bebildernde" }]);
      const { path } = await discussionWithComment(
        await clientOf(asker),
        `Bild ${screen.name} ${Date.now()}`,
        "Wie sieht das bei euch aus?",
      );
      await signInOverHttp(page, writer.email, writer.password);
      await visit(path);
      const editor = await commentEditor(page);
      await page.keyboard.type("So sieht es bei uns aus:");
      await pasteFile(editor, { name: "ga4-kanaele.png", type: "image/png", bytes: await chartPng() });
      const dialog = page.getByRole("dialog", { name: "Bild beschreiben" });
      await expect(dialog).toBeVisible();
      const insert = dialog.getByRole("button", { name: "Bild einfügen" });
      await expect(insert).toBeEnabled();
      await scanBothThemes(page, checkA11y, `comment-image-dialog-${screen.name}`);
      const alt = "Balkendiagramm: Sitzungen nach Kanal, organische Suche vorn";
      await dialog.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
      await insert.click();
      await expect(dialog).toBeHidden();
      await expect(editor.locator("img")).toHaveAttribute("alt", alt);
      const commentId = await send(page);
      await expect(page.locator(`#comment-${commentId} img`)).toHaveAttribute("alt", alt);
      await scanBothThemes(page, checkA11y, `comment-image-posted-${screen.name}`);
      await noSidewaysScrollAt320(page);

      const guest = await pageAs(browser);
      await guest.setViewportSize(screen.viewport);
      expect((await guest.goto(path))?.status()).toBe(200);
      const image = guest.locator(`#comment-${commentId} img`);
      await expect(image).toHaveAttribute("alt", alt);
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");
      await expect(image).toHaveAttribute("srcset", /\/images\/[0-9a-f-]{36}\/480\.webp 480w, .*\/960\.webp 960w, .*\/1200\.webp 1200w$/);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/images\/[0-9a-f-]{36}\/\d+\.webp$/);
      await screenshotForReview(guest, `comment-image-guest-${screen.name}`);
      await guest.context().close();
    });
  });
}

test("text typed before the editor has arrived goes into it, and the focus with it", async ({ page, visit }) => {
  test.setTimeout(120_000);
  const [asker, writer] = await createMembers([{ firstName: "Fragende" }, { firstName: "Schnelle" }]);
  const { path } = await discussionWithComment(await clientOf(asker), `Vorher getippt ${Date.now()}`, "Eine Frage");
  await signInOverHttp(page, writer.email, writer.password);
  // The editor's code waits until the member has typed.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/rich-text-editor-[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await visit(path);
  const field = page.getByLabel("Ihr Kommentar");
  await field.click();
  await page.keyboard.type("Vorher getippt");
  await expect(field).toHaveValue("Vorher getippt");
  release();
  const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
  await expect(editor).toHaveText("Vorher getippt");
  await expect(editor).toBeFocused();
  await page.keyboard.type(" und danach.");
  await expect(editor).toHaveText("Vorher getippt und danach.");
  const commentId = await send(page);
  await expect(page.locator(`#comment-${commentId}`)).toContainText("Vorher getippt und danach.");
});

test("text selected in the textarea when the editor arrives stays selected: what is typed next replaces it", async ({ page, visit }) => {
  test.setTimeout(120_000);
  const [asker, writer] = await createMembers([{ firstName: "Fragende" }, { firstName: "Markierende" }]);
  const { path } = await discussionWithComment(await clientOf(asker), `Markiert ${Date.now()}`, "Eine Frage");
  await signInOverHttp(page, writer.email, writer.password);
  let release!: () => void;
  const selected = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/rich-text-editor-[^/]+\.js$/, async (route) => {
    await selected;
    await route.continue();
  });
  await visit(path);
  const field = page.getByLabel("Ihr Kommentar");
  await field.click();
  await page.keyboard.type("Erster Versuch");
  // Select all, as a member does before writing anew (and as a test's fill does): the editor takes over in between.
  await field.selectText();
  release();
  const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
  await expect(editor).toBeFocused();
  await page.keyboard.type("Zweiter Versuch");
  await expect(editor).toHaveText("Zweiter Versuch");
});

test("without JavaScript, 'Zitieren' puts the whole post into the form as a quote that links to it", async ({ browser }) => {
  test.setTimeout(120_000);
  const [author, replier] = await createMembers([{ firstName: "Zitierte" }, { firstName: "Ohneskript" }]);
  const { path, commentId } = await discussionWithComment(
    await clientOf(author),
    `Zitat ohne Skript ${Date.now()}`,
    "Die Sitemap war zwei Wochen veraltet.\nDanach lief es wieder.",
  );
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInOverHttp(page, replier.email, replier.password);
  await page.goto(path);
  await page.locator(`#comment-${commentId}`).getByRole("link", { name: "Kommentar von Zitierte zitieren" }).click();
  await page.waitForURL((url) => url.searchParams.get("quote") === commentId);
  const field = page.getByLabel("Ihr Kommentar");
  const origin = new URL(page.url()).origin;
  await expect(field).toHaveValue(
    `> Zitierte schrieb: ${origin}${path}#comment-${commentId}\n> Die Sitemap war zwei Wochen veraltet.\n> Danach lief es wieder.\n\n`,
  );
  await field.press("Control+End");
  await field.pressSequentially("Bei uns auch.");
  await page.getByRole("button", { name: "Kommentar senden" }).click();
  await page.waitForURL((url) => url.hash.startsWith("#comment-") && url.hash !== `#comment-${commentId}`);
  const replyId = new URL(page.url()).hash.slice("#comment-".length);
  const posted = page.locator(`#comment-${replyId} blockquote`);
  await expect(posted).toHaveAttribute("cite", `${path}#comment-${commentId}`);
  await expect(posted.getByRole("link", { name: "Zitierte schrieb:" })).toHaveAttribute("href", `${path}#comment-${commentId}`);
  await expect(posted).toContainText("Die Sitemap war zwei Wochen veraltet.");
  await expect(page.locator(`#comment-${replyId}`)).toContainText("Bei uns auch.");
  await context.close();
});
