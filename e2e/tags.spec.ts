import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { request } from "@playwright/test";
import { expect, test, testClientIp, untilServerAnswers, waitForHydration } from "./fixtures";
import { clientOf, createMembers, pageOf, type Member } from "./members";

/**
 * Tags (decision 0053): a member tags a new discussion from the suggestions, a fresh member's new tag is refused in
 * German (with and without JavaScript), the tag page lists the discussion for a guest out of the page cache, the
 * search's ?tag= finds it, and staff's merge answers 301 from the old tag page. A member watches a tag on its page
 * (decision 0056), with and without JavaScript, and hears of another's new discussion with it.
 */

/** A word no other run of the suite has, as a tag name (letters only: the tag's slug is it in lower case). */
const word = () =>
  `Thema${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)))}${test.info().workerIndex}`;

async function guestClient(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: test.info().project.use.baseURL!, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
}

/** A discussion written over the form's plain action; the answer's status. */
async function postDiscussion(client: APIRequestContext, title: string, tags: string) {
  return client.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: "Wie messt ihr das?", contentFormat: "text", tags },
    maxRedirects: 0,
  });
}

/**
 * Sends the new-discussion form without JavaScript. The title shares a word with the discussions made above, so the
 * first answer may be the step that shows similar discussions (200); "Trotzdem veröffentlichen" then sends it.
 */
async function publishWithoutScript(page: Page) {
  const first = await untilServerAnswers(page, () => page.getByRole("button", { name: "Diskussion erstellen" }).click());
  if (first.status() !== 200) return first;
  return untilServerAnswers(page, () => page.getByRole("button", { name: "Trotzdem veröffentlichen" }).click());
}

// One story in order: the merge at the end takes the thin tag the crawler checks look at before.
test.describe.configure({ mode: "serial" });

let staff: Member;
let writer: Member;
let tagName: string;
let otherTag: string;

test.beforeAll(async () => {
  [staff, writer] = await createMembers([{ role: "moderator" }, { firstName: "Tagwriterin" }]);
  // Staff may create tags; the writer, fresh, may only choose them.
  tagName = word();
  otherTag = `${tagName}Zwei`;
  const moderator = await clientOf(staff);
  expect((await postDiscussion(moderator, `Einführung ${tagName}`, tagName)).status()).toBe(302);
  expect((await postDiscussion(moderator, `Einführung ${otherTag}`, otherTag)).status()).toBe(302);
  await moderator.dispose();
});

async function tagTheDiscussion(browser: Browser, title: string) {
  const page = await pageOf(browser, writer);
  await page.goto("/create-discussion");
  await waitForHydration(page);
  await page.getByLabel("Titel").fill(title);
  const field = page.getByRole("combobox", { name: "Schlagwörter (optional)" });
  await field.fill(tagName.slice(0, 8));
  await page
    .getByRole("listbox", { name: "Vorhandene Schlagwörter" })
    .getByRole("option", { name: new RegExp(`^${tagName}\\b`) })
    .click();
  await expect(page.getByTestId("tag-chip")).toHaveText([tagName]);
  await page.locator("[data-testid='rich-text-editor'] .ProseMirror").fill("Wie messt ihr das im Alltag?");
  const answer = await untilServerAnswers(page, () => page.getByRole("button", { name: "Diskussion erstellen" }).click());
  expect(answer.status()).toBeLessThan(400);
  await page.waitForURL((url) => url.pathname === "/");
  await page.context().close();
}

test("a member tags a new discussion from the suggestions; the guest's tag page lists it, cached; ?tag= finds it", async ({ browser }) => {
  const title = `Frage zu ${tagName} mit Vorschlag`;
  await tagTheDiscussion(browser, title);
  const slug = tagName.toLowerCase();
  const guest = await guestClient();
  try {
    const first = await guest.get(`/tags/${slug}`);
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(title);
    await expect.poll(async () => (await guest.get(`/tags/${slug}`)).headers()["x-page-cache"]).toBe("hit");
    const search = await (await guest.get(`/search?tag=${slug}`)).text();
    expect(search).toContain(title);
    expect(search).not.toContain(`Einführung ${otherTag}`);
  } finally {
    await guest.dispose();
  }
});

