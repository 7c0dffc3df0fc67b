import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { auditActions, type AuditAction } from "../db/schema";
import { expect, test, testClientIp } from "./fixtures";
import { passSecondStep, signUpOverHttp } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { clientOf, createMembers, profilePathOf, type Member } from "./members";
import { memberIdOf, publishSomething, sendOverHttp, startConversationOverHttp } from "./message-helpers";
import { discussionWithComment, report, reviewItemOf } from "./moderation-helpers";
import { currentSettingsForm } from "./settings-helpers";

/**
 * Every administrator and moderator action, tried over plain HTTP by every
 * kind of visitor. The table is keyed by the audit log's action list (plus
 * the administrators' pages that only read), so a new staff action fails the
 * type check and this test until it has a row here.
 */
type Actor = "guest" | "pending" | "rejected" | "member" | "moderator" | "admin" | "moderatorWithoutFactor" | "adminWithoutFactor";
/** Staff "without factor" have not set up a second factor yet: none of their powers work (decision 0050). */
const actors: Actor[] = ["guest", "pending", "rejected", "member", "moderator", "admin", "moderatorWithoutFactor", "adminWithoutFactor"];
const adminOnly: Actor[] = ["admin"];
const staff: Actor[] = ["moderator", "admin"];

interface Targets {
  discussion: (action: string) => string;
  comment: (action: string) => { path: string; commentId: string };
  pendingMember: () => Promise<string>;
  roleTarget: string;
  /** An open review item per decision and allowed actor: the moderator's (also tried by the refused) and the admin's. */
  reviewItem: (decision: string, actor: Actor) => string;
  /** Profiles of members to suspend, to silence, and one suspended beforehand for the lift. */
  restrictTarget: { suspend: string; silence: string; lift: string };
  /** A watched word's id, added beforehand by the admin, for the removal. */
  watchedTerm: string;
  /** A synonym group per allowed actor (the moderator's is also tried by the refused), added beforehand by the admin. */
  synonymGroup: (actor: Actor) => string;
  /** The operator settings form as it stands now (read by the admin), with one field changed for this actor. */
  settingsForm: (actor: Actor) => Promise<Record<string, string>>;
  /** A member with a second factor, whose factor the administrator resets. */
  factorHolder: string;
}

interface Row {
  allowed: Actor[];
  attempt: (client: APIRequestContext, targets: Targets, actor: Actor) => Promise<APIResponse>;
}

const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const post = (client: APIRequestContext, path: string, form: Record<string, string>) => client.post(path, { form, maxRedirects: 0 });
const moderate = (intent: string, extra: Record<string, string> = {}): Row => ({
  allowed: staff,
  attempt: (client, targets) => post(client, targets.discussion(intent), { intent, ...extra }),
});
const moderateComment = (intent: string, extra: Record<string, string> = {}): Row => ({
  allowed: staff,
  attempt: (client, targets) => {
    const { path, commentId } = targets.comment(intent);
    return post(client, path, { intent, commentId, ...extra });
  },
});

/** A decision from the review queue (/moderation). */
const decide = (decision: string): Row => ({
  allowed: staff,
  attempt: (client, targets, actor) =>
    post(client, "/moderation", { intent: "decide", itemId: targets.reviewItem(decision, actor), decision }),
});
/** Suspending or silencing from the member's profile. */
const restrict = (kind: "suspend" | "silence"): Row => ({
  allowed: staff,
  attempt: (client, targets) =>
    post(client, targets.restrictTarget[kind], { intent: "restrict", kind, duration: "indefinite", reason: "Matrix" }),
});

/** The administrators' pages that only read, and so write no audit entry. */
const readingPages = [
  "open-admin-panel",
  "open-transparency-report",
  "download-transparency-csv",
  "open-site-settings",
  "open-synonyms",
  "open-digest-preview",
] as const;

