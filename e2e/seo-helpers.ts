import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, testClientIp } from "./fixtures";
import { storageStateOf, type Role } from "./auth-helpers";

/** What a crawler reads from a page's head. */
export function headOf(html: string) {
  const meta = (attr: string, name: string) =>
    html.match(new RegExp(`<meta ${attr}="${name.replace(/[:]/g, "\\$&")}" content="([^"]*)"`))?.[1];
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]!),
    title: html.match(/<title>([^<]*)<\/title>/)?.[1],
    description: meta("name", "description"),
    meta,
  };
}

export type JsonLd = Record<string, unknown> & { "@type": string };

export function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as JsonLd);
}

/** HTML entities React writes into text and attributes. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** A request context of its own, signed in as `role` (sessions of e2e/auth.setup.ts) or a guest. */
export async function clientAs(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  role?: Role,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    ...(role ? { storageState: storageStateOf(role) } : {}),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
}

/** Creates a discussion over the form's action (by default in Allgemein, which has no paginated list other specs count); `title` of plain words and digits, so its slug is predictable. */
export async function createDiscussion(client: APIRequestContext, title: string, category = "general"): Promise<string> {
  const response = await client.post("/create-discussion", {
    form: { similarSeen: "1", title, category, content: `<p>Beitrag: ${title}</p>`, contentFormat: "html" },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return `/discussion/${title.toLowerCase().replace(/\s+/g, "-")}`;
}

export async function createComment(client: APIRequestContext, path: string, content: string, parentId?: string): Promise<void> {
  const response = await client.post(path, {
    form: { intent: "create-comment", content, ...(parentId ? { parentId } : {}) },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** A new discussion with one comment more than a page holds (50 threads): it has a comment page 2. */
export async function discussionWithTwoCommentPages(client: APIRequestContext): Promise<string> {
  const path = await createDiscussion(client, `Zwei Kommentarseiten ${Date.now()} ${Math.floor(Math.random() * 1e6)}`);
  for (let i = 1; i <= 51; i++) await createComment(client, path, `Kommentar Nummer ${i}`);
  return path;
}

/** Fills the KI-Suche subforum (10 demo discussions) past one page of 25; other specs only read its first page. */
export async function ensureSecondSubforumPage(client: APIRequestContext): Promise<string> {
  const path = "/subforum/ai?page=2";
  if ((await client.get(path)).status() === 200) return path;
  const html = await (await client.get("/subforum/ai")).text();
  const count = Number(/(\d+)\s*(?:<!-- -->\s*)*Diskussionen/.exec(html)?.[1] ?? 0);
  const stamp = Date.now();
  for (let i = count; i <= 25; i++) await createDiscussion(client, `KI Suche Archiv ${stamp} ${i}`, "ki-suche");
  expect((await client.get(path)).status()).toBe(200);
  return path;
}

/** Fills the member directory past one page of 25 (members the admin creates); other specs only read its first page or their own filter. */
export async function ensureSecondMembersPage(admin: APIRequestContext): Promise<string> {
  const path = "/members?page=2";
  if ((await admin.get(path)).status() === 200) return path;
  const shown = (await (await admin.get("/members")).text()).split('data-testid="member-card"').length - 1;
  const stamp = Date.now();
  for (let i = shown; i <= 25; i++) {
    const response = await admin.post("/admin", {
      form: {
        intent: "create-user",
        email: `verzeichnis${i}.${stamp}@example.com`,
        password: "verzeichnis-passwort",
        username: `Verzeichnis${i} Seitenzwei`,
        expertise: "tools",
        experience: "experte",
        role: "member",
      },
      maxRedirects: 0,
    });
    expect(response.status(), await response.text().catch(() => "")).toBeLessThan(400);
  }
  expect((await admin.get(path)).status()).toBe(200);
  return path;
}