test("a new tag from a fresh member is refused in German at the field (with JavaScript)", async ({ browser }) => {
  const page = await pageOf(browser, writer);
  await page.goto("/create-discussion");
  await waitForHydration(page);
  await page.getByLabel("Titel").fill(`Neues Schlagwort ${tagName}`);
  const field = page.getByRole("combobox", { name: "Schlagwörter (optional)" });
  await field.fill("Ganzneu");
  await field.press("Enter");
  await expect(page.getByTestId("tag-chip")).toHaveText(["Ganzneu"]);
  await page.locator("[data-testid='rich-text-editor'] .ProseMirror").fill("Text");
  const answer = await untilServerAnswers(page, () => page.getByRole("button", { name: "Diskussion erstellen" }).click());
  expect(answer.status()).toBe(400);
  await expect(page.getByTestId("tag-field")).toContainText(
    "„Ganzneu“ gibt es noch nicht. Neue Schlagwörter können Mitglieder anlegen, die",
  );
  await expect(page.getByTestId("tag-field")).toContainText("wählen Sie ein vorhandenes.");
  await page.context().close();
});

test("without JavaScript: the tag field is a text field; an existing tag is taken, a new one refused with a 400", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  const client = await clientOf(writer);
  await context.addCookies((await client.storageState()).cookies);
  await client.dispose();
  await page.goto("/create-discussion");
  await page.getByLabel("Titel").fill(`Ohne Skript ${tagName}`);
  await page.getByLabel("Schlagwörter (optional)").fill(`${tagName}, Nochnichtda`);
  await page.getByLabel("Inhalt").fill("Wie messt ihr das ohne Skript?");
  const refused = await publishWithoutScript(page);
  expect(refused.status()).toBe(400);
  await expect(page.getByText("„Nochnichtda“ gibt es noch nicht.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Schlagwörter (optional)")).toHaveValue(`${tagName}, Nochnichtda`);
  await page.getByLabel("Schlagwörter (optional)").fill(tagName);
  const taken = await publishWithoutScript(page);
  expect(taken.status()).toBe(302);
  const guest = await guestClient();
  expect(await (await guest.get(`/tags/${tagName.toLowerCase()}`)).text()).toContain(`Ohne Skript ${tagName}`);
  await guest.dispose();
  await context.close();
});

