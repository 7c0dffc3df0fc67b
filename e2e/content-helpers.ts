import { request as requests, type APIRequestContext } from "@playwright/test";
import { expect, testClientIp } from "./fixtures";
import { storageStateOf } from "./auth-helpers";

/**
 * Paths to page states that depend on the demo content: each found in the
 * HTML a visitor gets, so a changed seed fails here with a clear message.
 */

/** The first discussion listed on a subforum page. */
export async function firstDiscussion(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/subforum/seo")).text();
  const path = html.match(/href="(\/discussion\/[^"#?]+)"/)?.[1];
  if (!path) throw new Error("no discussion on /subforum/seo");
  return path;
}

/** The newest month's first page in the archive. */
export async function newestArchiveMonth(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/archive")).text();
  const path = html.match(/href="(\/archive\/\d{4}-\d{2})"/)?.[1];
  if (!path) throw new Error("no month on /archive");
  return path;
}

/** The profile of the first member listed for a search. */
export async function profileOf(request: APIRequestContext, query: string): Promise<string> {
  const html = await (await request.get(`/members?q=${encodeURIComponent(query)}`)).text();
  const path = html.match(/href="(\/profile\/[^"#?]+)"/)?.[1];
  if (!path) throw new Error(`no member found for ${query}`);
  return path;
}

/**
 * "/members?page=2". The demo has fewer members than a page holds, so the
 * administrator adds approved ones until there is a second page (other
 * specs add members too: only the missing number is made).
 */
export async function secondMembersPage(request: APIRequestContext): Promise<string> {
  if ((await request.get("/members?page=2")).ok()) return "/members?page=2";
  // One page: its cards are all the members there are.
  const firstPage = await request.get("/members");
  const missing = 26 - (await firstPage.text()).split('data-testid="member-card"').length + 1;
  const origin = new URL(firstPage.url()).origin;
  if (missing > 0) {
    const admin = await requests.newContext({
      baseURL: origin,
      storageState: storageStateOf("admin"),
      extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
    });
    try {
      const batch = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      // At once: the server hashes each password, and both cores help.
      const created = await Promise.all(
        Array.from({ length: missing }, (_, i) =>
          admin.post("/admin", {
            form: {
              intent: "create-user",
              email: `seite2.${batch}.${i}@example.com`,
              password: "seite-zwei-passwort",
              username: `Zweite${i} Seite`,
              company: "Blattfüller",
              expertise: "tools",
              experience: "experte",
              role: "member",
            },
            maxRedirects: 0,
          }),
        ),
      );
      for (const response of created) expect(response.status(), "the administrator adds a member").toBeLessThan(400);
    } finally {
      await admin.dispose();
    }
  }
  return "/members?page=2";
}

/** The first discussion with a comment of the signed-in member open for editing (the member writes one first). */
export async function ownCommentInEditing(request: APIRequestContext): Promise<string> {
  const discussion = await firstDiscussion(request);
  const created = await request.post(discussion, {
    form: { intent: "create-comment", content: "Ein Kommentar zum Bearbeiten" },
    maxRedirects: 0,
  });
  expect(created.status(), "the member comments").toBe(302);
  const [path, anchor] = created.headers().location!.split("#");
  const id = anchor?.replace(/^comment-/, "");
  if (!path || !id) throw new Error(`no comment anchor in ${created.headers().location}`);
  return `${path}${path.includes("?") ? "&" : "?"}editComment=${id}`;
}
