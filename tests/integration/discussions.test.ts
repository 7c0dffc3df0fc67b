import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussions, discussionViews } from "../../db/schema";
import { action as viewAction } from "~/routes/discussion.view";
import { loader as subforumLoader } from "~/routes/subforum";
import {
  commentPageOf,
  createComment,
  createDiscussion,
  getCommunityStats,
  getDiscussionBySlug,
  incrementViews,
  listCommentPage,
  purgeViewMarks,
  updateComment,
  updateDiscussion,
  VIEW_WINDOW_MINUTES,
  visitorKey,
} from "~/server/discussions";
import { db } from "~/server/db";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

let author: Viewer;
let other: Viewer;
let pending: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin", joinedDaysAgo: 30 });
  other = await makeViewer({ firstName: "Andere", joinedDaysAgo: 30 });
  pending = await makeViewer({ approvalStatus: "pending" });
});

const input = (title: string, content = "<p>Inhalt</p>") =>
  ({ title, category: "seo", content, contentFormat: "html", assignedTo: undefined }) as const;

async function create(title: string, content?: string) {
  const outcome = await createDiscussion(author, input(title, content));
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

describe("creating discussions", () => {
  it("derives a readable German slug and keeps it unique", async () => {
    const first = await create("Größere Rankings für Ärzte?");
    const second = await create("Größere Rankings für Ärzte?");
    const third = await create("Größere Rankings für Ärzte!");
    expect([first.slug, second.slug, third.slug]).toEqual([
      "groessere-rankings-fuer-aerzte",
      "groessere-rankings-fuer-aerzte-2",
      "groessere-rankings-fuer-aerzte-3",
    ]);
  });

  it("stores only sanitised HTML", async () => {
    const created = await create(
      "XSS-Versuch",
      '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><p><strong>ok</strong></p>',
    );
    const [row] = await db.select({ content: discussions.content }).from(discussions).where(eq(discussions.id, created.id));
    expect(row?.content).toBe("<p><strong>ok</strong></p>");
  });

  it("turns plain text from the fallback textarea into paragraphs", async () => {
    const outcome = await createDiscussion(author, {
      ...input("Ohne JavaScript"),
      content: "Zeile 1\nZeile 2\n\n<b>kein HTML</b>",
      contentFormat: "text",
    });
    expect(outcome.ok).toBe(true);
    const created = await getDiscussionBySlug("ohne-javascript");
    expect(created?.content).toBe("<p>Zeile 1<br />Zeile 2</p><p>&lt;b&gt;kein HTML&lt;/b&gt;</p>");
  });

  it("refuses guests and members waiting for approval", async () => {
    expect(await createDiscussion(null, input("Gast"))).toEqual({ ok: false, reason: "forbidden" });
    expect(await createDiscussion(pending, input("Wartend"))).toEqual({ ok: false, reason: "forbidden" });
  });

  it("only assigns approved members", async () => {
    const outcome = await createDiscussion(author, { ...input("Zuweisung"), assignedTo: pending.id });
    expect(outcome).toMatchObject({ ok: false, reason: "invalid" });
    const assigned = await createDiscussion(author, { ...input("Zuweisung ok"), assignedTo: other.id });
    expect(assigned.ok).toBe(true);
    expect((await getDiscussionBySlug("zuweisung-ok"))?.assignedTo).toBe(other.id);
  });
});

describe("editing discussions", () => {
  it("lets the author change title, category and content while the slug stays", async () => {
    const created = await create("Alter Titel");
    const outcome = await updateDiscussion(author, {
      discussionId: created.id,
      title: "Neuer Titel",
      category: "sea",
      content: "<p>neu</p>",
      contentFormat: "html",
    });
    expect(outcome.ok).toBe(true);
    const updated = await getDiscussionBySlug("alter-titel");
    expect(updated).toMatchObject({ title: "Neuer Titel", category: "sea", content: "<p>neu</p>", slug: "alter-titel" });
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(updated!.createdAt.getTime());
  });

  it("refuses everyone else", async () => {
    const created = await create("Fremde Diskussion");
    const change = { title: "gekapert", category: "seo" as const, content: "", contentFormat: "html" as const };
    expect(await updateDiscussion(other, { discussionId: created.id, ...change })).toEqual({ ok: false, reason: "forbidden" });
    expect(await updateDiscussion(null, { discussionId: created.id, ...change })).toEqual({ ok: false, reason: "forbidden" });
    expect((await getDiscussionBySlug("fremde-discussion".replace("discussion", "diskussion")))?.title).toBe("Fremde Diskussion");
  });
});

describe("comments", () => {
  it("counts comments and replies in the same transaction and threads replies one level deep", async () => {
    const discussion = await create("Kommentare");
    const top = await createComment(other, { discussionId: discussion.id, content: "Erster Kommentar" });
    if (!top.ok) throw new Error("comment failed");
    const reply = await createComment(author, { discussionId: discussion.id, content: "Antwort", parentId: top.value.id });
    if (!reply.ok) throw new Error("reply failed");
    const deeper = await createComment(other, { discussionId: discussion.id, content: "Antwort auf Antwort", parentId: reply.value.id });
    if (!deeper.ok) throw new Error("deeper reply failed");

    const list = (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments;
    // Plain text (no contentFormat: the textarea's) is stored as rich text paragraphs (decision 0040).
    expect(list.map((c) => [c.content, c.contentFormat, c.parentId])).toEqual([
      ["<p>Erster Kommentar</p>", "html", null],
      ["<p>Antwort</p>", "html", top.value.id],
      ["<p>Antwort auf Antwort</p>", "html", top.value.id],
    ]);
    expect((await getDiscussionBySlug("kommentare"))?.repliesCount).toBe(3);
  });

  it("refuses guests, pending members and replies to comments of other discussions", async () => {
    const a = await create("Diskussion A");
    const b = await create("Diskussion B");
    expect(await createComment(null, { discussionId: a.id, content: "x" })).toEqual({ ok: false, reason: "forbidden" });
    expect(await createComment(pending, { discussionId: a.id, content: "x" })).toEqual({ ok: false, reason: "forbidden" });
    const inB = await createComment(other, { discussionId: b.id, content: "in B" });
    if (!inB.ok) throw new Error("comment failed");
    expect(await createComment(other, { discussionId: a.id, content: "x", parentId: inB.value.id })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect((await getDiscussionBySlug("diskussion-a"))?.repliesCount).toBe(0);
  });

  it("lets only the author edit a comment and marks it edited", async () => {
    const discussion = await create("Bearbeiten");
    const created = await createComment(other, { discussionId: discussion.id, content: "Tippfehlr" });
    if (!created.ok) throw new Error("comment failed");
    expect(await updateComment(author, { discussionId: discussion.id, commentId: created.value.id, content: "fremd" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await updateComment(other, { discussionId: discussion.id, commentId: created.value.id, content: "Tippfehler" })).toEqual({
      ok: true,
      value: { id: created.value.id },
    });
    const [row] = await db.select().from(comments).where(eq(comments.id, created.value.id));
    expect(row?.content).toBe("<p>Tippfehler</p>");
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime());
  });
});

describe("comment pages", () => {
  it("pages threads by 50 with their replies and finds the page of any comment", async () => {
    const discussion = await create("Lange Diskussion");
    const base = new Date("2026-02-01T00:00:00Z").getTime();
    const threads = await db
      .insert(comments)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          discussionId: discussion.id,
          authorId: other.id,
          content: `Thread ${i}`,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: comments.id, content: comments.content });
    const thread = (n: number) => threads.find((t) => t.content === `Thread ${n}`)!;
    // A late reply to thread 60 belongs to page 2, where its thread is.
    const [reply] = await db
      .insert(comments)
      .values({
        discussionId: discussion.id,
        parentId: thread(60).id,
        authorId: author.id,
        content: "Späte Antwort",
        createdAt: new Date(base + 500 * 60_000),
      })
      .returning({ id: comments.id });

    const first = await listCommentPage(discussion.id, 1, { includeHidden: false });
    expect(first.totalPages).toBe(3);
    expect(first.comments.map((c) => c.content)).toEqual(Array.from({ length: 50 }, (_, i) => `Thread ${i}`));
    const second = await listCommentPage(discussion.id, 2, { includeHidden: false });
    expect(second.comments).toHaveLength(51);
    expect(second.comments.find((c) => c.id === reply!.id)).toMatchObject({ parentId: thread(60).id });
    expect((await listCommentPage(discussion.id, 3, { includeHidden: false })).comments).toHaveLength(20);
    expect((await listCommentPage(discussion.id, 4, { includeHidden: false })).comments).toHaveLength(0);

    expect(await commentPageOf(discussion.id, thread(0).id)).toBe(1);
    expect(await commentPageOf(discussion.id, thread(49).id)).toBe(1);
    expect(await commentPageOf(discussion.id, thread(50).id)).toBe(2);
    expect(await commentPageOf(discussion.id, reply!.id)).toBe(2);
    expect(await commentPageOf(discussion.id, thread(119).id)).toBe(3);
  });
});

describe("counting under concurrency", () => {
  it("200 concurrent comments give replies_count 200", async () => {
    const discussion = await create("Ansturm");
    // Members of long standing (decision 0035): a newcomer could not post a hundred comments within the hour.
    for (let i = 0; i < 10; i++)
      expect((await createComment(i % 2 ? author : other, { discussionId: discussion.id, content: `Kommentar ${i}` })).ok).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 190 }, (_, i) =>
        createComment(i % 2 ? author : other, { discussionId: discussion.id, content: `Kommentar ${i + 10}` }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await getDiscussionBySlug("ansturm"))?.repliesCount).toBe(200);
    const stored = await db.select({ id: comments.id }).from(comments).where(eq(comments.discussionId, discussion.id));
    expect(stored).toHaveLength(200);
  });

  it("1,000 concurrent views give views_count 1,000", async () => {
    const discussion = await create("Beliebt");
    await Promise.all(Array.from({ length: 1000 }, (_, i) => incrementViews(discussion.id, `besucher-${i}`)));
    expect((await getDiscussionBySlug("beliebt"))?.viewsCount).toBe(1000);
  });

  it("counts one visitor once per window, however often and however parallel", async () => {
    const discussion = await create("Einmal zählen");
    const guest = visitorKey({ ip: "203.0.113.7" });
    await Promise.all(Array.from({ length: 1000 }, () => incrementViews(discussion.id, guest)));
    await incrementViews(discussion.id, visitorKey({ memberId: other.id }));
    await incrementViews(discussion.id, visitorKey({ memberId: other.id }));
    expect((await getDiscussionBySlug("einmal-zaehlen"))?.viewsCount).toBe(2);
    expect(guest).not.toContain("203.0.113.7");

    // Once the window has passed the same visitor counts again, and the purge drops only expired marks.
    await db
      .update(discussionViews)
      .set({ viewedAt: new Date(Date.now() - (VIEW_WINDOW_MINUTES + 1) * 60_000) })
      .where(and(eq(discussionViews.discussionId, discussion.id), eq(discussionViews.visitor, guest)));
    await purgeViewMarks();
    expect(await db.select().from(discussionViews).where(eq(discussionViews.discussionId, discussion.id))).toHaveLength(1);
    await Promise.all(Array.from({ length: 100 }, () => incrementViews(discussion.id, guest)));
    expect((await getDiscussionBySlug("einmal-zaehlen"))?.viewsCount).toBe(3);
  });
});