test("the tag pages answer as crawlers expect: canonical, JSON-LD, noindex while thin, 404 for an unknown tag", async () => {
  const guest = await guestClient();
  try {
    const all = await guest.get("/tags");
    expect(all.status()).toBe(200);
    const allHtml = await all.text();
    expect(allHtml).toMatch(/<link rel="canonical" href="[^"]*\/tags"/);
    expect(allHtml).toContain('"@type":"CollectionPage"');
    expect(allHtml).toContain('"@type":"BreadcrumbList"');
    // A demo tag with many discussions is indexed and in the sitemap; a tag with one is not.
    const busy = await (await guest.get("/tags/e-commerce")).text();
    expect(busy).not.toContain('name="robots"');
    expect(busy).toContain('"@type":"ItemList"');
    const thin = await (await guest.get(`/tags/${otherTag.toLowerCase()}`)).text();
    expect(thin).toMatch(/<meta name="robots" content="noindex/);
    const sitemap = await (await guest.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/tags/e-commerce</loc>");
    expect(sitemap).not.toContain(`/tags/${otherTag.toLowerCase()}</loc>`);
    const unknown = await guest.get("/tags/gibt-es-nicht");
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toMatch(/<meta name="robots" content="noindex/);
    const feed = await guest.get("/tags/e-commerce/feed.xml");
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('<category domain="');
  } finally {
    await guest.dispose();
  }
});

test("staff merge one tag into another: the old tag page answers 301 to the other's", async () => {
  const moderator = await clientOf(staff);
  try {
    const merged = await moderator.post("/admin/tags", {
      form: { intent: "merge", tag: otherTag.toLowerCase(), into: tagName.toLowerCase() },
      maxRedirects: 0,
    });
    expect(merged.status()).toBe(302);
  } finally {
    await moderator.dispose();
  }
  const guest = await guestClient();
  try {
    const old = await guest.get(`/tags/${otherTag.toLowerCase()}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers().location).toBe(`/tags/${tagName.toLowerCase()}`);
    expect(await (await guest.get(`/tags/${tagName.toLowerCase()}`)).text()).toContain(`Einführung ${otherTag}`);
  } finally {
    await guest.dispose();
  }
});

/** A tag of the test's own: staff create it with a discussion, since a fresh member may only choose one. */
async function ownTag(suffix: string): Promise<string> {
  const name = `${tagName}${suffix}`;
  const moderator = await clientOf(staff);
  try {
    expect((await postDiscussion(moderator, `Einführung ${name}`, name)).status()).toBe(302);
  } finally {
    await moderator.dispose();
  }
  return name;
}

/** Another member publishes a discussion with the tag over the form's plain action. */
async function publishWithTag(poster: Member, title: string, tag: string) {
  const client = await clientOf(poster);
  try {
    expect((await postDiscussion(client, title, tag)).status()).toBe(302);
  } finally {
    await client.dispose();
  }
}

test("a member watches a tag on its page; another's new discussion with it rings the bell and is in the list", async ({ browser }) => {
  const watched = await ownTag("Beob");
  // Both of this test's own: nobody else notifies the watcher, so the bell's count is exact.
  const [watcher, poster] = await createMembers([{ firstName: "Tagbeobachterin" }, { firstName: "Tagautor" }]);
  const page = await pageOf(browser, watcher);
  await page.goto(`/tags/${watched.toLowerCase()}`);
  await waitForHydration(page);
  const watching = page.getByTestId("watch-switch").getByRole("button", { name: "Beobachten" });
  await expect(page.getByTestId("watch-switch").getByRole("button")).toHaveText(["Beobachten", "Normal"]);
  expect((await untilServerAnswers(page, () => watching.click())).status()).toBeLessThan(400);
  await expect(watching).toHaveAttribute("aria-pressed", "true");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, keine ungelesen");

  const title = `Neue Frage mit ${watched}`;
  await publishWithTag(poster, title, watched);
  // The bell counts it without a reload (its live stream), and the list words it.
  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 10_000 });
  await expect(bell).toHaveAccessibleName("Benachrichtigungen, 1 ungelesen");
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").first()).toContainText(`Neue Diskussion mit dem Schlagwort ${watched}: „${title}“`);
  await page.context().close();
});

test("without JavaScript: the tag's watch switch is a form, and the watcher's list names the new discussion", async ({ browser }) => {
  const watched = await ownTag("Form");
  const [watcher, poster] = await createMembers([{ firstName: "Formbeobachter" }, { firstName: "Formautorin" }]);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const client = await clientOf(watcher);
  await context.addCookies((await client.storageState()).cookies);
  await client.dispose();
  const page = await context.newPage();
  await page.goto(`/tags/${watched.toLowerCase()}`);
  const watching = page.getByTestId("watch-switch").getByRole("button", { name: "Beobachten" });
  await expect(watching).toHaveAttribute("aria-pressed", "false");
  expect((await untilServerAnswers(page, () => watching.click())).status()).toBe(302);
  await page.waitForURL((url) => url.pathname === `/tags/${watched.toLowerCase()}`);
  await expect(watching).toHaveAttribute("aria-pressed", "true");

  const title = `Ohne Skript beobachtet ${watched}`;
  await publishWithTag(poster, title, watched);
  // The notification is written with the discussion, so the list the watcher opens next has it.
  await page.goto("/notifications");
  await expect(page.getByTestId("notification").first()).toContainText(`Neue Diskussion mit dem Schlagwort ${watched}: „${title}“`);
  await context.close();
});
