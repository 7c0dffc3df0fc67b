import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, comments, discussions, reviewItems, watchedTerms } from "../../db/schema";
import { createComment, createDiscussion, updateComment, updateDiscussion } from "~/server/discussions";
import { addWatchedTerm, removeWatchedTerm } from "~/server/admin";
import { db } from "~/server/db";
import { currentWatchList, listWatchedTerms, startWatchListListener } from "~/server/watchlist";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

// Watched words and domains (decision 0038) on PGlite and on PostgreSQL (`npm run test:db`).

let admin: Viewer;
let moderator: Viewer;
let author: Viewer;

beforeAll(async () => {
  admin = await makeViewer({ role: "admin", firstName: "Adminin" });
  moderator = await makeViewer({ role: "moderator" });
  author = await makeViewer({ firstName: "Autorin" });
  for (const entry of [
    { kind: "word", term: "casino", action: "block" },
    { kind: "word", term: "platz-1-garantie", action: "replace", replacement: "[Werbeversprechen entfernt]" },
    { kind: "word", term: "grösse", action: "replace", replacement: "Größe" },
    { kind: "link-domain", term: "https://www.spam-shop.example/x", action: "block" },
  ] as const) {
    const added = await addWatchedTerm(admin, entry);
    expect(added.ok, entry.term).toBe(true);
  }
});

const discussionInput = (title: string, content: string) =>
  ({ title, category: "seo", content, contentFormat: "html", assignedTo: undefined }) as const;

async function discussionRow(slug: string) {
  const [row] = await db
    .select({ id: discussions.id, title: discussions.title, content: discussions.content })
    .from(discussions)
    .where(eq(discussions.slug, slug));
  return row!;
}

describe("creating and editing discussions", () => {
  it("refuses a blocked word in the title or the body, naming it, and stores nothing", async () => {
    for (const [title, content] of [
      ["Das beste CASINO", "<p>Hallo</p>"],
      ["Harmlos", "<p>Ein <strong>Cas</strong>ino-Tipp</p>"],
    ]) {
      const outcome = await createDiscussion(author, discussionInput(title!, content!));
      expect(outcome).toMatchObject({ ok: false, reason: "invalid" });
      expect(!outcome.ok && outcome.message).toMatch(
        /^Ihr Beitrag wurde nicht gespeichert\. Der Begriff „(CASINO|Casino)“ ist in diesem Forum nicht erlaubt\./,
      );
    }
    expect(await db.select().from(discussions).where(eq(discussions.title, "Harmlos"))).toEqual([]);
  });

  it("refuses a link to a blocked domain or its subdomain", async () => {
    const outcome = await createDiscussion(
      author,
      discussionInput("Linktipp", '<p><a href="https://angebote.spam-shop.example/">hier</a></p>'),
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason: "invalid",
      message: expect.stringContaining("Links zu angebote.spam-shop.example sind"),
    });
    // A mere look-alike is another site.
    const fine = await createDiscussion(author, discussionInput("Linktipp", '<p><a href="https://no-spam-shop.example/">hier</a></p>'));
    expect(fine.ok).toBe(true);
  });

  it("replaces words in the title (slug included) and the body, keeping the markup", async () => {
    const outcome = await createDiscussion(
      author,
      discussionInput(
        "Platz-1-Garantie für alle",
        '<p>Mit <strong>PLATZ-1-GARANTIE</strong> und <a href="https://example.org/platz-1-garantie">Platz-1-Garantie</a></p>',
      ),
    );
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.slug).toBe("werbeversprechen-entfernt-fuer-alle");
    const row = await discussionRow(outcome.value.slug);
    expect(row.title).toBe("[Werbeversprechen entfernt] für alle");
    expect(row.content).toContain("<strong>[Werbeversprechen entfernt]</strong>");
    expect(row.content).toContain('href="https://example.org/platz-1-garantie"');
    expect(row.content).not.toMatch(/>Platz-1-Garantie</i);
  });

  it("applies the list on edit, to the author and to staff alike", async () => {
    const created = await createDiscussion(author, discussionInput("Ordentliche Frage", "<p>Sauber</p>"));
    if (!created.ok) throw new Error(created.message);
    const { id } = await discussionRow(created.value.slug);
    const edit = (actor: Viewer, content: string) =>
      updateDiscussion(actor, { discussionId: id, title: "Ordentliche Frage", category: "seo", content, contentFormat: "html" });
    expect(await edit(author, "<p>Jetzt mit Casino</p>")).toMatchObject({ ok: false, reason: "invalid" });
    expect(await edit(moderator, '<p><a href="http://spam-shop.example">x</a></p>')).toMatchObject({ ok: false, reason: "invalid" });
    expect((await discussionRow(created.value.slug)).content).toBe("<p>Sauber</p>");
    expect((await edit(author, "<p>Welche Grösse?</p>")).ok).toBe(true);
    expect((await discussionRow(created.value.slug)).content).toBe("<p>Welche Größe?</p>");
  });
});

