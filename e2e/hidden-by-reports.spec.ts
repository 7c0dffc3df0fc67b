import { request } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { atPhoneAndDesktopWidths, screenshotForReview } from "./looks";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment, report } from "./moderation-helpers";

/**
 * A post that members' reports hid, while the moderation has not decided: in its place every reader
 * reads "Von der Community gemeldet – vorübergehend ausgeblendet, bis die Moderation entscheidet" (the same for
 * every guest, so the guests' page cache may keep it), never its words, nor in the page's JSON-LD; its author reads
 * it with that notice and may edit it. One report by staff hides as enough members' reports do.
 */
const PLACEHOLDER = "Von der Community gemeldet – vorübergehend ausgeblendet, bis die Moderation entscheidet";

test("a comment and a discussion hidden by reports: a placeholder for guests, the author reads and edits", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const [asking, writing, moderating] = await createMembers([{ firstName: "Fragende" }, { firstName: "Gemeldete" }, { role: "moderator" }]);
  const stamp = Date.now();
  const { path, commentId: firstId } = await discussionWithComment(await clientOf(asking), `Gemeldet ${stamp}`, `Erste Antwort ${stamp}`);
  const writer = await clientOf(writing);
  const commented = await writer.post(path, {
    form: { intent: "create-comment", content: `Werbung für Linkpakete ${stamp}` },
    maxRedirects: 0,
  });
  expect(commented.status()).toBe(302);
  const commentId = /#comment-([0-9a-f-]{36})/.exec(commented.headers().location ?? "")![1]!;
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  expect(await (await guest.get(path)).text()).toContain(`Werbung für Linkpakete ${stamp}`);

  await report(await clientOf(moderating), path, commentId, "spam");

  // Every guest: the placeholder where the comment was, none of its words, in the HTML nor in the JSON-LD.
  for (let time = 0; time < 2; time++) {
    const answer = await guest.get(path);
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain(PLACEHOLDER);
    expect(html).toContain(`id="comment-${commentId}"`);
    expect(html).not.toContain("Werbung für Linkpakete");
    expect(html).toContain(`Erste Antwort ${stamp}`);
  }
  const markdown = await (await guest.get(`${path}.md`)).text();
  expect(markdown).not.toContain("Werbung für Linkpakete");

  // Another member reads the placeholder too.
  const reader = await pageOf(browser, asking);
  await reader.goto(path);
  await expect(reader.locator(`#comment-${commentId}`)).toHaveText(PLACEHOLDER);
  await expect(reader.locator(`#comment-${firstId}`)).toContainText(`Erste Antwort ${stamp}`);
  await atPhoneAndDesktopWidths(reader, async (width, scheme) => {
    if (scheme !== "light") return;
    await reader.locator(`#comment-${commentId}`).scrollIntoViewIfNeeded();
    await screenshotForReview(reader, `reported-placeholder-${width}`);
  });

  // Its author reads it, marked, and edits it (without JavaScript: the edit link is a plain link).
  const noScript = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const author = await noScript.newPage();
  await signInOverHttp(author, writing.email, writing.password);
  await author.goto(path);
  const own = author.locator(`#comment-${commentId}`);
  await expect(own.getByTestId("reported-own-notice")).toContainText(PLACEHOLDER);
  await expect(own).toContainText(`Werbung für Linkpakete ${stamp}`);
  await own.getByRole("link", { name: "Kommentar bearbeiten" }).click();
  await author.getByLabel("Kommentar bearbeiten").fill(`Sachliche Antwort ohne Werbung ${stamp}`);
  await author.getByRole("button", { name: "Speichern" }).click();
  await expect(author.locator(`#comment-${commentId}`)).toContainText(`Sachliche Antwort ohne Werbung ${stamp}`);
  await expect(author.locator(`#comment-${commentId}`).getByTestId("reported-own-notice")).toBeVisible();
  // Still hidden for everyone else until the moderation decides.
  const afterEdit = await (await guest.get(path)).text();
  expect(afterEdit).toContain(PLACEHOLDER);
  expect(afterEdit).not.toContain("Sachliche Antwort ohne Werbung");

  // A discussion hidden by reports: the placeholder for guests (a 404, so nothing of it is indexed), its author reads it.
  await report(await clientOf(moderating), path, "", "spam");
  const gone = await guest.get(path);
  expect(gone.status()).toBe(404);
  const goneHtml = await gone.text();
  expect(goneHtml).toContain(PLACEHOLDER);
  expect(goneHtml).not.toContain(`Erste Antwort ${stamp}`);
  expect(goneHtml).not.toContain("application/ld+json");
  const asker = await noScript.newPage();
  await noScript.clearCookies();
  await signInOverHttp(asker, asking.email, asking.password);
  await asker.goto(path);
  await expect(asker.getByTestId("reported-own-notice")).toContainText(PLACEHOLDER);
  await expect(asker.locator(`#comment-${firstId}`)).toContainText(`Erste Antwort ${stamp}`);
  await guest.dispose();
  await noScript.close();
  await reader.context().close();
});
