import { request, type Page } from "@playwright/test";
import { heldTexts } from "../app/lib/moderation";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment, findReviewItem } from "./moderation-helpers";

/**
 * Held posts (decision 0035): a new member's post with more links than allowed waits for a moderator. Its
 * author sees it marked as waiting, guests do not see it at all, the queue shows it, and "Freigeben" publishes it.
 */

/** A guest's view of a page: its text without tags. */
async function guestText(baseURL: string, path: string): Promise<string> {
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    return (await (await guest.get(path)).text()).replace(/<[^>]*>/g, "");
  } finally {
    await guest.dispose();
  }
}

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

test("a new member's post with 3 links is held, appears in the queue, is approved and then published", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const [newcomer, moderating] = await createMembers([{ firstName: "Neuling" }, { role: "moderator" }]);
  const stamp = Date.now();
  const { path } = await discussionWithComment(await clientOf(newcomer), `Erste Schritte ${stamp}`, "Hallo zusammen, ohne Links.");
  const text = `Meine Angebote ${stamp}: https://eins.example/a https://zwei.example/b https://drei.example/c`;

  // The author writes it in the browser: told it waits, and shown it marked as waiting.
  const authorPage = await pageOf(browser, newcomer);
  await authorPage.goto(path);
  await waitForHydration(authorPage);
  await authorPage.getByLabel("Ihr Kommentar").fill(text);
  await authorPage.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(toast(authorPage, heldTexts.notice)).toBeVisible();
  const own = authorPage.getByTestId("comment").filter({ hasText: `Meine Angebote ${stamp}` });
  await expect(own).toBeVisible();
  await expect(own.getByText(`${heldTexts.badge}: ${heldTexts.notice}`)).toBeVisible();
  const commentId = (await own.getAttribute("id"))!.replace("comment-", "");

  // Nobody else sees it.
  expect(await guestText(baseURL!, path)).not.toContain(`Meine Angebote ${stamp}`);

  // The queue shows it, held and why; "Freigeben" publishes it.
  const page = await pageOf(browser, moderating);
  const { path: queuePath } = await findReviewItem(page.request, commentId);
  await page.goto(queuePath);
  await waitForHydration(page);
  const card = page.getByTestId("review-item").filter({ has: page.locator(`a[href$="#comment-${commentId}"]`) });
  await expect(card.getByText("Zurückgehalten", { exact: true })).toBeVisible();
  await expect(card.getByText(heldTexts.badge, { exact: true })).toBeVisible();
  await expect(card.getByText(/3 Links von einem neuen Mitglied/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Behalten" })).toHaveCount(0);
  await card.getByRole("button", { name: "Freigeben" }).click();
  await expect(toast(page, "Beitrag freigegeben")).toBeVisible();
  await expect(card).toHaveCount(0);

  // Published: guests read it (the cached page renewed), and the author is told.
  await expect.poll(async () => (await guestText(baseURL!, path)).includes(`Meine Angebote ${stamp}`)).toBe(true);
  await authorPage.goto("/notifications");
  await expect(authorPage.getByText(/wurde freigegeben und ist jetzt für alle sichtbar/)).toBeVisible();
  await authorPage.goto(path);
  await expect(
    authorPage
      .getByTestId("comment")
      .filter({ hasText: `Meine Angebote ${stamp}` })
      .getByText(heldTexts.badge),
  ).toHaveCount(0);

  await authorPage.context().close();
  await page.context().close();
});