const matrix: Record<AuditAction | (typeof readingPages)[number], Row> = {
  "open-admin-panel": { allowed: adminOnly, attempt: (client) => client.get("/admin", { maxRedirects: 0 }) },
  "open-transparency-report": { allowed: adminOnly, attempt: (client) => client.get("/admin/transparency", { maxRedirects: 0 }) },
  "download-transparency-csv": { allowed: adminOnly, attempt: (client) => client.get("/admin/transparency.csv", { maxRedirects: 0 }) },
  "open-site-settings": { allowed: adminOnly, attempt: (client) => client.get("/admin/settings", { maxRedirects: 0 }) },
  // Moderators keep the search's vocabulary too; the statistics on that page are the administrators' (search-trade.spec.ts).
  "open-synonyms": { allowed: staff, attempt: (client) => client.get("/admin/synonyms", { maxRedirects: 0 }) },
  // Any member's digest mail (decision 0059), rendered for administrators only.
  "open-digest-preview": { allowed: adminOnly, attempt: (client) => client.get("/admin/digest", { maxRedirects: 0 }) },
  approve: {
    allowed: adminOnly,
    attempt: async (client, targets) => post(client, "/admin", { intent: "approve", userId: await targets.pendingMember() }),
  },
  reject: {
    allowed: adminOnly,
    attempt: async (client, targets) => post(client, "/admin", { intent: "reject", userId: await targets.pendingMember() }),
  },
  "create-user": {
    allowed: adminOnly,
    attempt: (client, _targets, actor) =>
      post(client, "/admin", {
        intent: "create-user",
        email: `matrix.${actor}.${Date.now()}@example.com`,
        password: "matrix-passwort",
        username: `Matrix ${actor}`,
        expertise: "tools",
        experience: "einsteiger",
        role: "member",
      }),
  },
  "change-role": {
    allowed: adminOnly,
    attempt: (client, targets, actor) =>
      post(client, "/admin", { intent: "change-role", userId: targets.roleTarget, role: actor === "admin" ? "moderator" : "admin" }),
  },
  "seed-sample": { allowed: adminOnly, attempt: (client) => post(client, "/admin/samples", { index: "9" }) },
  pin: moderate("pin"),
  unpin: moderate("unpin"),
  lock: moderate("lock", { reason: "Matrix" }),
  unlock: moderate("unlock"),
  "hide-discussion": moderate("hide-discussion", { reason: "Matrix" }),
  "restore-discussion": moderate("restore-discussion"),
  "update-discussion": moderate("update-discussion", {
    title: "Von der Moderation bearbeitet",
    category: "general",
    content: "Neu",
    contentFormat: "text",
  }),
  "hide-comment": moderateComment("hide-comment", { reason: "Matrix" }),
  "restore-comment": moderateComment("restore-comment"),
  "update-comment": moderateComment("update-comment", { content: "Von der Moderation bearbeitet" }),
  // Staff choosing the solution of someone else's question (the asker's own choice is a member's action, below).
  "mark-solution": moderateComment("mark-solution"),
  "unmark-solution": moderate("unmark-solution"),
  "review-keep": decide("keep"),
  // Publishing a new member's held post ("Freigeben").
  "review-approve": decide("approve"),
  // Hiding from the queue; "Ausblenden und sperren" writes review-hide and suspend alike.
  "review-hide": decide("hide"),
  "review-spam": decide("spam"),
  suspend: restrict("suspend"),
  silence: restrict("silence"),
  "lift-restriction": {
    allowed: adminOnly,
    attempt: (client, targets) => post(client, targets.restrictTarget.lift, { intent: "lift-restriction" }),
  },
  // Each actor adds a word of its own, so the admin's attempt is no duplicate of a refused one that got through.
  "watch-term-add": {
    allowed: adminOnly,
    attempt: (client, _targets, actor) =>
      post(client, "/admin/watch-list", { intent: "add", kind: "word", term: `matrixwort${actor}${Date.now()}`, action: "block" }),
  },
  "watch-term-remove": {
    allowed: adminOnly,
    attempt: (client, targets) => post(client, "/admin/watch-list", { intent: "remove", id: targets.watchedTerm }),
  },
  // Each actor adds terms of its own, so an allowed attempt is no duplicate of a refused one that got through.
  "synonym-group-add": {
    allowed: staff,
    attempt: (client, _targets, actor) =>
      post(client, "/admin/synonyms", { intent: "add", terms: `matrix${actor}${Date.now()}, matrixsynonym${actor}${Date.now()}` }),
  },
  "synonym-group-remove": {
    allowed: staff,
    attempt: (client, targets, actor) => post(client, "/admin/synonyms", { intent: "remove", id: targets.synonymGroup(actor) }),
  },
  // The whole form as it stands, with a field no other spec reads changed; the page itself is in the reading pages.
  "update-site-settings": {
    allowed: adminOnly,
    attempt: async (client, targets, actor) => post(client, "/admin/settings", await targets.settingsForm(actor)),
  },
  "reset-second-factor": {
    allowed: adminOnly,
    attempt: (client, targets) => post(client, "/admin", { intent: "reset-second-factor", userId: targets.factorHolder }),
  },
  // Tags (decision 0053): demo tags no other spec reads, one of its own per allowed actor where the write removes it.
  "tag-describe": {
    allowed: staff,
    attempt: (client, _targets, actor) =>
      post(client, "/admin/tags", { intent: "describe", tag: "konferenzen", description: `Treffen (${actor})` }),
  },
  "tag-rename": {
    allowed: staff,
    attempt: (client) => post(client, "/admin/tags", { intent: "rename", tag: "freelancing", name: "Freelancing" }),
  },
  "tag-merge": {
    allowed: staff,
    attempt: (client, _targets, actor) =>
      post(client, "/admin/tags", { intent: "merge", tag: actor === "admin" ? "microsoft-ads" : "demand-gen", into: "google-ads" }),
  },
  "tag-delete": {
    allowed: staff,
    attempt: (client, _targets, actor) =>
      post(client, "/admin/tags", { intent: "delete", tag: actor === "admin" ? "core-updates" : "automatisierung" }),
  },
};

