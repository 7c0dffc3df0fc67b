import http from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { slugify } from "../app/lib/slug";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { clientOf, createMembers, pageOf } from "./members";

/**
 * The live thread (decision record 0055): a reader of a discussion, member or guest, learns of new visible replies through the
 * live stream while the page is open. A bar at the end of the comments offers them; a click loads them where the
 * bar was, without a reload and without moving what the reader reads. Held and hidden comments never show up that
 * way; the stream's limits hold for guests too.
 */

const LIVE = "/notifications/live";

/** A discussion of the client's member with `count` comments, long enough to scroll; its path. */
async function discussionWithComments(author: APIRequestContext, title: string, count: number): Promise<string> {
  const created = await author.post("/create-discussion", {
    form: { title, category: "seo", content: "Wer liest mit, während geantwortet wird?", contentFormat: "text", similarSeen: "1" },
    maxRedirects: 0,
  });
  expect(created.status(), `create ${title}`).toBe(302);
  const path = `/discussion/${slugify(title)}`;
  for (let i = 1; i <= count; i++) await comment(author, path, `Frühere Antwort ${i}: ${"Ein längerer Absatz zum Lesen. ".repeat(12)}`);
  return path;
}

async function comment(author: APIRequestContext, path: string, content: string): Promise<string> {
  const answer = await author.post(path, { form: { intent: "create-comment", content }, maxRedirects: 0 });
  expect(answer.status(), `comment on ${path}`).toBe(302);
  return /#comment-([0-9a-f-]{36})/.exec(answer.headers().location ?? "")?.[1] ?? "";
}

/** Opens `path` and waits for the page's live stream to be answered (its first event follows at once). */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForResponse(
    (response) => new URL(response.url()).pathname === LIVE && new URL(response.url()).search.includes("discussion="),
  );
  await page.goto(path);
  await waitForHydration(page);
  expect((await stream).status()).toBe(200);
  // Survives anything but a reload.
  await page.evaluate(() => ((window as unknown as { liveMarker: string }).liveMarker = "noch da"));
}

/** Scrolls so that the comment with this text stands near the top, and returns the scroll position. */
async function readComment(page: Page, text: string): Promise<number> {
  await page
    .getByTestId("comment")
    .filter({ hasText: text })
    .evaluate((element) => {
      element.scrollIntoView({ block: "start", behavior: "instant" });
    });
  return page.evaluate(() => window.scrollY);
}

/** Scrolls as a reader does until the bar is in view, and returns the scroll position. */
async function barInView(page: Page): Promise<number> {
  await page.getByTestId("live-thread").evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  return page.evaluate(() => window.scrollY);
}

async function expectSamePage(page: Page, scrollY: number) {
  expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe("noch da");
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(2);
}

