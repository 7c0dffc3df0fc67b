import { expect, test, type APIRequestContext } from "@playwright/test";
import { testClientIp } from "./fixtures";
import { DEMO_PASSWORD } from "./auth-helpers";
import { clientOf, createMember } from "./members";

// Plain HTTP: the server refuses writes whatever the page shows.
async function signedIn(request: APIRequestContext, email: string) {
  const ip = testClientIp();
  const response = await request.post("/auth", {
    form: { intent: "sign-in", email, password: DEMO_PASSWORD },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return ip;
}

/** A demo discussion with comments: no test creates SEA discussions, so the list is stable. */
async function firstDiscussion(request: APIRequestContext) {
  const html = await (await request.get("/subforum/sea")).text();
  return html.match(/href="(\/discussion\/[^"]+)"/)![1]!;
}

const newDiscussion = { similarSeen: "1", title: "Darf ich das?", category: "seo", content: "Hallo", contentFormat: "text" };

test("a guest cannot create, edit or comment", async ({ request }) => {
  const headers = { "X-Forwarded-For": testClientIp() };
  const create = await request.post("/create-discussion", { form: newDiscussion, headers, maxRedirects: 0 });
  expect(create.status()).toBe(302);
  expect(create.headers().location).toBe("/auth?redirectTo=%2Fcreate-discussion");

  const path = await firstDiscussion(request);
  const edit = await request.post(path, {
    form: { intent: "update-discussion", title: "gekapert", category: "seo" },
    headers,
    maxRedirects: 0,
  });
  expect(edit.status()).toBe(403);
  const comment = await request.post(path, { form: { intent: "create-comment", content: "Spam" }, headers, maxRedirects: 0 });
  expect(comment.status()).toBe(403);
  expect(await (await request.get(path)).text()).not.toContain("gekapert");
});

test("a guest sent to sign in from a preselected category comes back to it", async ({ request }) => {
  const headers = { "X-Forwarded-For": testClientIp() };
  const guest = await request.get("/create-discussion?category=seo", { headers, maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe("/auth?redirectTo=%2Fcreate-discussion%3Fcategory%3Dseo");

  const signInPage = await (await request.get(guest.headers().location!, { headers })).text();
  expect(signInPage).toContain('name="redirectTo" value="/create-discussion?category=seo"');

  const signIn = await request.post("/auth", {
    form: {
      intent: "sign-in",
      email: "sabine.koehler@example.com",
      password: DEMO_PASSWORD,
      redirectTo: "/create-discussion?category=seo",
    },
    headers,
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toBe("/create-discussion?category=seo");

  const form = await (await request.get(signIn.headers().location!, { headers })).text();
  expect(form).toMatch(/<option value="seo" selected="">/);
});

test("a pending member cannot create, edit or comment", async ({ request }) => {
  const ip = await signedIn(request, "greta.lorenz@example.com");
  const headers = { "X-Forwarded-For": ip };
  const create = await request.post("/create-discussion", { form: newDiscussion, headers, maxRedirects: 0 });
  expect(create.status()).toBe(302);
  expect(create.headers().location).toBe("/pending-approval");

  const path = await firstDiscussion(request);
  const edit = await request.post(path, {
    form: { intent: "update-discussion", title: "gekapert", category: "seo" },
    headers,
    maxRedirects: 0,
  });
  expect(edit.status()).toBe(403);
  const comment = await request.post(path, { form: { intent: "create-comment", content: "Spam" }, headers, maxRedirects: 0 });
  expect(comment.status()).toBe(403);
});

test("a member cannot edit another member's discussion or comment", async ({ request }) => {
  const ip = await signedIn(request, "tobias.krueger@example.com");
  const headers = { "X-Forwarded-For": ip };
  // A demo discussion with comments by others (tests add newer ones to the lists, some without a visible comment).
  const path = "/discussion/consent-mode-v2-seit-der-umstellung-fehlen-uns-30-der-conversions";
  const html = await (await request.get(path, { headers })).text();
  expect(html).not.toContain("?edit=1");

  const edit = await request.post(path, {
    form: { intent: "update-discussion", title: "gekapert", category: "seo", content: "x" },
    headers,
    maxRedirects: 0,
  });
  expect(edit.status()).toBe(403);

  const commentId = html.match(/id="comment-([0-9a-f-]{36})"/)?.[1];
  expect(commentId).toBeTruthy();
  const editComment = await request.post(path, {
    form: { intent: "update-comment", commentId: commentId!, content: "gekapert" },
    headers,
    maxRedirects: 0,
  });
  expect(editComment.status()).toBe(403);
  expect(await (await request.get(path)).text()).not.toContain("gekapert");
});

test("bad input gets a 4xx and a German message, never a 500", async ({ request }) => {
  const ip = await signedIn(request, "nina.wagner@example.com");
  const headers = { "X-Forwarded-For": ip };
  const empty = await request.post("/create-discussion", { form: { ...newDiscussion, title: "   " }, headers, maxRedirects: 0 });
  expect(empty.status()).toBe(400);
  expect(await empty.text()).toContain("Bitte geben Sie einen Titel ein");
  const badCategory = await request.post("/create-discussion", {
    form: { ...newDiscussion, category: "marketing" },
    headers,
    maxRedirects: 0,
  });
  expect(badCategory.status()).toBe(400);
  const path = await firstDiscussion(request);
  const blank = await request.post(path, { form: { intent: "create-comment", content: "  " }, headers, maxRedirects: 0 });
  expect(blank.status()).toBe(400);
  const badParent = await request.post(path, {
    form: { intent: "create-comment", content: "x", parentId: "kein-uuid" },
    headers,
    maxRedirects: 0,
  });
  expect(badParent.status()).toBe(400);
});

test("a comment form sent twice (a double click without JavaScript) is stored once and answered the same way", async ({ request }) => {
  const member = await clientOf(await createMember());
  try {
    const path = await firstDiscussion(request);
    const html = await (await member.get(path)).text();
    const submissionKey = html.match(/name="submissionKey" value="([0-9a-f-]{36})"/)?.[1];
    expect(submissionKey, "the comment form carries its one-time key").toBeTruthy();
    // A guest's page, shared through the cache, carries none.
    expect(await (await request.get(path)).text()).not.toContain('name="submissionKey"');

    const content = `Doppelklick ${Date.now()}`;
    const send = () => member.post(path, { form: { intent: "create-comment", content, submissionKey: submissionKey! }, maxRedirects: 0 });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.status(), second.status()]).toEqual([302, 302]);
    expect(second.headers().location).toBe(first.headers().location);
    const third = await send();
    expect(third.headers().location).toBe(first.headers().location);

    const page = await (await member.get(first.headers().location!.split("#")[0]!)).text();
    // Once in the page (its JSON-LD repeats every comment's text for search engines).
    expect(page.replace(/<script type="application\/ld\+json">.*?<\/script>/gs, "").split(content)).toHaveLength(2);
    // The next page view brings a new key for the next comment.
    expect(page).not.toContain(submissionKey!);
  } finally {
    await member.dispose();
  }
});