/** Allowed: the action ran (2xx, or a redirect that is not a sign-in or waiting page). */
function succeeded(response: APIResponse): boolean {
  const status = response.status();
  if (status >= 200 && status < 300) return true;
  if (status !== 302 && status !== 303) return false;
  const location = response.headers().location ?? "";
  return !location.startsWith("/auth") && !location.startsWith("/pending-approval");
}

/** Refused: 401/403/404, or sent to sign in, to the waiting page, or (staff without one) to set up a second factor. */
function refused(response: APIResponse): boolean {
  const status = response.status();
  if ([401, 403, 404].includes(status)) return true;
  const location = response.headers().location ?? "";
  return (
    (status === 302 || status === 303) &&
    (location.startsWith("/auth") || location.startsWith("/pending-approval") || location.startsWith("/second-factor"))
  );
}

test("staff actions succeed for exactly the allowed roles", async ({ baseURL }) => {
  test.setTimeout(120_000);
  expect(Object.keys(matrix).sort()).toEqual([...auditActions, ...readingPages].sort());

  const clients = new Map<Actor, APIRequestContext>();
  const client = async (_label: string) =>
    playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const signIn = async (email: string, password: string) => {
    const context = await client(email);
    const response = await passSecondStep(context, await post(context, "/auth", { intent: "sign-in", email, password }), email);
    expect(response.status(), `sign-in ${email}`).toBe(302);
    return context;
  };

  // The test's own people, made in one go; the author is none of the actors.
  const [
    pendingOne,
    memberOne,
    moderatorOne,
    adminOne,
    authorOne,
    reportedOne,
    spammerForModerator,
    spammerForAdmin,
    toSuspend,
    toSilence,
    toLift,
    moderatorNoFactor,
    adminNoFactor,
    factorHolder,
  ] = await createMembers([
    { approved: false },
    { firstName: "Matrixmitglied" },
    { role: "moderator" },
    { role: "admin" },
    { firstName: "Matrixautorin" },
    // The authors of reported posts, and members to restrict: none of them is an actor.
    { firstName: "Matrixgemeldet" },
    { firstName: "Matrixspam" },
    { firstName: "Matrixspam" },
    { firstName: "Matrixsperre" },
    { firstName: "Matrixstumm" },
    { firstName: "Matrixaufheben" },
    { role: "moderator", withoutSecondFactor: true },
    { role: "admin", withoutSecondFactor: true },
    { role: "moderator", firstName: "Matrixfaktor" },
  ]);
  const [asPending, asMember, asModerator, admin, author, asModeratorNoFactor, asAdminNoFactor] = await Promise.all([
    signIn(pendingOne.email, pendingOne.password),
    signIn(memberOne.email, memberOne.password),
    signIn(moderatorOne.email, moderatorOne.password),
    signIn(adminOne.email, adminOne.password),
    signIn(authorOne.email, authorOne.password),
    signIn(moderatorNoFactor.email, moderatorNoFactor.password),
    signIn(adminNoFactor.email, adminNoFactor.password),
  ]);
  clients.set("guest", await client("guest"));
  clients.set("pending", asPending).set("member", asMember).set("moderator", asModerator).set("admin", admin);
  clients.set("moderatorWithoutFactor", asModeratorNoFactor).set("adminWithoutFactor", asAdminNoFactor);

  // Pending members waiting for a decision, created on demand; one becomes the "rejected" actor.
  const stamp = Date.now();
  let signUps = 0;
  const anyone = await client("sign-up");
  const pendingMember = async () => {
    signUps += 1;
    const email = `matrix.wartet.${stamp}.${signUps}@example.com`;
    await signUpOverHttp(anyone, { firstName: "Matrix", lastName: `Wartet${signUps}`, email, password: "matrix-passwort" });
    const html = await (await admin.get("/admin")).text();
    const id = html.match(new RegExp(`name="userId" value="([^"]+)"(?:(?!name="userId").)*?Matrix Wartet${signUps} genehmigen`, "s"))?.[1];
    if (!id) throw new Error(`pending member ${email} not listed`);
    return id;
  };

  // The rejected actor: signed in while pending, then rejected; the old cookie must count for nothing.
  const rejectedEmail = `matrix.abgelehnt.${stamp}@example.com`;
  const since = Date.now();
  await signUpOverHttp(anyone, { firstName: "Matrix", lastName: "Abgelehnt", email: rejectedEmail, password: "matrix-passwort" });
  await anyone.get(linkIn(await waitForMail(rejectedEmail, "verification", since), "/auth/verify-email"), { maxRedirects: 0 });
  const rejected = await signIn(rejectedEmail, "matrix-passwort");
  const rejectedId = (await (await admin.get("/admin")).text()).match(
    /name="userId" value="([^"]+)"(?:(?!name="userId").)*?Matrix Abgelehnt ablehnen/s,
  )?.[1];
  expect(rejectedId).toBeTruthy();
  expect((await post(admin, "/admin", { intent: "reject", userId: rejectedId! })).status()).toBe(200);
  clients.set("rejected", rejected);

  // One discussion (by a member who is none of the actors) per action, with one comment.
  const discussions = new Map<string, { path: string; commentId: string }>();
  const discussionFor = async (action: string) => {
    const title = `Matrix ${action} ${stamp}`;
    const created = await post(author, "/create-discussion", {
      similarSeen: "1",
      title,
      category: "general",
      content: "Matrix",
      contentFormat: "text",
    });
    expect(created.status()).toBe(302);
    const path = `/discussion/matrix-${action}-${stamp}`;
    const commented = await post(author, path, { intent: "create-comment", content: "Ein Kommentar" });
    const commentId = commented.headers().location?.split("#comment-")[1];
    if (!commentId) throw new Error(`no comment on ${path}`);
    discussions.set(action, { path, commentId });
  };
  for (const action of [
    "pin",
    "unpin",
    "lock",
    "unlock",
    "hide-discussion",
    "restore-discussion",
    "update-discussion",
    "hide-comment",
    "restore-comment",
    "update-comment",
    "mark-solution",
    "unmark-solution",
  ]) {
    await discussionFor(action);
  }
  // What is undone must first be done.
  expect(succeeded(await post(admin, discussions.get("unpin")!.path, { intent: "pin" }))).toBe(true);
  expect(succeeded(await post(admin, discussions.get("unlock")!.path, { intent: "lock", reason: "Vorbereitung" }))).toBe(true);
  expect(
    succeeded(await post(admin, discussions.get("restore-discussion")!.path, { intent: "hide-discussion", reason: "Vorbereitung" })),
  ).toBe(true);
  const solved = discussions.get("unmark-solution")!;
  expect(succeeded(await post(author, solved.path, { intent: "mark-solution", commentId: solved.commentId }))).toBe(true);
  const hiddenComment = discussions.get("restore-comment")!;
  expect(
    succeeded(
      await post(admin, hiddenComment.path, { intent: "hide-comment", commentId: hiddenComment.commentId, reason: "Vorbereitung" }),
    ),
  ).toBe(true);

  const roleTarget = await (async () => {
    const response = await post(admin, "/admin", {
      intent: "create-user",
      email: `matrix.rolle.${stamp}@example.com`,
      password: "matrix-passwort",
      username: "Matrix Rolle",
      expertise: "seo",
      experience: "experte",
      role: "member",
    });
    expect(response.status()).toBe(302);
    const html = await (await admin.get("/admin")).text();
    return html.match(/name="userId" value="([^"]+)"(?:(?!name="userId").)*?Rolle von (?:<!-- -->)?Matrix Rolle/s)![1]!;
  })();

  // Review items: a comment per decision and allowed actor, reported by the member. "Als Spam löschen" hides all of
  // its author's posts and suspends them, so each spam item has an author of its own.
  const reviewItems = new Map<string, string>();
  const reported = await clientOf(reportedOne);
  const spammers = { moderator: await clientOf(spammerForModerator), admin: await clientOf(spammerForAdmin) };
  for (const decision of ["keep", "hide", "spam"]) {
    for (const actor of ["moderator", "admin"] as const) {
      const writer = decision === "spam" ? spammers[actor] : reported;
      const { path, commentId } = await discussionWithComment(writer, `Matrix melden ${decision} ${actor} ${stamp}`, "Gemeldet");
      await report(asMember, path, commentId);
      reviewItems.set(`${decision} ${actor}`, await reviewItemOf(admin, commentId));
    }
  }
  // Held items: a new member's comment with three links waits for approval, one per allowed actor.
  for (const actor of ["moderator", "admin"] as const) {
    const { path } = await discussionWithComment(reported, `Matrix freigeben ${actor} ${stamp}`, "Ohne Links");
    const held = await post(reported, path, {
      intent: "create-comment",
      content: "https://eins.example/ https://zwei.example/ https://drei.example/",
    });
    const commentId = /#comment-([0-9a-f-]{36})/.exec(held.headers().location ?? "")?.[1];
    if (!commentId) throw new Error(`no held comment on ${path}`);
    reviewItems.set(`approve ${actor}`, await reviewItemOf(admin, commentId));
  }
  const restrictTarget = {
    suspend: await profilePathOf(toSuspend),
    silence: await profilePathOf(toSilence),
    lift: await profilePathOf(toLift),
  };
  // What is lifted must first be set.
  expect(
    succeeded(
      await post(admin, restrictTarget.lift, { intent: "restrict", kind: "suspend", duration: "indefinite", reason: "Vorbereitung" }),
    ),
  ).toBe(true);

  // What is removed must first be added; the page lists the entry's id in its remove form.
  const matrixTerm = `matrixentfernen${stamp}`;
  expect(succeeded(await post(admin, "/admin/watch-list", { intent: "add", kind: "word", term: matrixTerm, action: "block" }))).toBe(true);
  const watchedTerm = new RegExp(`${matrixTerm}(?:(?!name="id").)*?name="id" value="([0-9a-f-]{36})"`, "s").exec(
    await (await admin.get("/admin/watch-list")).text(),
  )?.[1];
  expect(watchedTerm, "the watched word to remove").toBeTruthy();

  const synonymGroups = new Map<string, string>();
  for (const owner of ["moderator", "admin"]) {
    const term = `matrixgruppe${owner}${stamp}`;
    expect(succeeded(await post(admin, "/admin/synonyms", { intent: "add", terms: `${term}, ${term}x` }))).toBe(true);
    const id = new RegExp(`${term}(?:(?!name="id").)*?name="id" value="([0-9a-f-]{36})"`, "s").exec(
      await (await admin.get("/admin/synonyms")).text(),
    )?.[1];
    expect(id, "the synonym group to remove").toBeTruthy();
    synonymGroups.set(owner, id!);
  }

  // The staff member whose factor is reset: the panel lists the button with their id for other administrators.
  const factorHolderId = new RegExp(
    `name="userId" value="([0-9a-f-]{36})"(?:(?!name="userId").)*?Zweiten Faktor von ${factorHolder.name} zurücksetzen`,
    "s",
  ).exec(await (await admin.get("/admin")).text())?.[1];
  expect(factorHolderId, "the member whose factor is reset").toBeTruthy();

  const targets: Targets = {
    discussion: (intent) => discussions.get(intent)!.path,
    comment: (intent) => discussions.get(intent)!,
    pendingMember,
    roleTarget,
    reviewItem: (decision, actor) => reviewItems.get(`${decision} ${actor === "admin" ? "admin" : "moderator"}`)!,
    restrictTarget,
    watchedTerm: watchedTerm!,
    synonymGroup: (actor) => synonymGroups.get(actor === "admin" ? "admin" : "moderator")!,
    settingsForm: async (actor) => ({
      ...(await currentSettingsForm(admin)),
      contentResponsible: `Matrix ${actor} ${stamp}, Torstraße 118, 10119 Berlin`,
      intent: "save",
    }),
    factorHolder: factorHolderId!,
  };

  const outcomes: string[] = [];
  for (const [action, row] of Object.entries(matrix)) {
    // Refused actors first, so the allowed one still finds the target as prepared.
    for (const actor of [...actors].sort((a, b) => Number(row.allowed.includes(a)) - Number(row.allowed.includes(b)))) {
      const response = await row.attempt(clients.get(actor)!, targets, actor);
      const allowed = row.allowed.includes(actor);
      const ok = allowed ? succeeded(response) : refused(response);
      outcomes.push(
        `${ok ? "ok  " : "FAIL"} ${action} as ${actor}: ${allowed ? "allowed" : "refused"} expected, got ${response.status()} ${response.headers().location ?? ""}`,
      );
    }
  }
  expect(
    outcomes.filter((line) => line.startsWith("FAIL")),
    outcomes.join("\n"),
  ).toEqual([]);
  expect(outcomes).toHaveLength(Object.keys(matrix).length * actors.length);

  // The refusals left no trace: only the admin's and the moderator's entries for the matrix discussions.
  const log = await (await admin.get("/admin")).text();
  expect(log).not.toContain(`${memberOne.name}</a></td>`);
  expect(log).not.toContain(`${memberOne.name}</td>`);
  for (const context of [...clients.values(), author, anyone, reported, ...Object.values(spammers)]) await context.dispose();
});

