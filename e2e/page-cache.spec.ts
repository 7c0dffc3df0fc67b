import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { storageStateOf } from "./auth-helpers";

// Plain HTTP: what the guest page cache hands to whom (app/server/page-cache.server.ts).

/** The discussions of a subforum page, newest first. */
async function discussionsOf(client: APIRequestContext, subforum: string): Promise<string[]> {
  const html = await (await client.get(subforum)).text();
  return [...new Set([...html.matchAll(/href="(\/discussion\/[^"#?]+)"/g)].map((match) => match[1]!))];
}

/** A member's marker in the page: only a signed-in person has a sign-out in the user menu. */
const SIGN_OUT = "Abmelden";

test("guests share one cached page; members never get it, and no guest ever gets a member's page", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  const otherGuest = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member") });
  const moderator = await playwright.request.newContext({ baseURL, storageState: storageStateOf("moderator") });
  const [path] = await discussionsOf(guest, "/subforum/ai");

  // A member asks first: rendered for them alone, and not kept for anyone.
  const memberFirst = await member.get(path!);
  expect(memberFirst.headers()["x-page-cache"]).toBeUndefined();
  expect(memberFirst.headers()["cache-control"]).toBe("private, no-cache");
  expect(await memberFirst.text()).toContain(SIGN_OUT);

  // Other tests write meanwhile, and a write empties the lists (and any render running at the time):
  // ask until a guest's page comes from the cache.
  await expect.poll(async () => (await guest.get(path!)).headers()["x-page-cache"]).toBe("hit");
  const [first, second] = await Promise.all([guest.get(path!), otherGuest.get(path!)]);
  const firstHtml = await first.text();
  expect(firstHtml).not.toContain(SIGN_OUT);
  expect(await second.text()).toBe(firstHtml);

  // Now that guests have it cached, members still get their own page, every time.
  for (const client of [member, moderator]) {
    const response = await client.get(path!);
    expect(response.headers()["x-page-cache"]).toBeUndefined();
    expect(response.headers()["content-security-policy"]).toContain("'nonce-");
    expect(await response.text()).toContain(SIGN_OUT);
  }
  // Client-side navigation fetches the same page's data: kept apart from the member's as well.
  const data = `${path}.data`;
  await expect.poll(async () => (await guest.get(data)).headers()["x-page-cache"]).toBe("hit");
  const guestData = await otherGuest.get(data);
  const memberData = await member.get(data);
  expect(memberData.headers()["x-page-cache"]).toBeUndefined();
  expect(await memberData.text()).not.toBe(await guestData.text());

  for (const client of [guest, otherGuest, member, moderator]) await client.dispose();
});

// Which entries a change empties, and that other discussions stay, is proven without parallel writers
// in tests/unit/page-cache.test.ts and tests/integration/page-cache-notify.test.ts.
test("a new comment is on a guest's next request, on its discussion and on the lists", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member") });
  const [path] = await discussionsOf(guest, "/subforum/sea");
  const text = `Cache-Probe ${Date.now()}`;

  for (const url of [path!, "/subforum/sea"]) {
    await expect.poll(async () => (await guest.get(url)).headers()["x-page-cache"]).toBe("hit");
  }
  const listBefore = (await guest.get("/subforum/sea")).headers()["etag"];

  const posted = await member.post(path!, { form: { intent: "create-comment", content: text }, maxRedirects: 0 });
  expect(posted.status()).toBeLessThan(400);

  const after = await guest.get(path!);
  expect(await after.text()).toContain(text);
  // The subforum lists the discussion with its number of replies: not the page from before.
  expect((await guest.get("/subforum/sea")).headers()["etag"]).not.toBe(listBefore);

  await guest.dispose();
  await member.dispose();
});

test("a pending message or a secret in the URL goes past the cache; HEAD and 304 come from it", async ({ request }) => {
  await expect.poll(async () => (await request.get("/agb")).headers()["x-page-cache"]).toBe("hit");
  const cached = await request.get("/agb");

  const withMessage = await request.get("/agb", { headers: { Cookie: "forum_toast=eyJ0eXBlIjoic3VjY2VzcyJ9" } });
  expect(withMessage.headers()["x-page-cache"]).toBeUndefined();
  const withToken = await request.get("/agb?token=geheim");
  expect(withToken.headers()["x-page-cache"]).toBeUndefined();
  expect(withToken.headers()["cache-control"]).toBe("private, no-store");

  const head = await request.head("/agb");
  expect(head.headers()["content-length"]).toBe(cached.headers()["content-length"]);
  expect(await head.body()).toHaveLength(0);

  const notModified = await request.get("/agb", { headers: { "If-None-Match": cached.headers()["etag"]! } });
  expect(notModified.status()).toBe(304);
  expect(await notModified.body()).toHaveLength(0);
});