test("a member reading a discussion sees '1 neue Antwort – anzeigen', loads it in place and keeps reading where they were", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [asking, reading, answering, moderating] = await createMembers([
    { firstName: "Fragende" },
    { firstName: "Leser" },
    { firstName: "Antwortende" },
    { role: "moderator" },
  ]);
  const title = `Live-Thread Mitglied ${Date.now()}`;
  const asker = await clientOf(asking);
  const path = await discussionWithComments(asker, title, 4);
  const answerer = await clientOf(answering);

  const page = await pageOf(browser, reading);
  await page.setViewportSize({ width: 1280, height: 700 });
  await openWithStream(page, path);
  const scrollY = await readComment(page, "Frühere Antwort 2");
  expect(scrollY).toBeGreaterThan(0);

  // A new member's comment with three links is held for review: it never reaches the reader's page. The visible
  // comment after it is the only one the bar counts (the stream's events come in order).
  const stamp = Date.now();
  await comment(answerer, path, `Zurückgehalten ${stamp}: https://eins.example/a https://zwei.example/b https://drei.example/c`);
  await comment(answerer, path, `Neue Antwort ${stamp}`);
  const bar = page.getByTestId("live-thread").getByRole("button");
  await expect(bar).toHaveText("1 neue Antwort – anzeigen", { timeout: 5_000 });
  await expect(page.getByText(`Neue Antwort ${stamp}`)).toHaveCount(0);
  // The bar came below what the reader reads: nothing moved.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

  // The reader reads on down to the bar; clicking it moves nothing they see.
  const readingY = await barInView(page);
  const loaded = page.waitForResponse((response) => response.url().includes(".data"));
  await bar.click();
  await loaded;
  await expect(page.getByText(`Neue Antwort ${stamp}`)).toBeVisible();
  // The focus goes to what the reader asked to see (the bar they clicked is gone), without scrolling there.
  await expect(page.getByTestId("comment").filter({ hasText: `Neue Antwort ${stamp}` })).toBeFocused();
  await expect(page.getByTestId("live-thread").getByRole("button")).toHaveCount(0);
  await expect(page.getByText(`Zurückgehalten ${stamp}`)).toHaveCount(0);
  await expectSamePage(page, readingY);

  // Two more: the bar counts both.
  await comment(answerer, path, `Zweite ${stamp}`);
  await comment(asker, path, `Dritte ${stamp}`);
  await expect(page.getByTestId("live-thread").getByRole("button")).toHaveText("2 neue Antworten – anzeigen", { timeout: 5_000 });
  await page.getByTestId("live-thread").getByRole("button").click();
  await expect(page.getByText(`Dritte ${stamp}`)).toBeVisible();

  // What is not new is shown quietly, and an open comment keeps its text: a "Hilfreich" mark, then a moderator hides a
  // comment the reader sees (it goes, and never comes back as "new").
  const field = page.getByLabel("Ihr Kommentar");
  await field.fill("Mein halber Gedanke");
  const answered = page.getByTestId("comment").filter({ hasText: `Neue Antwort ${stamp}` });
  const answerId = (await answered.getAttribute("id"))!.replace("comment-", "");
  expect((await asker.post(path, { form: { intent: "helpful", helpful: `${answerId}:true` }, maxRedirects: 0 })).status()).toBe(302);
  await expect(answered.getByRole("button", { name: /hilfreich \(1\)$/ })).toBeVisible({ timeout: 5_000 });
  const moderator = await clientOf(moderating);
  const second = page.getByTestId("comment").filter({ hasText: `Zweite ${stamp}` });
  const secondId = (await second.getAttribute("id"))!.replace("comment-", "");
  const hidden = await moderator.post(path, { form: { intent: "hide-comment", commentId: secondId, reason: "Test" }, maxRedirects: 0 });
  expect(hidden.status()).toBe(302);
  await expect(page.getByText(`Zweite ${stamp}`)).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByTestId("live-thread").getByRole("button")).toHaveCount(0);
  await expect(field).toContainText("Mein halber Gedanke");
  await expectSamePage(page, await page.evaluate(() => window.scrollY));
  await page.context().close();
});

test("a guest with JavaScript sees the bar too, and the new comment comes from the page cache without a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [asking, answering] = await createMembers([{ firstName: "Fragende" }, { firstName: "Antwortende" }]);
  const title = `Live-Thread Gast ${Date.now()}`;
  const path = await discussionWithComments(await clientOf(asking), title, 4);
  const answerer = await clientOf(answering);
  const guest = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await guest.newPage();
  await page.setViewportSize({ width: 375, height: 700 });
  await openWithStream(page, path);
  // A guest's reading page, without the app (decision 0036). The cookie banner goes first: it covers the screen's foot.
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  await page.locator("[data-action='cookie-essential']").click();
  const scrollY = await readComment(page, "Frühere Antwort 2");

  const stamp = Date.now();
  await comment(answerer, path, `Zurückgehalten ${stamp}: https://eins.example/a https://zwei.example/b https://drei.example/c`);
  await comment(answerer, path, `Neue Antwort ${stamp}`);
  const bar = page.getByTestId("live-thread").getByRole("button");
  await expect(bar).toHaveText("1 neue Antwort – anzeigen", { timeout: 5_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

  const readingY = await barInView(page);
  const loaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().resourceType() === "fetch",
  );
  await bar.click();
  expect((await loaded).status()).toBe(200);
  await expect(page.getByText(`Neue Antwort ${stamp}`)).toBeVisible();
  await expect(page.getByTestId("comment").filter({ hasText: `Neue Antwort ${stamp}` })).toBeFocused();
  await expect(page.getByTestId("live-thread").getByRole("button")).toHaveCount(0);
  await expect(page.getByText(`Zurückgehalten ${stamp}`)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Antworten \(5\)/ })).toBeVisible();
  await expectSamePage(page, readingY);

  // Every guest gets the same page: nothing of the stream or the reader is in it.
  const first = await page.request.get(path);
  const again = await page.request.get(path);
  expect(again.headers()["x-page-cache"]).toBe("hit");
  expect(await again.text()).toBe(await first.text());
  await guest.close();
});

