import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { Role } from "./auth-helpers";
import { clientAs, discussionWithTwoCommentPages, ensureSecondSubforumPage } from "./seo-helpers";

/**
 * The Nu Html Checker (vnu-jar, Java) on the server HTML of every page type,
 * as a crawler gets it: all pages in one call, so the JVM starts once.
 * Errors only; the checker's warnings are advice.
 */
const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

interface Page {
  name: string;
  path: string;
  as?: Role;
  status?: number;
}

interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

test("every page type is valid HTML (Nu Html Checker, no errors)", async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const member = await clientAs(playwright, baseURL, "member");
  const [discussion, subforumPage2] = [await discussionWithTwoCommentPages(member), await ensureSecondSubforumPage(member)];
  const guest = await clientAs(playwright, baseURL);
  // A discussion the member has read before someone else answered: the member's lists show its unread marker.
  const writer = await clientAs(playwright, baseURL, "moderator");
  const unreadTitle = `Validierung ungelesen ${Date.now()}`;
  await writer.post("/create-discussion", { form: { title: unreadTitle, category: "general", content: "Neu?", contentFormat: "text" }, maxRedirects: 0 });
  const unreadPath = /href="(\/discussion\/validierung-ungelesen-[^"#?]+)"/.exec(await (await member.get("/")).text())?.[1];
  expect(unreadPath).toBeTruthy();
  await member.get(unreadPath!);
  await writer.post(unreadPath!, { form: { intent: "create-comment", content: "Ein neuer Kommentar" }, maxRedirects: 0 });
  expect(await (await member.get("/")).text()).toContain('data-testid="unread-badge"');
  const profile = /href="(\/profile\/[^"#?]+)"/.exec(await (await guest.get("/members")).text())?.[1];
  expect(profile).toBeTruthy();

  const pages: Page[] = [
    { name: "home", path: "/" },
    { name: "subforum", path: "/subforum/ai" },
    { name: "subforum page 2", path: subforumPage2 },
    { name: "discussion", path: discussion },
    { name: "discussion comment page 2", path: `${discussion}?page=2` },
    { name: "discussion as member", path: discussion, as: "member" },
    { name: "discussion as moderator", path: discussion, as: "moderator" },
    { name: "discussion not found", path: "/discussion/gibt-es-nicht", status: 404 },
    { name: "profile", path: profile! },
    { name: "members", path: "/members" },
    { name: "members without results", path: "/members?q=niemand-heisst-so" },
    { name: "search form", path: "/search" },
    { name: "search with results", path: "/search?q=Backlinks" },
    { name: "search without results", path: "/search?q=Quantenkompression" },
    { name: "home as member, with an unread marker", path: "/", as: "member" },
    { name: "subforum as member", path: "/subforum/seo", as: "member" },
    { name: "search as member", path: "/search?q=Backlinks", as: "member" },
    { name: "create discussion", path: "/create-discussion", as: "member" },
    { name: "notifications", path: "/benachrichtigungen", as: "member" },
    { name: "subforum as member, with the watch switch", path: "/subforum/seo", as: "member" },
    { name: "unsubscribe with an invalid link", path: "/benachrichtigungen/abbestellen?token=ungueltig" },
    { name: "admin panel", path: "/admin", as: "admin" },
    { name: "auth", path: "/auth" },
    { name: "auth sign-up", path: "/auth?tab=register" },
    { name: "impressum", path: "/impressum" },
    { name: "agb", path: "/agb" },
    { name: "datenschutz", path: "/datenschutz" },
    { name: "404", path: "/gibt-es-nicht/wirklich", status: 404 },
    { name: "pending approval", path: "/pending-approval", as: "pending" },
    { name: "email confirmation", path: "/email-confirmation?email=neu%40example.com" },
    { name: "reset password", path: "/reset-password" },
    { name: "reset password, invalid link", path: "/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired" },
  ];

  const clients = new Map<Role | undefined, APIRequestContext>([[undefined, guest], ["member", member]]);
  const clientFor = async (role?: Role) => {
    if (!clients.has(role)) clients.set(role, await clientAs(playwright, baseURL, role));
    return clients.get(role)!;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-validity-"));
  const files = new Map<string, Page>();
  for (const [index, page] of pages.entries()) {
    const response = await (await clientFor(page.as)).get(page.path, { maxRedirects: 0 });
    expect(response.status(), `${page.name} (${page.path})`).toBe(page.status ?? 200);
    const file = path.join(dir, `${String(index + 1).padStart(2, "0")}-${page.name.replace(/[^a-z0-9]+/gi, "-")}.html`);
    fs.writeFileSync(file, await response.text());
    files.set(path.basename(file), page);
  }
  for (const client of clients.values()) await client.dispose();

  // vnu exits 1 when it finds errors and writes its report to stderr either way.
  const result = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...[...files.keys()].map((name) => path.join(dir, name))], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== "string" || !error.stderr.trim().startsWith("{")) throw error;
    return { stdout: error.stdout ?? "", stderr: error.stderr };
  });
  const messages = (JSON.parse(result.stderr) as { messages: NuMessage[] }).messages.filter((message) => message.type === "error" || message.type === "non-document-error");
  const report = messages.map((message) => {
    const name = path.basename(decodeURIComponent(message.url ?? ""));
    const page = files.get(name);
    return `${name} (${page?.name ?? "?"}: ${page?.path ?? "?"}${page?.as ? ` as ${page.as}` : ""}) line ${message.lastLine ?? "?"}:${message.lastColumn ?? "?"}: ${message.message}${message.extract ? `\n      ${message.extract.trim()}` : ""}`;
  });
  expect(report, `Nu Html Checker errors:\n${report.join("\n")}`).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
