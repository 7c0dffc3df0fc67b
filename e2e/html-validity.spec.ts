import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { schemaOrgErrors } from "../tests/support/schemaorg";
import { ROLES, type Role } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { newestArchiveMonth } from "./content-helpers";
import {
  clientAs,
  createComment,
  createDiscussion,
  discussionWithTwoCommentPages,
  ensureSecondMembersPage,
  ensureSecondSubforumPage,
  jsonLdOf,
} from "./seo-helpers";

/**
 * The Nu Html Checker (vnu-jar, Java) on the server HTML of every page type,
 * as a crawler gets it: all pages in one call, so the JVM starts once.
 * Every error fails; of the warnings, most are advice, but an article or
 * section without a heading is an outline screen readers and crawlers
 * cannot name, so those fail too.
 */
const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

/** The warnings that fail like errors: "Article lacks heading. Consider using …", the same for sections. */
const HEADLESS = /^(Article|Section) lacks heading\b/;

interface Page {
  name: string;
  path: string;
  as?: Role;
  status?: number;
  /** Posted instead of fetched: an action's answer (the error page of a refused form). */
  form?: Record<string, string>;
}

interface NuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

test("every page type is valid HTML (Nu Html Checker: no errors, no headless articles or sections) and its JSON-LD valid by schema.org", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const member = await clientAs(playwright, baseURL, "member");
  const admin = await clientAs(playwright, baseURL, "admin");
  const [discussion, subforumPage2, membersPage2] = [
    await discussionWithTwoCommentPages(member),
    await ensureSecondSubforumPage(member),
    await ensureSecondMembersPage(admin),
  ];
  const guest = await clientAs(playwright, baseURL);
  // A discussion the member has read and answered before someone else did: the member's lists show its
  // unread marker, her bell a notification, and the author (the moderator, who keeps e-mail on) gets a mail.
  const writer = await clientAs(playwright, baseURL, "moderator");
  const since = Date.now();
  const unreadTitle = `Validierung ungelesen ${Date.now()}`;
  await writer.post("/create-discussion", {
    form: { similarSeen: "1", title: unreadTitle, category: "general", content: "Neu?", contentFormat: "text" },
    maxRedirects: 0,
  });
  const unreadPath = /href="(\/discussion\/validierung-ungelesen-[^"#?]+)"/.exec(await (await member.get("/")).text())?.[1];
  expect(unreadPath).toBeTruthy();
  await member.get(unreadPath!);
  await createComment(member, unreadPath!, "Gute Frage");
  await createComment(writer, unreadPath!, "Ein neuer Kommentar");
  expect(await (await member.get("/")).text()).toContain('data-testid="unread-badge"');
  expect(await (await member.get("/notifications")).text()).toContain('data-testid="notification"');
  // The mail's own unsubscribe link: a valid token, as only the server can sign it.
  const unsubscribe = linkIn(await waitForMail(ROLES.moderator.email, "notification", since, 30_000), "/notifications/unsubscribe");
  // A discussion of the member's that a moderator hides: staff still see it, with the notice.
  const hidden = await createDiscussion(member, `Validierung ausgeblendet ${Date.now()}`);
  expect(
    (await writer.post(hidden, { form: { intent: "hide-discussion", reason: "Test der Validierung" }, maxRedirects: 0 })).status(),
  ).toBe(302);
  // A solved question: the moderator's answer, marked "Hilfreich" by the admin, accepted by the member
  // who asked. Its page is a QAPage with the quoted solution; the moderator's profile lists it as a best answer.
  const solved = await createDiscussion(member, `Validierung geloest ${Date.now()}`);
  await createComment(writer, solved, "Die Antwort, die das Problem löst.");
  const solutionId = /id="comment-([0-9a-f-]{36})"/.exec(await (await member.get(solved)).text())?.[1];
  expect(solutionId).toBeTruthy();
  expect((await admin.post(solved, { form: { intent: "helpful", helpful: `${solutionId!}:true` }, maxRedirects: 0 })).status()).toBe(302);
  expect((await member.post(solved, { form: { intent: "mark-solution", commentId: solutionId! }, maxRedirects: 0 })).status()).toBe(302);
  const answererProfile = /href="(\/profile\/[^"#?]+)"/.exec(
    (await (await guest.get(solved)).text()).split(`id="comment-${solutionId!}"`)[1] ?? "",
  )?.[1];
  expect(answererProfile).toBeTruthy();
  const profile = /href="(\/profile\/[^"#?]+)"/.exec(await (await guest.get("/members")).text())?.[1];
  expect(profile).toBeTruthy();
  const ownProfile = /href="(\/profile\/[^"#?]+)"/.exec(await (await member.get("/members?q=K%C3%B6hler")).text())?.[1];
  expect(ownProfile).toBeTruthy();
  const archiveMonth = await newestArchiveMonth(guest);

  const pages: Page[] = [
    { name: "home", path: "/" },
    { name: "subforum", path: "/subforum/ai" },
    { name: "subforum page 2", path: subforumPage2 },
    { name: "category Allgemein", path: "/category/allgemein" },
    { name: "category Tools", path: "/category/tools" },
    { name: "category Events", path: "/category/events" },
    { name: "category as member, with the watch switch", path: "/category/tools", as: "member" },
    { name: "discussion", path: discussion },
    { name: "discussion comment page 2", path: `${discussion}?page=2` },
    { name: "discussion as member", path: discussion, as: "member" },
    { name: "discussion as moderator", path: discussion, as: "moderator" },
    { name: "discussion edit form, as its author", path: `${discussion}?edit=1`, as: "member" },
    { name: "discussion edit form, as admin", path: `${discussion}?edit=1`, as: "admin" },
    { name: "hidden discussion as moderator", path: hidden, as: "moderator" },
    { name: "hidden discussion as admin", path: hidden, as: "admin" },
    { name: "discussion not found", path: "/discussion/gibt-es-nicht", status: 404 },
    { name: "solved discussion (QAPage, quoted solution)", path: solved },
    { name: "solved discussion as its asker", path: solved, as: "member" },
    { name: "profile with reputation and best answers", path: answererProfile! },
    { name: "profile", path: profile! },
    { name: "own profile with the notification card", path: ownProfile!, as: "member" },
    { name: "own profile, edit form", path: `${ownProfile!}?edit=1`, as: "member" },
    { name: "members", path: "/members" },
    { name: "members page 2", path: membersPage2 },
    { name: "members without results", path: "/members?q=niemand-heisst-so" },
    { name: "members sorted by Hilfreich", path: "/members?sort=helpful" },
    { name: "archive", path: "/archive" },
    { name: "archive month", path: archiveMonth },
    { name: "archive month as member", path: archiveMonth, as: "member" },
    { name: "search form", path: "/search" },
    { name: "search with results", path: "/search?q=Backlinks" },
    { name: "search without results", path: "/search?q=Quantenkompression" },
    { name: "home as member, with an unread marker", path: "/", as: "member" },
    { name: "subforum as member", path: "/subforum/seo", as: "member" },
    { name: "search as member", path: "/search?q=Backlinks", as: "member" },
    { name: "create discussion", path: "/create-discussion", as: "member" },
    { name: "notifications, with some", path: "/notifications", as: "member" },
    { name: "notifications of the moderator", path: "/notifications", as: "moderator" },
    { name: "subforum as member, with the watch switch", path: "/subforum/seo", as: "member" },
    { name: "unsubscribe with an invalid link", path: "/notifications/unsubscribe?token=ungueltig", status: 400 },
    { name: "unsubscribe with a valid link", path: new URL(unsubscribe).pathname + new URL(unsubscribe).search },
    { name: "admin panel", path: "/admin", as: "admin" },
    { name: "admin panel, refused", path: "/admin", as: "member", status: 403 },
    { name: "transparency report", path: "/admin/transparency", as: "admin" },
    { name: "operator settings with a version's changes", path: "/admin/settings?fassung=2", as: "admin" },
    {
      name: "403 error page in the layout",
      path: "/admin",
      as: "member",
      status: 403,
      form: { intent: "approve", userId: "00000000-0000-4000-8000-000000000000" },
    },
    { name: "auth", path: "/auth" },
    { name: "auth sign-up", path: "/auth?tab=register" },
    { name: "impressum", path: "/impressum" },
    { name: "agb", path: "/agb" },
    { name: "datenschutz", path: "/datenschutz" },
    { name: "404", path: "/gibt-es-nicht/wirklich", status: 404 },
    { name: "pending approval", path: "/pending-approval", as: "pending" },
    { name: "email confirmation", path: "/email-confirmation?email=neu%40example.com" },
    { name: "reset password", path: "/reset-password" },
    {
      name: "reset password, invalid link",
      path: "/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired",
    },
  ];

  const clients = new Map<Role | undefined, APIRequestContext>([
    [undefined, guest],
    ["member", member],
    ["admin", admin],
    ["moderator", writer],
  ]);
  const clientFor = async (role?: Role) => {
    if (!clients.has(role)) clients.set(role, await clientAs(playwright, baseURL, role));
    return clients.get(role)!;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "html-validity-"));
  const files = new Map<string, Page>();
  const jsonLdErrors: string[] = [];
  for (const [index, page] of pages.entries()) {
    const client = await clientFor(page.as);
    const response = page.form
      ? await client.post(page.path, { form: page.form, maxRedirects: 0 })
      : await client.get(page.path, { maxRedirects: 0 });
    expect(response.status(), `${page.name} (${page.path})`).toBe(page.status ?? 200);
    const file = path.join(dir, `${String(index + 1).padStart(2, "0")}-${page.name.replace(/[^a-z0-9]+/gi, "-")}.html`);
    const html = await response.text();
    fs.writeFileSync(file, html);
    files.set(path.basename(file), page);
    // Its structured data by the schema.org vocabulary, in the same pass (the solved discussion's QAPage among them).
    for (const item of jsonLdOf(html)) {
      jsonLdErrors.push(...schemaOrgErrors(item).map((error) => `${page.name} (${page.path}), ${item["@type"]}: ${error}`));
    }
  }
  expect(jsonLdErrors, `JSON-LD not valid by schema.org:\n${jsonLdErrors.join("\n")}`).toEqual([]);
  for (const client of clients.values()) await client.dispose();

  // vnu exits 1 when it finds errors and writes its report to stderr either way.
  const result = await promisify(execFile)(
    "java",
    ["-jar", VNU_JAR, "--format", "json", ...[...files.keys()].map((name) => path.join(dir, name))],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string; stderr?: string; code?: unknown }) => {
    if (typeof error.stderr !== "string" || !error.stderr.trim().startsWith("{")) throw error;
    return { stdout: error.stdout ?? "", stderr: error.stderr };
  });
  const messages = (JSON.parse(result.stderr) as { messages: NuMessage[] }).messages.filter(
    (message) =>
      message.type === "error" ||
      message.type === "non-document-error" ||
      (message.type === "info" && message.subType === "warning" && HEADLESS.test(message.message)),
  );
  const report = messages.map((message) => {
    const name = path.basename(decodeURIComponent(message.url ?? ""));
    const page = files.get(name);
    return `${name} (${page?.name ?? "?"}: ${page?.path ?? "?"}${page?.as ? ` as ${page.as}` : ""}) line ${message.lastLine ?? "?"}:${message.lastColumn ?? "?"}: ${message.message}${message.extract ? `\n      ${message.extract.trim()}` : ""}`;
  });
  expect(report, `Nu Html Checker errors and heading warnings:\n${report.join("\n")}`).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
