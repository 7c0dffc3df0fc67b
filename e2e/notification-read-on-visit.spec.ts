import { expect, test } from "./fixtures";
import { clientOf, createMembers, pageOf } from "./members";
import { discussionWithComment } from "./moderation-helpers";

/**
 * Opening the post a notification leads to reads that notification: the bell counts down and so does the tab's
 * title, whether the address came from a mail (typed in) or from the bell's panel.
 */
test("the reply a notification leads to, opened by its address: the bell and the title count down", async ({ browser }) => {
  test.setTimeout(90_000);
  const [asking, answering] = await createMembers([{ firstName: "Fragende" }, { firstName: "Antwortende" }]);
  const { path } = await discussionWithComment(await clientOf(asking), `Gelesen beim Besuch ${Date.now()}`, "Eigene Ergänzung");
  const replied = await (
    await clientOf(answering)
  ).post(path, {
    form: { intent: "create-comment", content: "Eine Antwort, die eine Benachrichtigung auslöst" },
    maxRedirects: 0,
  });
  expect(replied.status()).toBe(302);
  const target = replied.headers().location!;

  const page = await pageOf(browser, asking);
  await page.goto("/");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");
  await expect(page).toHaveTitle(/^\(1\)/);

  // As from the mail: the address itself, no click in the bell.
  await page.goto(target);
  await expect(page.getByText("Eine Antwort, die eine Benachrichtigung auslöst")).toBeVisible();
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  await page.goto("/");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");
  await page.context().close();
});
