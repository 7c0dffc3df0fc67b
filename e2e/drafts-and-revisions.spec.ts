import { expect, test } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, pageOf, profilePathOf } from "./members";
import { discussionWithComment } from "./moderation-helpers";
import { noSidewaysScrollAt320, scanBothThemes } from "./looks";

/**
 * Drafts and edit history (decision 0037), at desktop width and on a phone: a reply begun in one
 * browser waits in another, and an edit shows word by word on the post's revisions page. Each new screen is
 * scanned (axe, light and dark) and must not scroll sideways at 320 px.
 */

for (const screen of [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "375 px", viewport: { width: 375, height: 740 } },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });

    test("a half-written reply survives closing the tab and reopening on another browser context", async ({
      browser,
      page: second,
      visit,
      checkA11y,
    }) => {
      test.setTimeout(240_000);
      const [author, replier] = await createMembers([{ firstName: "Fragende" }, { firstName: "Entwerferin" }]);
      const { path } = await discussionWithComment(await clientOf(author), `Entwurf ${screen.name} ${Date.now()}`, "Erste Antwort");
      const text = "Halb geschrieben: Wir haben die Facetten per noindex gelöst, aber";

      const first = await pageOf(browser, replier);
      await first.setViewportSize(screen.viewport);
      await first.goto(path);
      await first.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await first.getByLabel("Ihr Kommentar").pressSequentially(text.slice(0, 20));
      // Turning to the field brings the editor: the rest goes into it once it has taken over (typing through the
      // switch is rich-comments.spec.ts's subject).
      await expect(first.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" })).toBeFocused();
      // A save of the first words may answer while the whole text still waits for its turn, and "Entwurf
      // gespeichert" would then be about those words: wait for the server's answer to the whole text.
      const wholeTextSaved = first.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/drafts" &&
          [...new URLSearchParams(response.request().postData() ?? "").values()].some((value) => value.replace(/<[^>]*>/g, "") === text),
      );
      await first.getByLabel("Ihr Kommentar").fill(text);
      expect((await wholeTextSaved).status()).toBe(200);
      await expect(first.getByTestId("draft-status").last()).toHaveText("Entwurf gespeichert");
      await first.context().close();

      // Another browser context: the fixture's page (its scans read it), signed in afresh.
      await signInOverHttp(second, replier.email, replier.password);
      await visit(path);
      // A restored draft opens in the rich-text editor at once (decision 0040): a textarea would flatten its markup.
      const restored = second.getByTestId("rich-text-editor").getByRole("textbox", { name: "Ihr Kommentar" });
      await expect(restored).toHaveText(text);
      await expect(second.getByTestId("draft-status").last()).toHaveText("Ihr gespeicherter Entwurf wurde wiederhergestellt.");
      await expect(second.getByRole("button", { name: "Entwurf verwerfen" })).toBeVisible();
      await second.getByLabel("Ihr Kommentar").scrollIntoViewIfNeeded();
      await scanBothThemes(second, checkA11y, `reply-draft-${screen.name}`);
      await noSidewaysScrollAt320(second);

      // Listed on the member's own profile, and nowhere for anyone else.
      const profile = await profilePathOf(replier);
      await visit(profile);
      const drafts = second.locator("#drafts");
      await expect(drafts.getByTestId("draft")).toHaveCount(1);
      await expect(drafts.getByTestId("draft")).toContainText(text.slice(0, 40));
      await scanBothThemes(second, checkA11y, `profile-drafts-${screen.name}`);
      await noSidewaysScrollAt320(second);
      const stranger = await pageOf(browser, author);
      await stranger.goto(profile);
      await expect(stranger.getByRole("heading", { name: "Entwürfe" })).toHaveCount(0);
      expect(await stranger.content()).not.toContain(text.slice(0, 40));
      await stranger.context().close();

      // Sent: the draft is gone.
      await drafts.getByRole("link").first().click();
      await expect(restored).toHaveText(text);
      await second.getByRole("button", { name: "Kommentar senden" }).click();
      await expect(second.getByText("Kommentar erfolgreich erstellt!")).toBeVisible();
      // The form is drawn anew, empty: the textarea again until the member turns to it.
      await expect(second.getByLabel("Ihr Kommentar")).toHaveValue("");
      await visit(profile);
      await expect(second.locator("#drafts").getByText("Keine Entwürfe.")).toBeVisible();
    });

    test("an edit shows in the revision diff", async ({ page, visit, checkA11y }) => {
      test.setTimeout(240_000);
      const [writer] = await createMembers([{ firstName: "Korrigierende" }]);
      const { path, commentId } = await discussionWithComment(
        await clientOf(writer),
        `Versionen ${screen.name} ${Date.now()}`,
        "Das Crawl-Budget reicht bei uns für alte Kategorien.",
      );
      await signInOverHttp(page, writer.email, writer.password);
      await visit(path);
      const comment = page.locator(`#comment-${commentId}`);
      await comment.getByRole("link", { name: "Kommentar bearbeiten" }).click();
      await page
        .getByRole("textbox", { name: "Kommentar bearbeiten" })
        .fill("Das Crawl-Budget reicht bei uns für neue und alte Kategorien.");
      await page.getByRole("button", { name: "Speichern" }).click();
      await expect(page.getByText("Kommentar erfolgreich aktualisiert!")).toBeVisible();

      await comment.getByRole("link", { name: "Bearbeitet – Versionen ansehen" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Bearbeitungsverlauf" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Version 2" })).toBeVisible();
      const diff = page.getByTestId("revision-diff");
      await expect(diff.locator("ins")).toContainText("neue");
      await expect(diff.locator("ins")).toContainText("[eingefügt:");
      await expect(diff).toContainText("Das Crawl-Budget reicht bei uns für");
      await expect(page.getByText("Bearbeitet durch die Moderation")).toHaveCount(0);
      await scanBothThemes(page, checkA11y, `revisions-${screen.name}`);
      await noSidewaysScrollAt320(page);

      // Without JavaScript the page is the same: a plain GET.
      const html = await (await page.request.get(`${path}/revisions?comment=${commentId}`)).text();
      expect(html).toMatch(/<ins[^>]*>.*neue/s);
    });
  });
}
