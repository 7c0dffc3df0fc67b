import { request as playwrightRequest } from "@playwright/test";
import sharp from "sharp";
import { imageTexts } from "../app/lib/post-images";
import { DEMO_PASSWORD, pageAs, signInOverHttp } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, screenshotForReview } from "./looks";
import { chartPng, pasteFile } from "./pictures";

/**
 * Images in posts (decision 0033): pasted into the editor, described,
 * posted, and shown to a guest lazily with srcset and a link to the large
 * version; a file over 10 MB and a PDF named like a picture are refused in German.
 * Discussions take them (comments are plain text in this version).
 */

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 740 },
]) {
  test.describe(`an image in a discussion (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("pasted, described, posted; a guest sees it lazy, sized, with srcset, and opens it large", async ({
      page,
      visit,
      browser,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      await signInOverHttp(page, "aylin.demir@example.com", DEMO_PASSWORD);
      const title = `Klicks im März ${viewport.name} ${Date.now()}`;
      await visit("/create-discussion?category=seo");
      await page.getByLabel("Titel").fill(title);
      const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" });
      await editor.click();
      await page.keyboard.type("So sieht die Search Console bei uns aus:");
      await expect(editor).toContainText("Search Console bei uns aus:");

      await pasteFile(editor, { name: "suchkonsole-maerz.png", type: "image/png", bytes: await chartPng("#2563eb") });
      const dialog = page.getByRole("dialog", { name: "Bild beschreiben" });
      await expect(dialog).toBeVisible();
      const insert = dialog.getByRole("button", { name: "Bild einfügen" });
      await expect(insert).toBeEnabled();
      await checkA11y();
      await page.emulateMedia({ colorScheme: "dark" });
      await checkA11y({ colourOnly: true });
      await page.emulateMedia({ colorScheme: "light" });
      await expectNoSidewaysScroll(page);
      await screenshotForReview(page, `post-images-dialog-${viewport.name}`);
      // The file's name is no description.
      await dialog.getByLabel("Bildbeschreibung (Alternativtext)").fill("suchkonsole-maerz");
      await insert.click();
      await expect(dialog.getByRole("alert")).toHaveText(imageTexts.altIsFileName);
      const alt = "Balkendiagramm: Klicks steigen von Januar bis Juni";
      await dialog.getByLabel("Bildbeschreibung (Alternativtext)").fill(alt);
      await insert.click();
      await expect(dialog).toBeHidden();
      await expect(editor.locator("img")).toHaveAttribute("alt", alt);

      await page.getByRole("button", { name: "Diskussion erstellen" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      const href = await page.locator("#aktuelle-diskussionen").getByRole("link", { name: title }).getAttribute("href");
      expect(href).toMatch(/^\/discussion\//);

      const guest = await pageAs(browser);
      await guest.setViewportSize({ width: viewport.width, height: viewport.height });
      const response = await guest.goto(href!);
      expect(response?.status()).toBe(200);
      const image = guest.locator(".prose-forum img").first();
      await expect(image).toHaveAttribute("alt", alt);
      await expect(image).toHaveAttribute("loading", "lazy");
      await expect(image).toHaveAttribute("decoding", "async");
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "800");
      await expect(image).toHaveAttribute("srcset", /\/images\/[0-9a-f-]{36}\/480\.webp 480w, .*\/960\.webp 960w, .*\/1200\.webp 1200w$/);
      await expect(image).toHaveAttribute("sizes", /100vw/);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
      const shown = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
      expect(shown).toMatch(/\/images\/[0-9a-f-]{36}\/\d+\.webp$/);
      const served = await guest.request.get(shown);
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect(served.headers()["cache-control"]).toBe("public, no-cache");
      await expectNoSidewaysScroll(guest);
      await screenshotForReview(guest, `post-images-guest-${viewport.name}`);
      if (viewport.width < 400) {
        await guest.setViewportSize({ width: 320, height: viewport.height });
        await expectNoSidewaysScroll(guest);
        await image.scrollIntoViewIfNeeded();
        await screenshotForReview(guest, "post-images-guest-320");
      }

      // The link around it leads to the largest version, without JavaScript.
      const large = guest.locator(".prose-forum a[data-image]").first();
      const largeHref = await large.getAttribute("href");
      expect(largeHref).toMatch(/\/images\/[0-9a-f-]{36}\/1200\.webp$/);
      await Promise.all([guest.waitForURL((url) => url.pathname === largeHref), large.click()]);
      await guest.context().close();
    });
  });
}

test.describe("refused files", () => {
  test("a 12 MB image and a PDF named like a picture are refused in German, in the editor and by the server", async ({ page, visit }) => {
    test.setTimeout(180_000);
    await signInOverHttp(page, "aylin.demir@example.com", DEMO_PASSWORD);
    // A photo of noise does not compress: 2,000 × 1,500 RGBA is 12 MB.
    const noise = Buffer.alloc(2000 * 1500 * 4);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const large = await sharp(noise, { raw: { width: 2000, height: 1500, channels: 4 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(12 * 1000 * 1000);
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

    await visit("/create-discussion?category=seo");
    const picker = page.getByTestId("image-file-input");
    const dialog = page.getByRole("dialog", { name: "Bild beschreiben" });
    for (const [file, message] of [
      [{ name: "grosses-foto.png", mimeType: "image/png", buffer: large }, imageTexts.tooLarge],
      [{ name: "bericht.png", mimeType: "image/png", buffer: pdf }, imageTexts.notAnImage],
    ] as const) {
      await picker.setInputFiles(file);
      await expect(dialog.getByRole("alert")).toHaveText(message);
      await dialog.getByRole("button", { name: "Schließen" }).first().click();
      await expect(dialog).toBeHidden();
    }

    // The server judges by size and bytes itself, whatever a page checked before.
    const tooLarge = await page.request.post("/images", {
      multipart: { image: { name: "gross.png", mimeType: "image/png", buffer: large } },
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: imageTexts.tooLarge });
    const renamed = await page.request.post("/images", {
      multipart: { image: { name: "bericht.png", mimeType: "image/png", buffer: pdf } },
    });
    expect(renamed.status()).toBe(415);
    expect(await renamed.json()).toEqual({ message: imageTexts.notAnImage });
  });

  test("the stored files are not reachable under /storage/", async ({ page, baseURL }) => {
    await signInOverHttp(page, "aylin.demir@example.com", DEMO_PASSWORD);
    const uploaded = await page.request.post("/images", {
      multipart: { image: { name: "diagramm.png", mimeType: "image/png", buffer: await chartPng("#2563eb") } },
    });
    expect(uploaded.status()).toBe(200);
    const { image } = (await uploaded.json()) as { image: { id: string; src: string } };
    expect((await page.request.get(image.src)).status()).toBe(200);
    for (const path of [
      `/storage/post-images/${image.id}/480.webp`,
      `/storage/avatars/..%2Fpost-images/${image.id}/480.webp`,
      `/storage//post-images/${image.id}/480.webp`,
      `/storage/POST-IMAGES/${image.id}/480.webp`,
    ]) {
      expect((await page.request.get(path)).status(), path).toBe(404);
    }
    // Not in a post yet: only its uploader sees it.
    const stranger = await playwrightRequest.newContext({ baseURL });
    expect((await stranger.get(image.src)).status()).toBe(404);
    await stranger.dispose();
  });
});
