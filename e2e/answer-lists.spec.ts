import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { clientOf, createMembers } from "./members";

/**
 * "Gelöst" in the lists: a question whose author accepted an answer carries the badge in its subforum
 * and in the search, and the filter "Alle / Offen / Gelöst" (plain links) finds it, with and without JavaScript.
 */

interface Solved {
  title: string;
  /** A word only this test's discussions contain, for the search. */
  word: string;
  path: string;
}

/** A question in SEA by one member, answered by another, the answer marked as its solution by the asker; and an open twin. */
async function solvedQuestion(): Promise<Solved & { openTitle: string }> {
  const word = `Zebrafisch${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const title = `Gelöst-Test ${word}`;
  const openTitle = `Offen-Test ${word}`;
  const [asking, answering] = await createMembers([{ firstName: "Fragende" }, { firstName: "Antwortende" }]);
  const [asker, answerer] = await Promise.all([clientOf(asking), clientOf(answering)]);
  try {
    const path = await create(asker, title);
    await create(asker, openTitle);
    const answered = await answerer.post(path, { form: { intent: "create-comment", content: "So geht es." }, maxRedirects: 0 });
    expect(answered.status(), "the other member answers").toBe(302);
    const commentId = /#comment-([0-9a-f-]+)/.exec(answered.headers().location ?? "")?.[1];
    expect(commentId, "the answer's anchor").toBeTruthy();
    const marked = await asker.post(path, { form: { intent: "mark-solution", commentId: commentId! }, maxRedirects: 0 });
    expect(marked.status(), "the asker marks the solution").toBe(302);
    return { title, openTitle, word, path };
  } finally {
    await Promise.all([asker.dispose(), answerer.dispose()]);
  }
}

async function create(client: APIRequestContext, title: string): Promise<string> {
  const created = await client.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "sea", content: "Wie löse ich das?", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status(), `creates ${title}`).toBe(302);
  // The form leads home; the discussion's address is its link in the subforum.
  const html = await (await client.get("/subforum/sea")).text();
  const path = new RegExp(`href="(/discussion/[^"#?]+)"[^>]*>${title}</a>`).exec(html)?.[1];
  if (!path) throw new Error(`${title} is not listed in /subforum/sea`);
  return path;
}

/** Follows the filter's links as a reader would: Gelöst lists the solved question with its badge, Offen the other. */
async function filterSubforum(page: Page, { title, openTitle }: Solved & { openTitle: string }, javaScript: boolean) {
  const card = (name: string) => page.getByTestId("discussion-card").filter({ hasText: name });
  const filter = page.getByRole("navigation", { name: "Nach Status filtern" });
  await expect(card(title).getByText("Gelöst", { exact: true })).toBeVisible();
  await expect(card(openTitle)).toBeVisible();
  await expect(card(openTitle).getByText("Gelöst", { exact: true })).toHaveCount(0);
  await expect(filter.getByRole("link", { name: /^Alle/ })).toHaveAttribute("aria-current", "page");

  await filter.getByRole("link", { name: /^Gelöst/ }).click();
  await page.waitForURL((url) => url.pathname === "/subforum/sea" && url.search === "?status=solved");
  if (javaScript) await waitForHydration(page);
  await expect(filter.getByRole("link", { name: /^Gelöst/ })).toHaveAttribute("aria-current", "page");
  await expect(card(title).getByText("Gelöst", { exact: true })).toBeVisible();
  await expect(card(openTitle)).toHaveCount(0);
  await expect(page.getByTestId("list-count")).toHaveText(/gelöste Diskussion/);

  await filter.getByRole("link", { name: /^Offen/ }).click();
  await page.waitForURL((url) => url.search === "?status=open");
  await expect(card(openTitle)).toBeVisible();
  await expect(card(title)).toHaveCount(0);
  await expect(page.getByTestId("discussion-card").getByText("Gelöst", { exact: true })).toHaveCount(0);
}

/** The search for the test's word, then the filter Gelöst: only the solved question, with its badge. */
async function filterSearch(page: Page, { title, openTitle, word }: Solved & { openTitle: string }, javaScript: boolean) {
  const hit = (name: string) => page.getByTestId("search-result").filter({ hasText: name });
  await page.getByRole("searchbox", { name: "Suchbegriff" }).fill(word);
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === word);
  await expect(hit(openTitle)).toBeVisible();
  await expect(hit(title).getByText("Gelöst", { exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Nach Status filtern" }).getByRole("link", { name: "Gelöst" }).click();
  await page.waitForURL((url) => url.searchParams.get("status") === "solved");
  if (javaScript) await waitForHydration(page);
  await expect(hit(title).getByText("Gelöst", { exact: true })).toBeVisible();
  await expect(hit(openTitle)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Aktive Filter" }).getByRole("link", { name: "Filter Gelöst entfernen" })).toBeVisible();

  // A new search keeps the status (the form carries it).
  await page.getByRole("searchbox", { name: "Suchbegriff" }).fill(`Gelöst-Test ${word}`);
  await page.getByRole("button", { name: "Suchen" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === `Gelöst-Test ${word}` && url.searchParams.get("status") === "solved");
  await expect(hit(title)).toBeVisible();
}

test("a solved question carries 'Gelöst' in its subforum and the search, and the filter finds it (JavaScript)", async ({ page, visit }) => {
  test.setTimeout(60_000);
  const solved = await solvedQuestion();
  await visit("/subforum/sea");
  await filterSubforum(page, solved, true);
  await visit("/search");
  await filterSearch(page, solved, true);
});

test("the same without JavaScript: the badge is in the HTML, the filter is plain links", async ({ browser }) => {
  test.setTimeout(60_000);
  const solved = await solvedQuestion();
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  try {
    await page.goto("/subforum/sea");
    await filterSubforum(page, solved, false);
    await page.goto("/search");
    await filterSearch(page, solved, false);
  } finally {
    await context.close();
  }
});