describe("the view beacon", () => {
  const view = (slug: string, userAgent: string, clientIp: string) =>
    viewAction({
      request: new Request(`http://localhost:3000/discussion/${slug}/view`, { method: "POST", headers: { "User-Agent": userAgent } }),
      params: { slug },
      context: { clientIp },
    } as never);

  it("counts a guest by address: twenty User-Agents from one address are one view", async () => {
    const discussion = await create("Ein Gast, viele Browser");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => view(discussion.slug, `Mozilla/5.0 (X11; Linux x86_64) Firefox/${120 + i}.0`, "203.0.113.20")),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    expect((await getDiscussionBySlug(discussion.slug))?.viewsCount).toBe(1);
    await view(discussion.slug, "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", "203.0.113.21");
    expect((await getDiscussionBySlug(discussion.slug))?.viewsCount).toBe(2);
  });
});

describe("subforum pages", () => {
  const call = (path: string) =>
    subforumLoader({
      request: new Request(`http://localhost:3000${path}`),
      params: { segment: path.split("/")[2]!.split("?")[0]! },
      context: {},
    } as never);

  async function status(path: string): Promise<number> {
    try {
      await call(path);
      return 200;
    } catch (error) {
      if (error instanceof Response) return error.status;
      const dataError = error as { init?: { status?: number } };
      return dataError.init?.status ?? 500;
    }
  }

  it("pages 60 discussions into 25 + 25 + 10, pinned first, and answers 404 past the end", async () => {
    const base = new Date("2026-01-01T00:00:00Z").getTime();
    await db.insert(discussions).values(
      Array.from({ length: 60 }, (_, i) => ({
        slug: `events-${i}`,
        title: `Event ${i}`,
        content: "",
        category: "events",
        authorId: author.id,
        isPinned: i === 3,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    // ki-suche ("ai") holds them: the events category has no subforum page.
    await db.update(discussions).set({ category: "ki-suche" }).where(eq(discussions.category, "events"));

    const first = await call("/subforum/ai");
    expect(first).toMatchObject({ totalCount: 60, totalPages: 3, currentPage: 1, hasPreviousPage: false, hasNextPage: true });
    expect(first.discussions).toHaveLength(25);
    expect(first.discussions[0]?.title).toBe("Event 3");
    expect(first.discussions[1]?.title).toBe("Event 59");
    const third = await call("/subforum/ai?page=3");
    expect(third.discussions).toHaveLength(10);
    expect(third).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // Pages in the back half are read from the end: together the pages are the whole list, in order, once.
    const second = await call("/subforum/ai?page=2");
    const expected = ["Event 3", ...Array.from({ length: 60 }, (_, i) => `Event ${59 - i}`).filter((title) => title !== "Event 3")];
    expect([...first.discussions, ...second.discussions, ...third.discussions].map((d) => d.title)).toEqual(expected);

    expect(await status("/subforum/ai?page=4")).toBe(404);
    expect(await status("/subforum/ai?page=0")).toBe(404);
    expect(await status("/subforum/ai?page=abc")).toBe(404);
    expect(await status("/subforum/ai?page=2.5")).toBe(404);
    expect(await status("/subforum/ai?page=1")).toBe(301);
    expect(await status("/subforum/unbekannt")).toBe(404);
  });

  it("shows an empty first page for an empty subforum", async () => {
    const page = await call("/subforum/sea");
    expect(page).toMatchObject({ totalPages: 1, currentPage: 1 });
  });
});

describe("community statistics", () => {
  it("counts totals, categories and the last seven days", async () => {
    const stats = await getCommunityStats();
    expect(stats.totalDiscussions).toBeGreaterThan(60);
    expect(stats.discussionsByCategory["ki-suche"]).toBe(60);
    expect(stats.totalMembers).toBe(2);
    expect(stats.weeklyStats.newDiscussions).toBeGreaterThan(0);
    expect(stats.weeklyStats.activeDiscussions).toBeGreaterThan(0);
  });
});