interface Opened {
  status: number;
  /** The body of a refusal, or the events so far of an open stream. */
  text: () => string;
  /** Resolves with all events so far once one matches. */
  until: (pattern: RegExp) => Promise<string>;
  close: () => void;
}

/** The live stream over plain HTTP, as a guest (no cookie) from `address`. */
function openStream(baseURL: string, query: string, address: string): Promise<Opened> {
  const url = new URL(`${LIVE}${query}`, baseURL);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Accept: "text/event-stream", "X-Forwarded-For": address }, agent: false }, (response) => {
      let body = "";
      const waiting = new Set<() => void>();
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
        for (const check of waiting) check();
      });
      const until = (pattern: RegExp) =>
        new Promise<string>((found) => {
          const check = () => {
            if (pattern.test(body)) {
              waiting.delete(check);
              found(body);
            }
          };
          waiting.add(check);
          check();
        });
      const opened = { status: response.statusCode ?? 0, text: () => body, until, close: () => request.destroy() };
      if (response.statusCode === 200) void until(/event: thread/).then(() => resolve(opened));
      else response.on("end", () => resolve(opened));
    });
    request.setTimeout(15_000, () => request.destroy(new Error("keine Antwort vom Live-Stream")));
    request.on("error", reject);
  });
}

test("over HTTP: a guest's stream carries only its discussion's visible changes, and one address holds few of them", async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [asking, answering] = await createMembers([{ firstName: "Fragende" }, { firstName: "Antwortende" }]);
  const title = `Live-Thread HTTP ${Date.now()}`;
  const asker = await clientOf(asking);
  const path = await discussionWithComments(asker, title, 1);
  const slug = path.split("/").pop()!;
  const address = testClientIp();

  const stream = await openStream(baseURL!, `?discussion=${slug}`, address);
  expect(stream.status).toBe(200);
  expect(stream.text()).toMatch(/event: thread\ndata: \{"replies":1,"solved":false,"helpful":0,"changedAt":"[^"]+"\}/);
  // No bell for a guest.
  expect(stream.text()).not.toContain("event: count");

  // A held comment changes nothing a reader sees: the next event is the visible comment's, with 2 replies.
  await comment(await clientOf(answering), path, `Zurückgehalten: https://eins.example/a https://zwei.example/b https://drei.example/c`);
  await comment(asker, path, "Sichtbar");
  const events = await stream.until(/"replies":2/);
  expect(events.match(/event: thread/g)).toHaveLength(2);
  expect(events).not.toContain('"replies":3');

  // Five more guests' streams from the address fill its six places; the seventh is refused in German.
  const others: Opened[] = [];
  for (let i = 0; i < 5; i++) others.push(await openStream(baseURL!, `?discussion=${slug}`, address));
  expect(others.map((other) => other.status)).toEqual([200, 200, 200, 200, 200]);
  const refused = await openStream(baseURL!, `?discussion=${slug}`, address);
  expect(refused.status).toBe(429);
  expect(refused.text()).toContain("Zu viele Live-Verbindungen von Ihrer Adresse");
  for (const other of [stream, ...others]) other.close();

  // Without a discussion a guest has nothing to follow; a malformed or unknown one is refused before anything is kept.
  const elsewhere = testClientIp();
  expect((await openStream(baseURL!, "", elsewhere)).status).toBe(401);
  expect((await openStream(baseURL!, "?discussion=%3Cscript%3E", elsewhere)).status).toBe(400);
  expect((await openStream(baseURL!, `?discussion=${slug}-gibt-es-nicht`, elsewhere)).status).toBe(404);
});