describe("creating and editing comments", () => {
  let discussionId: string;
  beforeAll(async () => {
    const created = await createDiscussion(author, discussionInput("Kommentare hier", "<p>Bitte antworten</p>"));
    if (!created.ok) throw new Error(created.message);
    discussionId = (await discussionRow(created.value.slug)).id;
  });

  it("refuses a blocked word or domain, and counts nothing", async () => {
    expect(await createComment(author, { discussionId, content: "Bestes casino!" })).toMatchObject({
      ok: false,
      reason: "invalid",
      message: expect.stringContaining("„casino“"),
    });
    expect(await createComment(author, { discussionId, content: "Schau auf www.spam-shop.example vorbei" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    const [row] = await db.select({ replies: discussions.repliesCount }).from(discussions).where(eq(discussions.id, discussionId));
    expect(row!.replies).toBe(0);
  });

  it("replaces words on create and on edit", async () => {
    const created = await createComment(author, { discussionId, content: "Welche grösse? Platz-1-Garantie!" });
    if (!created.ok) throw new Error(created.message);
    const text = async () =>
      (await db.select({ content: comments.content }).from(comments).where(eq(comments.id, created.value.id)))[0]!.content;
    expect(await text()).toBe("<p>Welche Größe? [Werbeversprechen entfernt]!</p>");
    expect(await updateComment(author, { discussionId, commentId: created.value.id, content: "Doch casino" })).toMatchObject({ ok: false });
    expect(await text()).toBe("<p>Welche Größe? [Werbeversprechen entfernt]!</p>");
    expect((await updateComment(author, { discussionId, commentId: created.value.id, content: "Nur PLATZ-1-GARANTIE" })).ok).toBe(true);
    expect(await text()).toBe("<p>Nur [Werbeversprechen entfernt]</p>");
  });
});

describe("words and domains watched with 'hold' (decision 0038)", () => {
  let discussionId: string;
  beforeAll(async () => {
    expect((await addWatchedTerm(admin, { kind: "word", term: "linktausch*", action: "hold" })).ok).toBe(true);
    expect((await addWatchedTerm(admin, { kind: "link-domain", term: "seo-angebote.example", action: "hold" })).ok).toBe(true);
    const created = await createDiscussion(author, discussionInput("Wartet nichts", "<p>Eine Frage</p>"));
    if (!created.ok) throw new Error(created.message);
    discussionId = (await discussionRow(created.value.slug)).id;
  });

  const queueItemFor = async (column: "discussion" | "comment", id: string) =>
    db
      .select({ status: reviewItems.status })
      .from(reviewItems)
      .where(and(eq(reviewItems.kind, "held"), column === "discussion" ? eq(reviewItems.discussionId, id) : eq(reviewItems.commentId, id)));

  it("holds a member's discussion with a watched word, hidden and in the review queue with the reason", async () => {
    const outcome = await createDiscussion(author, discussionInput("Linktausch gesucht", "<p>Wer macht mit?</p>"));
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.held).toBe(true);
    const [row] = await db
      .select({ id: discussions.id, heldAt: discussions.heldAt, hiddenAt: discussions.hiddenAt, reason: discussions.hiddenReason })
      .from(discussions)
      .where(eq(discussions.slug, outcome.value.slug));
    expect(row!.heldAt).not.toBeNull();
    expect(row!.hiddenAt).not.toBeNull();
    expect(row!.reason).toContain("Beobachteter Begriff „Linktausch“");
    expect(await queueItemFor("discussion", row!.id)).toEqual([{ status: "open" }]);
  });

  it("holds a comment linking to a watched domain or its subdomain; the counter does not move", async () => {
    const outcome = await createComment(author, { discussionId, content: "Siehe https://shop.seo-angebote.example/paket" });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.value.held).toBe(true);
    const [row] = await db
      .select({ heldAt: comments.heldAt, reason: comments.hiddenReason })
      .from(comments)
      .where(eq(comments.id, outcome.value.id));
    expect(row!.heldAt).not.toBeNull();
    expect(row!.reason).toContain("Link zu einer beobachteten Domain (shop.seo-angebote.example)");
    expect(await queueItemFor("comment", outcome.value.id)).toEqual([{ status: "open" }]);
    const [counted] = await db.select({ replies: discussions.repliesCount }).from(discussions).where(eq(discussions.id, discussionId));
    expect(counted!.replies).toBe(0);
  });

  it("publishes staff's posts at once (they are the ones who review), and a post without the word", async () => {
    const byModerator = await createComment(moderator, { discussionId, content: "Kein Linktausch hier, bitte." });
    expect(byModerator).toMatchObject({ ok: true, value: { held: false } });
    const plain = await createComment(author, { discussionId, content: "Ein Link auf https://seo-angebote-vergleich.example/" });
    expect(plain).toMatchObject({ ok: true, value: { held: false } });
  });

  it("is offered for words and link domains, never for sign-up e-mail domains", async () => {
    expect(await addWatchedTerm(admin, { kind: "email-domain", term: "halten.example", action: "hold" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("the admin's list", () => {
  it("is for administrators only", async () => {
    expect(await addWatchedTerm(moderator, { kind: "word", term: "moderatorwort", action: "block" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await addWatchedTerm(author, { kind: "word", term: "mitgliedwort", action: "block" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    const [entry] = await db.select({ id: watchedTerms.id }).from(watchedTerms).where(eq(watchedTerms.term, "casino"));
    expect(await removeWatchedTerm(moderator, { id: entry!.id })).toMatchObject({ ok: false, reason: "forbidden" });
  });

  it("normalises what is typed and refuses duplicates, nonsense and self-repeating replacements in German", async () => {
    expect(await addWatchedTerm(admin, { kind: "word", term: "  CASINO ", action: "block" })).toMatchObject({
      ok: false,
      reason: "conflict",
      message: "„casino“ steht bereits auf dieser Liste.",
    });
    expect(await addWatchedTerm(admin, { kind: "link-domain", term: "kein host", action: "block" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(await addWatchedTerm(admin, { kind: "word", term: "*", action: "block" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await addWatchedTerm(admin, { kind: "word", term: "bonus", action: "replace" })).toMatchObject({
      ok: false,
      fieldErrors: { replacement: ["Bitte geben Sie einen Ersatztext ein."] },
    });
    expect(await addWatchedTerm(admin, { kind: "word", term: "bonus", action: "replace", replacement: "Bonus (Werbung)" })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect(
      await addWatchedTerm(admin, { kind: "email-domain", term: "wegwerf.example", action: "replace", replacement: "x" }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("writes every change to the audit log", async () => {
    const added = await addWatchedTerm(admin, { kind: "link-domain", term: "Linkfarm.example", action: "block" });
    expect(added).toEqual({ ok: true, value: { term: "linkfarm.example" } });
    const [entry] = (await listWatchedTerms()).filter((row) => row.term === "linkfarm.example");
    expect(await removeWatchedTerm(admin, { id: entry!.id })).toEqual({ ok: true, value: null });
    expect(await removeWatchedTerm(admin, { id: entry!.id })).toMatchObject({ ok: false, reason: "not-found" });
    const log = await db
      .select({ action: auditLog.action, label: auditLog.targetLabel, details: auditLog.details, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "watched-term"), eq(auditLog.targetId, entry!.id)))
      .orderBy(desc(auditLog.createdAt));
    expect(log).toEqual([
      { action: "watch-term-remove", label: "linkfarm.example", details: "Domains in Links · Blockieren", actor: admin.id },
      { action: "watch-term-add", label: "linkfarm.example", details: "Domains in Links · Blockieren", actor: admin.id },
    ]);
  });

  it("starts with a few disposable mail providers on the sign-up block list", async () => {
    const list = await listWatchedTerms();
    expect(list.filter((row) => row.kind === "email-domain").map((row) => row.term)).toEqual(
      expect.arrayContaining(["mailinator.com", "yopmail.com"]),
    );
  });
});

describe("one compiled list per process", () => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startWatchListListener();
  });
  afterAll(async () => stop());

  it("is compiled once and read again after any change, also one made outside the app", async () => {
    const first = await currentWatchList();
    expect(await currentWatchList()).toBe(first);
    // A change straight in the database, as another process (or a console) makes it: the trigger's NOTIFY drops the copy.
    await db.insert(watchedTerms).values({ kind: "word", term: "außenwort", action: "block" });
    await vi.waitFor(
      async () => {
        if ((await currentWatchList()) === first) throw new Error("still the old list");
      },
      { timeout: 5_000, interval: 10 },
    );
    const second = await currentWatchList();
    expect(second.screen({ text: "Ein Aussenwort" }).findings.blockedWords).toEqual(["Aussenwort"]);
    expect(await currentWatchList()).toBe(second);
    await db.execute(sql`delete from ${watchedTerms} where ${watchedTerms.term} = 'außenwort'`);
    await vi.waitFor(
      async () => {
        if ((await currentWatchList()) === second) throw new Error("still the old list");
      },
      { timeout: 5_000, interval: 10 },
    );
    expect((await currentWatchList()).screen({ text: "außenwort" }).findings.blockedWords).toEqual([]);
  });

  it("an admin's change counts at once in the process that made it", async () => {
    await currentWatchList();
    expect((await addWatchedTerm(admin, { kind: "word", term: "sofortwort", action: "block" })).ok).toBe(true);
    expect(
      await createComment(author, {
        discussionId: (await db.select({ id: discussions.id }).from(discussions).limit(1))[0]!.id,
        content: "sofortwort",
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
  });
});
