import { request, type APIRequestContext } from "@playwright/test";
import { expect, test, testClientIp, untilServerAnswers, waitForHydration } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

/**
 * "Hilfreich" and accepted solutions (decision 0029) as members and guests meet them, with and without JavaScript.
 * Every person is the test's own; the asker and the answerer work over plain HTTP.
 */

async function question(asker: APIRequestContext, title: string): Promise<string> {
  const created = await asker.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: "Wie setze ich x-default richtig?", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const html = await (await asker.get("/subforum/seo")).text();
  const path = new RegExp(`href="(/discussion/[^"]+)"[^>]*>${title}<`).exec(html)?.[1];
  expect(path, `${title} in its subforum`).toBeTruthy();
  return path!;
}

async function answer(client: APIRequestContext, path: string, content: string): Promise<string> {
  const answered = await client.post(path, { form: { intent: "create-comment", content }, maxRedirects: 0 });
  expect(answered.status()).toBe(302);
  return /#comment-([0-9a-f-]{36})/.exec(answered.headers().location ?? "")![1]!;
}

/** What a guest's page says (its HTML without tags): from the guest page cache when it holds the page. */
async function guestSees(baseURL: string, path: string, text: string): Promise<boolean> {
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    const html = await (await guest.get(path)).text();
    return html.replace(/<[^>]*>/g, "").includes(text);
  } finally {
    await guest.dispose();
  }
}

test("a member marks an answer helpful and the asker accepts it: count, badge and quote for everyone, cached guest page included; taking back and hiding remove them", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [asking, answering, reading, moderating] = await createMembers([
    { firstName: "Fragende" },
    { firstName: "Expertin" },
    { firstName: "Leserin" },
    { role: "moderator" },
  ]);
  const title = `Hilfreich-Test ${Date.now()}`;
  const asker = await clientOf(asking);
  const path = await question(asker, title);
  const commentId = await answer(await clientOf(answering), path, "Das x-default zeigt auf die Sprachauswahl.");
  // A guest's page is cached now; the marks below must reach it.
  expect(await guestSees(baseURL!, path, "× hilfreich")).toBe(false);

  await signInOverHttp(page, reading.email, reading.password);
  await page.goto(path);
  await waitForHydration(page);
  const comment = page.locator(`#comment-${commentId}`);
  const helpful = comment.getByRole("button", { name: /hilfreich/ });
  await expect(helpful).toHaveAttribute("aria-pressed", "false");
  // The button shows the mark at once; the reload below must wait for the server to have stored it.
  const stored = await untilServerAnswers(page, () => helpful.click());
  expect(stored.ok(), `the mark answered ${stored.status()}`).toBe(true);
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await expect(helpful).toContainText("1");
  // Stored, not only shown: a reload says the same.
  await page.reload();
  await expect(comment.getByRole("button", { name: /hilfreich/ })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => guestSees(baseURL!, path, "1 × hilfreich")).toBe(true);

  // The answerer may not mark their own answer: no button, and the form itself is refused.
  const own = await (await clientOf(answering)).post(path, { form: { intent: "helpful", helpful: `${commentId}:true` }, maxRedirects: 0 });
  expect(own.status()).toBe(403);

  // The asker accepts the answer in the browser.
  const askerPage = await browser.newPage({ extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  await signInOverHttp(askerPage, asking.email, asking.password);
  await askerPage.goto(path);
  await waitForHydration(askerPage);
  await askerPage
    .locator(`#comment-${commentId}`)
    .getByRole("button", { name: /als Lösung markieren/ })
    .click();
  const quote = askerPage.getByTestId("solution-quote");
  await expect(quote).toContainText(`Gelöst von ${answering.firstName}`);
  await expect(quote).toContainText("Das x-default zeigt auf die Sprachauswahl.");
  await expect(askerPage.locator("article").first().getByText("Gelöst", { exact: true })).toBeVisible();
  await expect(askerPage.locator(`#comment-${commentId}`).getByText("Lösung", { exact: true })).toBeVisible();
  // "zur Antwort" leads to the answer in the thread.
  await quote.getByRole("link", { name: "zur Antwort" }).click();
  await expect(askerPage).toHaveURL(new RegExp(`#comment-${commentId}$`));
  await expect.poll(() => guestSees(baseURL!, path, `Gelöst von ${answering.firstName}`)).toBe(true);

  // Taken back: the quote goes.
  await askerPage.getByTestId("solution-quote").getByRole("button", { name: "Lösung zurücknehmen" }).click();
  await expect(askerPage.getByTestId("solution-quote")).toHaveCount(0);

  // Chosen again, then hidden by the moderation: a hidden answer is no solution, and shows no marks.
  expect((await asker.post(path, { form: { intent: "mark-solution", commentId }, maxRedirects: 0 })).status()).toBe(302);
  const moderator = await clientOf(moderating);
  const hidden = await moderator.post(path, { form: { intent: "hide-comment", commentId, reason: "Test" }, maxRedirects: 0 });
  expect(hidden.status()).toBe(302);
  await expect.poll(() => guestSees(baseURL!, path, "Gelöst von")).toBe(false);
  expect(await guestSees(baseURL!, path, "× hilfreich")).toBe(false);
  await askerPage.close();
});

test("a reload right after 'Hilfreich' waits for the server's answer, however slow (the e2e page's navigations wait for writes in flight)", async ({
  page,
}) => {
  const [asking, answering, reading] = await createMembers([{ firstName: "Fragende" }, { firstName: "Expertin" }, { firstName: "Leser" }]);
  const path = await question(await clientOf(asking), `Langsame Antwort ${Date.now()}`);
  const commentId = await answer(await clientOf(answering), path, "Die Antwort des Servers kommt spät.");
  await signInOverHttp(page, reading.email, reading.password);
  await page.goto(path);
  await waitForHydration(page);
  // The mark reaches the server only after 1.5 s: the optimistic button says "pressed" long before that. Only the
  // mark is held and counted: the page's own view count (POST …/view) may leave before or after this point.
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith(path),
    async (route) => {
      if (route.request().method() !== "POST" || !route.request().postData()?.includes("helpful=")) return route.fallback();
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return route.fallback();
    },
  );
  const helpful = page.locator(`#comment-${commentId}`).getByRole("button", { name: /hilfreich/ });
  await helpful.click();
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  expect(held).toBe(1);
  await expect(page.locator(`#comment-${commentId}`).getByRole("button", { name: /hilfreich/ })).toHaveAttribute("aria-pressed", "true");
});

