import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, discussions } from "../../db/schema";
import { loader as discussionLoader } from "~/routes/discussion";
import { moderateComment, moderateDiscussion, listAuditLog } from "~/server/moderation";
import {
  createComment,
  createDiscussion,
  getCommunityStats,
  getDiscussionBySlug,
  listCommentPage,
  listRecentDiscussions,
  listSubforumPage,
  updateComment,
  updateDiscussion,
} from "~/server/discussions";
import { db } from "~/server/db";
import { discussionEntries, rssFeed } from "~/server/seo";
import { searchDiscussions } from "~/server/search";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { parseSearchFilter } from "~/lib/search";

let author: Viewer;
let member: Viewer;
let moderator: Viewer;
let admin: Viewer;
let pendingModerator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  member = await makeViewer({ firstName: "Leserin" });
  moderator = await makeViewer({ firstName: "Moderatorin", role: "moderator" });
  admin = await makeViewer({ firstName: "Adminin", role: "admin" });
  pendingModerator = await makeViewer({ firstName: "Wartend", role: "moderator", approvalStatus: "pending" });
});

async function create(title: string) {
  const outcome = await createDiscussion(author, {
    title,
    category: "sea",
    content: "<p>Inhalt zum Ausblenden</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

async function auditActionsFor(targetId: string) {
  const rows = await db
    .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId));
  return rows;
}

describe("moderator tools refuse everyone but staff", () => {
  it("members, authors and a not-approved moderator cannot pin, lock or hide", async () => {
    const discussion = await create("Nur fürs Team");
    for (const viewer of [null, member, author, pendingModerator]) {
      expect(await moderateDiscussion(viewer, { discussionId: discussion.id, action: "pin" })).toEqual({
        ok: false,
        reason: "forbidden",
      });
      expect(await moderateDiscussion(viewer, { discussionId: discussion.id, action: "lock" })).toEqual({
        ok: false,
        reason: "forbidden",
      });
      expect(await moderateDiscussion(viewer, { discussionId: discussion.id, action: "hide-discussion", reason: "Spam" })).toEqual({
        ok: false,
        reason: "forbidden",
      });
    }
    const after = (await getDiscussionBySlug(discussion.slug))!;
    expect([after.isPinned, after.lockedAt, after.hiddenAt]).toEqual([false, null, null]);
    expect(await auditActionsFor(discussion.id)).toEqual([]);
  });
});

describe("pin and lock", () => {
  it("pins once, records it once, and a locked discussion takes no comments", async () => {
    const discussion = await create("Angepinnt und gesperrt");
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" })).ok).toBe(true);
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" })).ok).toBe(true);
    expect((await moderateDiscussion(admin, { discussionId: discussion.id, action: "lock", reason: "Thema erledigt" })).ok).toBe(true);

    const locked = (await getDiscussionBySlug(discussion.slug))!;
    expect(locked.isPinned).toBe(true);
    expect(locked.lockReason).toBe("Thema erledigt");
    const refused = await createComment(member, { discussionId: discussion.id, content: "Noch eine Frage" });
    expect(refused).toMatchObject({
      ok: false,
      reason: "invalid",
      message: "Diese Diskussion ist gesperrt. Neue Kommentare sind nicht möglich.",
    });
    expect((await getDiscussionBySlug(discussion.slug))!.repliesCount).toBe(0);

    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "unlock" })).ok).toBe(true);
    expect((await createComment(member, { discussionId: discussion.id, content: "Jetzt geht es" })).ok).toBe(true);

    const actions = (await auditActionsFor(discussion.id)).map((row) => row.action).sort();
    expect(actions).toEqual(["lock", "pin", "unlock"]);
  });

  it("two moderators hiding at the same moment leave one change, one entry and one notice", async () => {
    const discussion = await create("Zweimal gleichzeitig ausgeblendet");
    const comment = await createComment(member, { discussionId: discussion.id, content: "Doppelt gemeldet" });
    if (!comment.ok) throw new Error("comment failed");
    const hideBoth = await Promise.all([
      moderateComment(moderator, {
        discussionId: discussion.id,
        commentId: comment.value.id,
        action: "hide-comment",
        reason: "Spam",
      }),
      moderateComment(admin, { discussionId: discussion.id, commentId: comment.value.id, action: "hide-comment", reason: "Spam" }),
      moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" }),
      moderateDiscussion(admin, { discussionId: discussion.id, action: "pin" }),
    ]);
    expect(hideBoth.every((outcome) => outcome.ok)).toBe(true);
    expect((await auditActionsFor(comment.value.id)).map((row) => row.action)).toEqual(["hide-comment"]);
    expect((await auditActionsFor(discussion.id)).map((row) => row.action)).toEqual(["pin"]);
    // Counted off once, not twice.
    expect((await getDiscussionBySlug(discussion.slug))!.repliesCount).toBe(0);
  });

  it("an unknown discussion is a 404, not a silent success", async () => {
    expect(await moderateDiscussion(moderator, { discussionId: "00000000-0000-4000-8000-000000000000", action: "pin" })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});

describe("hiding", () => {
  it("a hidden discussion is gone from every public list and restorable", async () => {
    const discussion = await create("Verbotene Werbung Quokka");
    const before = await getCommunityStats();
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Werbung" })).ok).toBe(
      true,
    );

    expect((await listRecentDiscussions(50)).map((d) => d.id)).not.toContain(discussion.id);
    expect((await listSubforumPage("sea", 1)).discussions.map((d) => d.id)).not.toContain(discussion.id);
    expect((await searchDiscussions(parseSearchFilter(new URLSearchParams("q=Quokka")))).hits).toEqual([]);
    expect((await discussionEntries({ first: 1, last: Number.MAX_SAFE_INTEGER })).map((e) => e.path)).not.toContain(
      `/discussion/${discussion.slug}`,
    );
    expect((await rssFeed({ title: "t", path: "/", feedPath: "/feed.xml" })).xml).not.toContain("Quokka");
    expect((await getCommunityStats()).totalDiscussions).toBe(before.totalDiscussions - 1);
    expect((await createComment(member, { discussionId: discussion.id, content: "Hallo?" })).ok).toBe(false);

    // The page: a 404 for members and guests, visible with its reason for staff.
    const request = (cookie?: string) =>
      new Request(`http://localhost/discussion/${discussion.slug}`, { headers: cookie ? { cookie } : {} });
    await expect(discussionLoader({ request: request(), params: { slug: discussion.slug }, context: {} } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });

    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "restore-discussion" })).ok).toBe(true);
    expect((await listRecentDiscussions(50)).map((d) => d.id)).toContain(discussion.id);
    expect((await auditActionsFor(discussion.id)).map((row) => row.action).sort()).toEqual(["hide-discussion", "restore-discussion"]);
    expect((await auditActionsFor(discussion.id)).find((row) => row.action === "hide-discussion")?.details).toBe("Werbung");
  });

  it("a hidden comment leaves the count and the public thread, staff still see it", async () => {
    const discussion = await create("Kommentare ausblenden");
    const first = await createComment(member, { discussionId: discussion.id, content: "Beleidigender Kommentar" });
    if (!first.ok) throw new Error("comment failed");
    const reply = await createComment(author, { discussionId: discussion.id, content: "Antwort darauf", parentId: first.value.id });
    if (!reply.ok) throw new Error("reply failed");
    await createComment(member, { discussionId: discussion.id, content: "Normaler Kommentar" });
    expect((await getDiscussionBySlug(discussion.slug))!.repliesCount).toBe(3);

    expect(
      (
        await moderateComment(moderator, {
          discussionId: discussion.id,
          commentId: first.value.id,
          action: "hide-comment",
          reason: "Beleidigung",
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await moderateComment(moderator, {
          discussionId: discussion.id,
          commentId: first.value.id,
          action: "hide-comment",
          reason: "Beleidigung",
        })
      ).ok,
    ).toBe(true);
    expect((await getDiscussionBySlug(discussion.slug))!.repliesCount).toBe(2);

    const publicView = (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments;
    expect(JSON.stringify(publicView)).not.toContain("Beleidigender");
    // The hidden comment has a visible reply, so it stays as an empty placeholder.
    expect(publicView.find((c) => c.id === first.value.id)).toMatchObject({ placeholder: true, content: "", author: null });
    const staffView = (await listCommentPage(discussion.id, 1, { includeHidden: true })).comments;
    expect(staffView.find((c) => c.id === first.value.id)).toMatchObject({
      content: "<p>Beleidigender Kommentar</p>",
      hidden: { reason: "Beleidigung" },
    });

    // Nobody answers a hidden comment, and its author cannot quietly edit it.
    expect((await createComment(author, { discussionId: discussion.id, content: "Noch eine", parentId: first.value.id })).ok).toBe(false);
    expect(await updateComment(member, { discussionId: discussion.id, commentId: first.value.id, content: "Ganz harmlos" })).toEqual({
      ok: false,
      reason: "not-found",
    });

    expect((await moderateComment(admin, { discussionId: discussion.id, commentId: first.value.id, action: "restore-comment" })).ok).toBe(
      true,
    );
    expect((await getDiscussionBySlug(discussion.slug))!.repliesCount).toBe(3);
    expect((await auditActionsFor(first.value.id)).map((row) => row.action).sort()).toEqual(["hide-comment", "restore-comment"]);
  });

  it("a comment of another discussion is not found through this one", async () => {
    const one = await create("Eins");
    const two = await create("Zwei");
    const comment = await createComment(member, { discussionId: one.id, content: "Hier" });
    if (!comment.ok) throw new Error("comment failed");
    expect(
      await moderateComment(moderator, { discussionId: two.id, commentId: comment.value.id, action: "hide-comment", reason: "x" }),
    ).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("staff edit any post", () => {
  it("records edits of someone else's post, not of the own", async () => {
    const discussion = await create("Fremd bearbeitet");
    const comment = await createComment(member, { discussionId: discussion.id, content: "Tippfehler drin" });
    if (!comment.ok) throw new Error("comment failed");

    expect(
      (
        await updateDiscussion(member, {
          discussionId: discussion.id,
          title: "Gekapert",
          category: "sea",
          content: "x",
          contentFormat: "text",
        })
      ).ok,
    ).toBe(false);
    expect(
      (
        await updateDiscussion(moderator, {
          discussionId: discussion.id,
          title: "Fremd bearbeitet (korrigiert)",
          category: "sea",
          content: "x",
          contentFormat: "text",
        })
      ).ok,
    ).toBe(true);
    expect(
      (await updateComment(moderator, { discussionId: discussion.id, commentId: comment.value.id, content: "Ohne Tippfehler" })).ok,
    ).toBe(true);
    expect((await updateComment(member, { discussionId: discussion.id, commentId: comment.value.id, content: "Eigene Änderung" })).ok).toBe(
      true,
    );

    expect((await auditActionsFor(discussion.id)).map((row) => row.action)).toEqual(["update-discussion"]);
    expect((await auditActionsFor(comment.value.id)).map((row) => row.action)).toEqual(["update-comment"]);
    const [row] = await db.select({ title: discussions.title }).from(discussions).where(eq(discussions.id, discussion.id));
    expect(row?.title).toBe("Fremd bearbeitet (korrigiert)");
  });

  it("lists the log newest first with a link target", async () => {
    const page = await listAuditLog(1);
    expect(page.entries.length).toBeGreaterThan(0);
    const times = page.entries.map((entry) => entry.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.entries.find((entry) => entry.action === "update-comment")?.discussionSlug).toBe("fremd-bearbeitet");
  });

  it("narrowed to one person, lists only that person's entries, newest first", async () => {
    const own = await makeViewer({ firstName: "Protokollierte", role: "moderator" });
    const discussion = await create("Nur meine Einträge");
    for (const action of ["pin", "lock", "unpin"] as const) {
      expect((await moderateDiscussion(own, { discussionId: discussion.id, action, reason: "Erledigt" })).ok).toBe(true);
      // Someone else's step in between, as on a busy forum.
      expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "pin" })).ok).toBe(true);
    }
    const page = await listAuditLog(1, own.id);
    expect(page.entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["unpin", own.id],
      ["lock", own.id],
      ["pin", own.id],
    ]);
    expect(page.totalPages).toBe(1);
    expect((await listAuditLog(1)).entries.some((entry) => entry.actorId === moderator.id)).toBe(true);
  });
});
