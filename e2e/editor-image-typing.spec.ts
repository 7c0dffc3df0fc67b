import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment } from "./moderation-helpers";
import { chartPng, pasteFile } from "./pictures";

/**
 * After an image goes into a post (picked with the toolbar or pasted, then described), the writer types on
 * below it: the caret stands after the image, so the next key continues the text and never replaces the
 * image (an outside walk saw the image vanish under the first key). The paste is a real paste
 * event with a file in its DataTransfer, as a browser hands over a copied screenshot; the keys are real
 * keyboard input.
 */

async function describeAndInsert(page: Page, alt: string) {
  const dialog = page.getByRole("dialog", { name: "Bild beschreiben" });
  await expect(dialog).toBeVisible();
  const insert = dialog.getByRole("button", { name: "Bild einfügen" });
  await expect(insert).toBeEnabled();
  await dialog.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
  await insert.click();
  await expect(dialog).toBeHidden();
}

/** The editor's blocks in order, as the server will get them: p:<text> or img:<alt>. */
function blocksOf(editor: Locator): Promise<string[]> {
  return editor.evaluate((element) =>
    [...element.children].map((child) => {
      const image = child.matches("img") ? child : child.querySelector("img");
      if (image) return `img:${image.getAttribute("alt") ?? ""}`;
      return `${child.tagName.toLowerCase()}:${child.textContent ?? ""}`;
    }),
  );
}

test.describe("typing after an inserted image", () => {
  test("a new discussion: pasted and picked images stay, the text follows each, and the post shows them in that order", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const [writer] = await createMembers([{ firstName: "Bildschreiberin" }]);
    const page = await pageOf(browser, writer);
    await page.goto("/create-discussion?category=seo");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const title = `Bilder und Text ${Date.now()}`;
    await page.getByLabel("Titel").fill(title);
    const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" });
    await editor.click();
    await page.keyboard.type("Erster Absatz vor dem Bild.");
    await expect(editor).toContainText("Erster Absatz vor dem Bild.");

    await pasteFile(editor, { name: "eingefuegt.png", type: "image/png", bytes: await chartPng("#2563eb") });
    await describeAndInsert(page, "Eingefügtes Balkendiagramm");
    await expect(editor.locator("img")).toHaveCount(1);
    await page.keyboard.type("Text nach dem eingefügten Bild.");
    await expect(editor).toContainText("Text nach dem eingefügten Bild.");
    expect(await blocksOf(editor)).toEqual([
      "p:Erster Absatz vor dem Bild.",
      "img:Eingefügtes Balkendiagramm",
      "p:Text nach dem eingefügten Bild.",
    ]);

    await page.getByTestId("image-file-input").setInputFiles({ name: "gewaehlt.png", mimeType: "image/png", buffer: await chartPng() });
    await describeAndInsert(page, "Gewähltes Balkendiagramm");
    await expect(editor.locator("img")).toHaveCount(2);
    await page.keyboard.type("Schluss nach dem zweiten Bild.");
    await expect(editor).toContainText("Schluss nach dem zweiten Bild.");
    expect(await blocksOf(editor)).toEqual([
      "p:Erster Absatz vor dem Bild.",
      "img:Eingefügtes Balkendiagramm",
      "p:Text nach dem eingefügten Bild.",
      "img:Gewähltes Balkendiagramm",
      "p:Schluss nach dem zweiten Bild.",
    ]);

    await page.getByRole("button", { name: "Diskussion erstellen" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const href = await page.locator("#aktuelle-diskussionen").getByRole("link", { name: title }).getAttribute("href");
    await page.goto(href!);
    const body = page.locator("article .prose-forum").first();
    await expect(body.locator("img")).toHaveCount(2);
    const text = (await body.innerText()).replace(/\s+/g, " ");
    expect(text.indexOf("Erster Absatz vor dem Bild.")).toBe(text.lastIndexOf("Erster Absatz vor dem Bild."));
    await page.context().close();
  });

  test("a comment: the pasted image stays and the text follows it", async ({ browser }) => {
    test.setTimeout(120_000);
    const [asker, writer] = await createMembers([{ firstName: "Fragende" }, { firstName: "Bildkommentar" }]);
    const { path } = await discussionWithComment(await clientOf(asker), `Bild im Kommentar ${Date.now()}`, "Wie sieht es bei euch aus?");
    const page = await pageOf(browser, writer);
    await page.goto(path);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Ihr Kommentar").click();
    const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
    await expect(editor).toBeFocused();
    await page.keyboard.type("Bei uns so:");
    await expect(editor).toContainText("Bei uns so:");
    await pasteFile(editor, { name: "kommentar.png", type: "image/png", bytes: await chartPng("#dc2626") });
    await describeAndInsert(page, "Rotes Balkendiagramm");
    await page.keyboard.type("Und danach geht es weiter.");
    await expect(editor).toContainText("Und danach geht es weiter.");
    expect(await blocksOf(editor)).toEqual(["p:Bei uns so:", "img:Rotes Balkendiagramm", "p:Und danach geht es weiter."]);

    await page.getByRole("button", { name: "Kommentar senden" }).click();
    await expect(page.getByText("Kommentar erfolgreich erstellt!")).toBeVisible();
    await page.waitForURL((url) => url.hash.startsWith("#comment-"));
    const commentId = new URL(page.url()).hash.slice("#comment-".length);
    const comment = page.locator(`#comment-${commentId}`);
    await expect(comment.locator("img")).toHaveAttribute("alt", "Rotes Balkendiagramm");
    await expect(comment).toContainText("Und danach geht es weiter.");
    await page.context().close();
  });
});
