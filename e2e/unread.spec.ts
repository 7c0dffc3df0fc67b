import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers } from "./members";

test("unread markers: '2 neu' after two comments by someone else, the link lands on the first, reading clears it; guests see none", async ({
  page,
  visit,
  browser,
}) => {
  test.setTimeout(90_000);
  const title = `Ungelesen-Test ${Date.now()}${Math.floor(Math.random() * 1000)}`;

  // Both of this test's own; the writer works over plain HTTP, from a session of their own.
  const [writing, reading] = await createMembers([{ firstName: "Schreiber" }, { firstName: "Leser" }]);
  const writer = await clientOf(writing);
  const created = await writer.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: "Was ist neu?", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  await signInOverHttp(page, reading.email, reading.password);
  await visit("/");
  const row = page.locator("#aktuelle-diskussionen li").filter({ hasText: title });
  await row.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const path = new URL(page.url()).pathname;
  // Opened once with nothing to read: nothing is unread yet.
  await visit("/");
  await expect(row.getByTestId("unread-badge")).toHaveCount(0);

  const ids: string[] = [];
  for (const content of ["Erster neuer Kommentar", "Zweiter neuer Kommentar"]) {
    const answer = await writer.post(path, { form: { intent: "create-comment", content }, maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    ids.push(/#comment-([0-9a-f-]+)/.exec(answer.headers().location ?? "")?.[1] ?? "");
  }

  await visit("/");
  await expect(row.getByTestId("unread-badge")).toHaveText(/2 neu/);
  await expect(row.getByText("2 ungelesene Kommentare")).toBeAttached();
  const link = row.getByRole("link", { name: title });
  await expect(link).toHaveAttribute("href", `${path}/unread`);
  await visit("/subforum/seo");
  const card = page.getByTestId("discussion-card").filter({ hasText: title });
  await expect(card.getByTestId("unread-badge")).toHaveText(/2 neu/);

  await card.getByRole("link", { name: title }).click();
  await page.waitForURL((url) => url.pathname === path);
  const first = page.getByText("Erster neuer Kommentar");
  await expect(first).toBeVisible();
  if (ids[0]) expect(new URL(page.url()).hash).toBe(`#comment-${ids[0]}`);
  else expect(new URL(page.url()).hash).toMatch(/^#comment-/);

  await visit("/");
  await expect(row.getByTestId("unread-badge")).toHaveCount(0);
  await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", path);

  // Guests: the same list without a trace of anyone's reading, and the member-only way in leads to the discussion.
  const guest = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const html = await (await guest.request.get("/")).text();
  expect(html).toContain(title);
  expect(html).not.toContain("unread-badge");
  expect(html).not.toContain(`${path}/unread`);
  const jump = await guest.request.get(`${path}/unread`, { maxRedirects: 0 });
  expect(jump.status()).toBe(302);
  expect(jump.headers().location).toBe(path);
  expect(jump.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await guest.close();
  await writer.dispose();
});