test("members' own actions (watching, notifications, mention suggestions, Hilfreich, solutions) succeed for approved members only", async ({
  baseURL,
}) => {
  const client = () => playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const signIn = async (email: string, password: string) => {
    const context = await client();
    expect(
      (await passSecondStep(context, await post(context, "/auth", { intent: "sign-in", email, password }), email)).status(),
      `sign-in ${email}`,
    ).toBe(302);
    return context;
  };
  const people = await createMembers([{ approved: false }, {}, { role: "moderator" }, { role: "admin" }]);
  const [pending, member, moderator, admin] = await Promise.all(people.map((person) => signIn(person.email, person.password)));
  const clients = new Map<Exclude<Actor, "rejected">, APIRequestContext>([
    ["guest", await client()],
    ["pending", pending!],
    ["member", member!],
    ["moderator", moderator!],
    ["admin", admin!],
  ]);
  const title = `Matrix beobachten ${Date.now()}`;
  expect(
    (
      await post(clients.get("member")!, "/create-discussion", {
        similarSeen: "1",
        title,
        category: "general",
        content: "Matrix",
        contentFormat: "text",
      })
    ).status(),
  ).toBe(302);
  const discussion = `/discussion/${title.toLowerCase().replaceAll(" ", "-")}`;
  // The moderator answers: the member (the author) has a notification, which only they may open.
  const answered = await post(clients.get("moderator")!, discussion, { intent: "create-comment", content: "Antwort für die Matrix" });
  expect(answered.status()).toBeLessThan(400);
  const answerId = answered.headers().location?.split("#comment-")[1];
  expect(answerId, "the moderator's answer").toBeTruthy();
  const notificationId = /name="intent" value="open"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/.exec(
    await (await clients.get("member")!.get("/notifications")).text(),
  )?.[1];
  expect(notificationId, "the member's notification of the moderator's answer").toBeTruthy();
  const approved = ["member", "moderator", "admin"];
  const rows: Record<string, (context: APIRequestContext) => Promise<APIResponse>> = {
    "watch a discussion": (context) => post(context, discussion, { intent: "watch", level: "watching" }),
    "watch a category": (context) => post(context, "/subforum/seo", { intent: "watch", level: "normal" }),
    "open the notifications": (context) => context.get("/notifications", { maxRedirects: 0 }),
    "mark all notifications read": (context) => post(context, "/notifications", { intent: "read-all" }),
    // The bell's panel: its newest notifications, and its "Alle als gelesen markieren", which stays.
    "ask for the bell's newest notifications": (context) => context.get("/notifications/latest", { maxRedirects: 0 }),
    "mark all read from the bell's panel": (context) => post(context, "/notifications", { intent: "read-all", stay: "1" }),
    "ask for members to mention": (context) => context.get("/members/suggestions?q=Ka", { maxRedirects: 0 }),
    // An image for a post (decision 0033): a 1 × 1 PNG.
    "upload an image for a post": (context) =>
      context.post("/images", {
        multipart: { image: { name: "matrix.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") } },
        maxRedirects: 0,
      }),
    // Another member's notification is not there for them (404); the recipient opens it and is led to the answer.
    "open a notification": (context) => post(context, "/notifications", { intent: "open", id: notificationId! }),
    // Never one's own post: the moderator wrote the answer.
    "mark an answer helpful": (context) => post(context, discussion, { intent: "helpful", helpful: `${answerId!}:true` }),
    // The asker (the member) chooses; staff may too.
    "mark the solution": (context) => post(context, discussion, { intent: "mark-solution", commentId: answerId! }),
    // Drafts: saved by those who may write; discarded by anyone signed in (a pending member has none).
    "save a draft": (context) => post(context, "/drafts", { intent: "save", title: "Matrix-Entwurf", content: "Halb fertig" }),
    "discard a draft": (context) => post(context, "/drafts", { intent: "discard", back: "/create-discussion" }),
    // Bookmarks are each member's own: anyone let in keeps them, on any visible post, their own included.
    "bookmark a post": (context) => post(context, discussion, { intent: "bookmark", bookmark: `${answerId!}:true` }),
    "save a bookmark's note and reminder": (context) =>
      post(context, discussion, { intent: "save-bookmark", post: "discussion", note: "Matrix", remind: "3" }),
    "open the bookmarks": (context) => context.get("/bookmarks", { maxRedirects: 0 }),
    // The list's form names the discussion: read from the actor's own list (the answer bookmarked two rows up).
    "remove a bookmark from the list": async (context) => {
      const listed = /name="discussionId" value="([0-9a-f-]{36})"/.exec(
        await (await context.get("/bookmarks", { maxRedirects: 0 })).text(),
      );
      return post(context, "/bookmarks", {
        intent: "remove",
        id: crypto.randomUUID(),
        discussionId: listed?.[1] ?? crypto.randomUUID(),
        post: answerId!,
      });
    },
  };
  const allowedFor: Record<string, readonly string[]> = {
    "open a notification": ["member"],
    "mark an answer helpful": ["member", "admin"],
    "discard a draft": ["pending", "member", "moderator", "admin"],
  };
  const outcomes: string[] = [];
  for (const [action, attempt] of Object.entries(rows)) {
    // Refused actors first, so the recipient's own notification is still unread when the others try.
    const order = [...clients].sort(
      ([a], [b]) => Number((allowedFor[action] ?? approved).includes(a)) - Number((allowedFor[action] ?? approved).includes(b)),
    );
    for (const [actor, context] of order) {
      const response = await attempt(context);
      const allowed = (allowedFor[action] ?? approved).includes(actor);
      const ok = allowed ? succeeded(response) : refused(response);
      outcomes.push(
        `${ok ? "ok  " : "FAIL"} ${action} as ${actor}: ${allowed ? "allowed" : "refused"} expected, got ${response.status()} ${response.headers().location ?? ""}`,
      );
    }
  }
  expect(
    outcomes.filter((line) => line.startsWith("FAIL")),
    outcomes.join("\n"),
  ).toEqual([]);

  // The bell's live stream: a stream for approved members, refused before it starts for everyone else.
  const live: string[] = [];
  for (const [actor, context] of clients) {
    const cookie = (await context.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const aborted = new AbortController();
    const response = await fetch(new URL("/notifications/live", baseURL), { headers: { cookie }, signal: aborted.signal });
    live.push(`${actor}: ${response.status} ${response.headers.get("content-type")?.split(";")[0]}`);
    aborted.abort();
  }
  expect(live).toEqual([
    "guest: 401 text/plain",
    "pending: 403 text/plain",
    "member: 200 text/event-stream",
    "moderator: 200 text/event-stream",
    "admin: 200 text/event-stream",
  ]);
  for (const context of clients.values()) await context.dispose();
});