test("without JavaScript: 'Hilfreich' and 'Als Lösung markieren' are forms that work, and guests and pending members are refused", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [asking, answering, reading, waiting] = await createMembers([
    { firstName: "Fragende" },
    { firstName: "Experte" },
    { firstName: "Leser" },
    { approved: false },
  ]);
  const title = `Ohne-Skript-Hilfreich ${Date.now()}`;
  const asker = await clientOf(asking);
  const path = await question(asker, title);
  const commentId = await answer(await clientOf(answering), path, "Ohne Skript geht es auch.");

  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  await signInOverHttp(page, reading.email, reading.password);
  await page.goto(path);
  await page
    .locator(`#comment-${commentId}`)
    .getByRole("button", { name: /hilfreich/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`#comment-${commentId}$`));
  await expect(page.locator(`#comment-${commentId}`).getByRole("button", { name: /hilfreich/ })).toHaveAttribute("aria-pressed", "true");
  await page.locator(`#comment-${commentId}`).getByText("Wer?").click();
  // By first name, as the comments name their authors (decision 0042).
  await expect(page.locator(`#comment-${commentId}`)).toContainText(`Hilfreich für ${reading.firstName}`);
  await expect(page.locator(`#comment-${commentId}`)).not.toContainText(reading.lastName);

  await signInOverHttp(page, asking.email, asking.password);
  await page.goto(path);
  await page
    .locator(`#comment-${commentId}`)
    .getByRole("button", { name: /als Lösung markieren/ })
    .click();
  await expect(page.getByTestId("solution-quote")).toContainText("Ohne Skript geht es auch.");
  await context.close();

  // Refused before anything is written: a guest, and a member who is still waiting for approval.
  const guest = await request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  expect((await guest.post(path, { form: { intent: "helpful", helpful: `${commentId}:true` }, maxRedirects: 0 })).status()).toBe(403);
  await guest.dispose();
  const pending = await clientOf(waiting);
  expect((await pending.post(path, { form: { intent: "helpful", helpful: `${commentId}:true` }, maxRedirects: 0 })).status()).toBe(403);
  expect(await guestSees(baseURL!, path, "1 × hilfreich")).toBe(true);
});
