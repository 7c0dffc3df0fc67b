import type { Page } from "@playwright/test";
import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { DEMO_PASSWORD, pageAs, signInOverHttp, storageStateOf } from "./auth-helpers";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function asMember(page: Page, email: string) {
  await signInOverHttp(page, email, DEMO_PASSWORD);
}

test("create with bold, list and link → home, subforum, page; comment, reply, edit; title edit keeps the slug", async ({
  page,
  visit,
  browser,
}) => {
  // A long journey with two people and typing in the editor: about 30 s on a busy two-core machine.
  test.setTimeout(120_000);
  const id = unique();
  const title = `Crawl-Budget für Shops ${id}`;
  await asMember(page, "aylin.demir@example.com");

  await visit("/create-discussion?category=seo");
  await expect(page.getByLabel("Kategorie")).toHaveValue("seo");
  await expect(page.getByText(/\d+ Mitglieder verfügbar/)).toBeVisible();
  await page.getByLabel("Titel").fill(title);

  // The editor replaces the plain textarea once its code has loaded.
  const editor = page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" });
  await editor.click();
  await page.keyboard.type("Normaler Text und ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("fetter Text");
  await page.keyboard.press("Control+b");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- erster Punkt");
  await page.keyboard.press("Enter");
  await page.keyboard.type("zweiter Punkt");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Siehe Doku");
  // Under load the editor may lag behind the keyboard; select only once every letter is in.
  await expect(editor).toContainText("Siehe Doku");
  for (let i = 0; i < "Doku".length; i++) await page.keyboard.press("Shift+ArrowLeft");
  // The browser moves the selection at once; the editor takes it over on its next selectionchange,
  // which a busy machine can deliver after the shortcut. Go on once the editor itself holds "Doku".
  await page.waitForFunction(() => {
    const dom = document.querySelector<
      HTMLElement & {
        editor?: { state: { selection: { from: number; to: number }; doc: { textBetween(from: number, to: number): string } } };
      }
    >("[data-testid='rich-text-editor'] .ProseMirror");
    const state = dom?.editor?.state;
    return state ? state.doc.textBetween(state.selection.from, state.selection.to) === "Doku" : false;
  });
  page.once("dialog", async (dialog) => {
    expect(dialog.message()).toBe("Link-URL eingeben:");
    await dialog.accept("https://developers.google.com/search/docs");
  });
  await page.keyboard.press("Control+l");
  await expect(editor.locator("a")).toHaveText("Doku");

  await page.getByRole("button", { name: "Diskussion erstellen" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Diskussion erfolgreich erstellt!")).toBeVisible();
  // Home, as the spec says, and the toast leads on to the new discussion.
  await expect(page.getByRole("link", { name: "Zur Diskussion" })).toHaveAttribute("href", `/discussion/crawl-budget-fuer-shops-${id}`);

  const recent = page.locator("#aktuelle-diskussionen");
  await expect(recent.getByRole("link", { name: title })).toBeVisible();
  await visit("/subforum/seo");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const slugUrl = page.url();
  expect(new URL(slugUrl).pathname).toBe(`/discussion/crawl-budget-fuer-shops-${id}`);
  // The site name follows unless title and name together would exceed 60 characters (the id's length varies). The
  // demo's Aylin has an unread message (decision 0062): the bell's count stands in front of the page's own title.
  const withSiteName = `${title} | Marketing Community`;
  const pageTitle = withSiteName.length > 60 ? title : withSiteName;
  await expect(page).toHaveTitle(new RegExp(`^(\\(\\d+\\) )?${pageTitle.replace(/[|()]/g, "\\$&")}$`));

  const content = page.locator(".prose-forum").first();
  await expect(content.locator("strong")).toHaveText("fetter Text");
  await expect(content.locator("ul > li")).toHaveText(["erster Punkt", "zweiter Punkt"]);
  const link = content.locator("a");
  await expect(link).toHaveAttribute("href", "https://developers.google.com/search/docs");
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(link).toHaveAttribute("target", "_blank");
  // The discussion's own count: "Ähnliche Diskussionen" below show others' counts in the same words.
  await expect(page.locator("article").first().getByText("0 Antworten")).toBeVisible();

  // Another member comments and replies.
  const otherPage = await pageAs(browser);
  await asMember(otherPage, "markus.becker@example.com");
  await otherPage.goto(slugUrl);
  await waitForHydration(otherPage);
  await otherPage.getByLabel("Ihr Kommentar").fill("Wir loggen die Crawls mit Screaming Frog: https://example.org/log");
  await otherPage.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(otherPage.getByText("Kommentar erfolgreich erstellt!")).toBeVisible();
  await expect(otherPage.getByRole("heading", { name: "Antworten (1)" })).toBeVisible();
  const comment = otherPage.getByTestId("comment").first();
  await expect(comment.getByRole("link", { name: "https://example.org/log" })).toHaveAttribute("rel", "nofollow ugc noopener");

  await comment.getByRole("link", { name: "Antworten" }).click();
  await otherPage.getByLabel("Ihre Antwort").fill("Nachtrag: auch die Logfiles helfen.");
  await otherPage.getByRole("button", { name: "Antwort senden" }).click();
  await expect(otherPage.getByRole("heading", { name: "Antworten (2)" })).toBeVisible();
  await expect(otherPage.locator("ol ol [data-testid=comment]")).toHaveText(/Nachtrag: auch die Logfiles helfen\./);
  await expect(otherPage.locator("article").first().getByText("2 Antworten")).toBeVisible();

  // The comment's author edits it: '(bearbeitet)'.
  await expect(comment.getByText("(bearbeitet)")).toHaveCount(0);
  await comment.getByRole("link", { name: "Kommentar bearbeiten" }).click();
  await otherPage.getByRole("textbox", { name: "Kommentar bearbeiten" }).fill("Wir loggen die Crawls mit Screaming Frog und Logfiles.");
  await otherPage.getByRole("button", { name: "Speichern" }).click();
  await expect(otherPage.getByText("Kommentar erfolgreich aktualisiert!")).toBeVisible();
  await expect(otherPage.getByTestId("comment").first().getByText("(bearbeitet)")).toBeVisible();
  // Not the author of the discussion: no edit button there.
  await expect(otherPage.getByRole("link", { name: "Bearbeiten", exact: true })).toHaveCount(0);
  await otherPage.context().close();

  // The author edits the title; the slug stays.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("comment").first().getByRole("link", { name: "Kommentar bearbeiten" })).toHaveCount(0);
  await page.getByRole("link", { name: "Bearbeiten", exact: true }).click();
  const titleInput = page.getByLabel("Titel");
  await titleInput.fill("");
  await expect(page.getByRole("button", { name: "Speichern" })).toBeDisabled();
  await titleInput.fill(`${title} (aktualisiert)`);
  await page.getByRole("button", { name: "Speichern" }).click();
  await expect(page.getByText("Diskussion erfolgreich aktualisiert!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (aktualisiert)` })).toBeVisible();
  expect(page.url().split("#")[0]).toBe(slugUrl);
  await expect(page.getByText("Bearbeitet", { exact: true })).toBeVisible();
  await expect(page.locator("article").first().getByText("2 Antworten")).toBeVisible();
});

test("hostile markup is stored and shown without anything that runs", async ({ page, visit, request }) => {
  const ip = testClientIp();
  const signIn = await request.post("/auth", {
    form: { intent: "sign-in", email: "soeren.weiss@example.com", password: DEMO_PASSWORD },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const title = `Sicherheitstest ${unique()}`;
  const created = await request.post("/create-discussion", {
    form: {
      similarSeen: "1",
      title,
      category: "tools",
      contentFormat: "html",
      content: '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><p>Harmlos</p>',
    },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const html = await (await request.get(`/discussion/${slug}`)).text();
  const article = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
  expect(article).toContain("<p>Harmlos</p>");
  expect(article).not.toMatch(/<img|<script|javascript:|onerror/i);

  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await visit(`/discussion/${slug}`);
  // The hydrated page holds the body, and nothing in it that could still run later: no element that loads
  // or runs something, no event handler, no script link.
  const body = page.locator('[data-page-text="discussion"]');
  await expect(body.getByText("Harmlos")).toBeVisible();
  const runnable = await body.evaluate((element) => {
    const all = [...element.querySelectorAll("*")];
    return {
      elements: all
        .filter((each) => /^(img|script|iframe|object|embed|svg|math|style|link|meta|form)$/i.test(each.tagName))
        .map((each) => each.tagName),
      handlers: all.flatMap((each) =>
        [...each.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name),
      ),
      scriptLinks: all
        .map((each) => each.getAttribute("href") ?? each.getAttribute("src") ?? "")
        .filter((url) => /^\s*javascript:/i.test(url)),
    };
  });
  expect(runnable).toEqual({ elements: [], handlers: [], scriptLinks: [] });
  // An alert blocks the page until it is answered: one raised while the document was parsed or while its
  // images failed came before the load event that `visit` waited for.
  expect(dialogs).toBe(0);
});

test("a missing discussion answers 404 with its text and a way home", async ({ page, visit }) => {
  await visit("/discussion/gibt-es-nicht", { status: 404 });
  await expect(page.getByRole("heading", { name: "Diskussion nicht gefunden" })).toBeVisible();
  await expect(page).toHaveTitle("Diskussion nicht gefunden | Marketing Community");
  await page.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("guests see the comment hint, pending members their own with the send button disabled", async ({ page, visit }) => {
  await visit("/subforum/sea");
  await page.getByTestId("discussion-card").first().getByRole("heading").getByRole("link").click();
  await expect(page.getByText("Sie müssen angemeldet sein, um einen Kommentar zu erstellen.")).toBeVisible();
  await expect(page.getByLabel("Ihr Kommentar")).toHaveCount(0);
  const discussionUrl = page.url();

  const signedIn = await signInOverHttp(page, "emre.aydin@example.com", DEMO_PASSWORD);
  expect(signedIn.headers().location).toBe("/pending-approval");
  await page.goto(discussionUrl);
  await waitForHydration(page);
  await expect(
    page.getByText("Ihr Account wartet noch auf Genehmigung. Sie können kommentieren, sobald Ihr Account freigeschaltet wurde."),
  ).toBeVisible();
  await expect(page.getByLabel("Ihr Kommentar")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Kommentar senden" })).toBeDisabled();
});

test("a visit counts one view", async ({ page, visit, playwright, baseURL }) => {
  // A guest's page may come from the page cache, whose count lags by up to its maximum age;
  // a member's page is rendered for them, and fetched without JavaScript it counts no view itself.
  const reader = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member") });
  const views = async () => {
    const html = await (await reader.get(href!)).text();
    return Number(/([\d.]+)\s*(?:<!-- -->)?\s*Aufrufe/.exec(html)![1]!.replace(/\./g, ""));
  };
  await visit("/subforum/ai");
  const card = page.getByTestId("discussion-card").first();
  const href = await card.getByRole("heading").getByRole("link").getAttribute("href");
  const before = await views();
  await visit(href!);
  await expect.poll(views).toBe(before + 1);
  // The same visitor again within the window: still one.
  await page.reload();
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  expect(await views()).toBe(before + 1);
  await reader.dispose();
});

test("subforum pages: numbered pagination only with more than one page, 404 past the end", async ({ page, visit }) => {
  await visit("/subforum/seo");
  await expect(page.getByRole("heading", { level: 1, name: "SEO" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Seitennavigation" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Neue Diskussion starten" })).toHaveCount(0);
  await visit("/subforum/seo?page=2", { status: 404 });
  await visit("/subforum/unbekannt", { status: 404 });
});

// A member's page: a guest's reading page has no hydration data at all (decision record 0036).
test.describe(() => {
  test.use({ storageState: storageStateOf("member") });

  test("a discussion's body and comments are written into the page once, not again into its hydration data", async ({ page, visit }) => {
    // A solved discussion of the demo content (other tests add newer ones to the lists): its accepted answer is
    // quoted under the question too, and written once as well.
    const path = "/discussion/gecrawlt-zurzeit-nicht-indexiert-bei-40-unserer-kategorieseiten";
    // The page's own request context carries the member's session (a guest's page has no hydration data at all).
    const document = await (await page.context().request.get(path)).text();
    expect(document).toContain('data-page-text="solution"');
    // The last four plain words of a text: the body's beginning is repeated on purpose, as the meta description.
    const words = (markup: string) =>
      markup
        .replace(/<[^>]+>/g, " ")
        .replace(/&[a-z#0-9]+;/g, " ")
        .match(/[A-Za-zÄÖÜäöüß]{4,}(?: [A-Za-zÄÖÜäöüß]{2,}){3}/g)!
        .at(-1)!;
    const commentText = words(/data-page-text="comment-[^"]+"[^>]*>([\s\S]*?)<\/p>/.exec(document)![1]!);
    const bodyText = words(/data-page-text="discussion"[^>]*>([\s\S]*?)<\/div>/.exec(document)![1]!);
    const hydration = [...document.matchAll(/<script[^>]*>(window\.__reactRouterContext[\s\S]*?)<\/script>/g)]
      .map((match) => match[1])
      .join("");
    expect(hydration.length).toBeGreaterThan(0);
    expect(hydration).not.toContain(commentText);
    expect(hydration).not.toContain(bodyText);

    // Hydrated from the markup, both stay; after client-side navigation they come with the page's data.
    await visit(path);
    await expect(page.getByText(commentText).first()).toBeVisible();
    await expect(page.getByText(bodyText).first()).toBeVisible();
    await page.locator('a[href="/"]:visible').first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === path);
    await expect(page.getByText(commentText).first()).toBeVisible();
    await expect(page.getByText(bodyText).first()).toBeVisible();
  });
});