/** A conversation's URLs and actions (decision 0062): tried by each kind of visitor, only its participant's attempt may succeed. */
type ConversationActor = "guest" | "pending" | "member" | "moderator" | "admin" | "participant";

test("every conversation URL and action succeeds for its participants only: guests sign in, pending members wait, everyone else (staff too) gets a 404; a message's image is a 404 for all but them", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [participant, otherParticipant, pending, member, moderator, admin, ...addable] = await createMembers([
    { firstName: "Matrixschreiberin" },
    { firstName: "Matrixempfaenger" },
    { approved: false },
    { firstName: "Matrixfremd" },
    { role: "moderator" },
    { role: "admin" },
    ...Array.from({ length: 6 }, () => ({ firstName: "Matrixdazu" })),
  ]);
  await publishSomething(participant);
  const signedIn = async (person: Member) => {
    const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
    const response = await passSecondStep(
      context,
      await post(context, "/auth", { intent: "sign-in", email: person.email, password: person.password }),
      person.email,
    );
    expect(response.status(), `sign-in ${person.email}`).toBe(302);
    return context;
  };
  const clients = new Map<ConversationActor, APIRequestContext>([
    ["guest", await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } })],
    ["pending", await signedIn(pending)],
    ["member", await signedIn(member)],
    ["moderator", await signedIn(moderator)],
    ["admin", await signedIn(admin)],
    ["participant", await signedIn(participant)],
  ]);
  const other = await signedIn(otherParticipant);
  const path = await startConversationOverHttp(
    clients.get("participant")!,
    [await memberIdOf(otherParticipant)],
    "Matrix: erste Nachricht",
  );
  const theirs = await sendOverHttp(other, path, "Matrix: Antwort");
  const own = await sendOverHttp(clients.get("participant")!, path, "Matrix: eigene Nachricht");
  // A message with an image (decision 0062): its address is the conversation's too.
  const uploaded = await clients.get("participant")!.post("/images", {
    multipart: { image: { name: "matrix.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") } },
  });
  expect(uploaded.status()).toBe(200);
  const { image } = (await uploaded.json()) as { image: { src: string } };
  const withImage = await post(clients.get("participant")!, path, {
    intent: "send",
    content: `<p>Matrix: Bild</p><img src="${image.src}" alt="Matrix: ein Bildpunkt">`,
    contentFormat: "html",
  });
  expect(withImage.status()).toBe(302);
  const addIds = await Promise.all(addable.map((person) => memberIdOf(person)));
  const actors: ConversationActor[] = ["guest", "pending", "member", "moderator", "admin", "participant"];

  // In this order: leaving is last, as it ends the participant's access.
  const rows: Array<[string, (client: APIRequestContext, attempt: number) => Promise<APIResponse>]> = [
    ["read the thread", (client) => client.get(path, { maxRedirects: 0 })],
    ["send a message", (client) => post(client, path, { intent: "send", content: "Matrix: dabei?", contentFormat: "text" })],
    [
      "edit the participant's message",
      (client) => post(client, path, { intent: "edit", messageId: own, content: "Matrix: korrigiert", contentFormat: "text" }),
    ],
    ["add a member", (client, attempt) => post(client, path, { intent: "add-participant", memberId: addIds[attempt]! })],
    ["report the other's message", (client) => post(client, path, { intent: "report", messageId: theirs, reason: "spam" })],
    ["save a draft", (client) => post(client, `${path}/draft`, { intent: "save", content: "Matrix: Entwurf", contentFormat: "text" })],
    ["discard the draft", (client) => post(client, `${path}/draft`, { intent: "discard", back: path })],
    ["leave", (client) => post(client, path, { intent: "leave" })],
  ];
  const outcomes: string[] = [];
  // The image is the participants' alone, kept by no cache; everyone else, a guest too, gets the 404 of a missing image.
  for (const actor of actors) {
    const response = await clients.get(actor)!.get(image.src, { maxRedirects: 0 });
    const expected =
      actor === "participant"
        ? response.status() === 200 && response.headers()["cache-control"] === "private, no-store"
        : response.status() === 404;
    if (!expected) outcomes.push(`see the message's image as ${actor}: ${response.status()} ${response.headers()["cache-control"]}`);
  }
  for (const [name, attempt] of rows) {
    for (const [index, actor] of actors.entries()) {
      const response = await attempt(clients.get(actor)!, index);
      const status = response.status();
      const location = response.headers().location ?? "";
      const expected =
        actor === "participant"
          ? succeeded(response) && !location.startsWith("/second-factor")
          : actor === "guest"
            ? refused(response)
            : actor === "pending"
              ? refused(response) && (status === 403 || location.startsWith("/pending-approval"))
              : status === 404;
      if (!expected) outcomes.push(`${name} as ${actor}: ${status} ${location}`);
    }
  }
  expect(outcomes).toEqual([]);
  // The page cache stores nothing under /messages: every answer there is private and never kept.
  const thread = await other.get(path);
  expect(thread.headers()["cache-control"]).toBe("private, no-store");
  for (const client of [...clients.values(), other]) await client.dispose();
});
