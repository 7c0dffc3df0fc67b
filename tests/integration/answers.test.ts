/**
 * "Hilfreich", solutions and reputation (decision 0029): the counts equal the marks under parallel clicks, a discussion
 * has one solution whatever two moderators do at once, and hiding a post takes its weight off.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions, helpfulMarks, mailOutbox, notifications, profiles } from "../../db/schema";
import { markSolution, repairCounters, setHelpful } from "~/server/answers";
import { discussionJsonLd } from "~/server/seo";
import { defaultSiteIdentity } from "~/lib/site-identity";
import { getDiscussionBySlug, helpfulMarksOf, listCommentPage, withOwnMarks } from "~/server/discussions";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { mailAllDueNotifications } from "~/server/notifications";
import { db, onQuery, readValue } from "~/server/db";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";

let asker: Viewer;
let expert: Viewer;
let reader: Viewer;
let moderators: Viewer[];

beforeAll(async () => {
  asker = await makeViewer({ firstName: "Fragende" });
  expert = await makeViewer({ firstName: "Expertin" });
  reader = await makeViewer({ firstName: "Leser" });
  moderators = [await makeViewer({ role: "moderator" }), await makeViewer({ role: "moderator" })];
});

const question = (title?: string) => discussionBy(asker, { title, content: "<p>Wie?</p>" });
const answer = (discussionId: string, by: Viewer, content = "So geht es.") => commentOn(discussionId, by, { content });

const reputationOf = async (id: string) =>
  (
    await db.select({ helpful: profiles.helpfulReceived, solutions: profiles.solutionsCount }).from(profiles).where(eq(profiles.id, id))
  )[0]!;

describe("Hilfreich", () => {
  it("50 members marking one comment at once give exactly 50, and the author's reputation moves with it", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    const before = await reputationOf(expert.id);
    const members = await Promise.all(Array.from({ length: 50 }, () => makeViewer()));
    const outcomes = await Promise.all(
      members.map((member) => setHelpful(member, { discussionId: discussion.id, commentId, marked: true })),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const [shown] = (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments;
    expect(shown!.helpful.count).toBe(50);
    expect(await db.$count(helpfulMarks, eq(helpfulMarks.commentId, commentId))).toBe(50);
    expect((await reputationOf(expert.id)).helpful).toBe(before.helpful + 50);
    // The author hears of it once, grouped: one row that counts up.
    const rows = await db.select().from(notifications).where(eq(notifications.recipientId, expert.id));
    expect(rows.filter((row) => row.kind === "helpful")).toHaveLength(1);
    expect(rows.find((row) => row.kind === "helpful")!.count).toBe(50);
  });

  it("marking twice counts once, taking it back twice leaves 0; the question itself takes marks too", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    for (const marked of [true, true])
      expect(await setHelpful(reader, { discussionId: discussion.id, commentId, marked })).toMatchObject({ ok: true, value: { count: 1 } });
    for (const marked of [false, false])
      expect(await setHelpful(reader, { discussionId: discussion.id, commentId, marked })).toMatchObject({ ok: true, value: { count: 0 } });
    expect(await setHelpful(reader, { discussionId: discussion.id, commentId: null, marked: true })).toMatchObject({
      ok: true,
      value: { count: 1 },
    });
    const seen = await getDiscussionBySlug(discussion.slug);
    expect(seen!.helpful).toEqual({ count: 1, names: ["Leser"], markedByViewer: false });
    // Whether a member marked a post is their own read, for the whole page at once (decision record 0042).
    const marks = await readValue(helpfulMarksOf(reader.id, discussion.id));
    expect(marks).toEqual(new Set(["discussion"]));
    expect(withOwnMarks(seen!.helpful, "discussion", marks).markedByViewer).toBe(true);
    expect(await readValue(helpfulMarksOf(expert.id, discussion.id))).toEqual(new Set());
  });

  it("refuses one's own post, guests and members waiting for approval", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    expect(await setHelpful(expert, { discussionId: discussion.id, commentId, marked: true })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await setHelpful(asker, { discussionId: discussion.id, commentId: null, marked: true })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await setHelpful(null, { discussionId: discussion.id, commentId, marked: true })).toEqual({ ok: false, reason: "forbidden" });
    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await setHelpful(pending, { discussionId: discussion.id, commentId, marked: true })).toEqual({ ok: false, reason: "forbidden" });
    expect(await db.$count(helpfulMarks, eq(helpfulMarks.discussionId, discussion.id))).toBe(0);
  });

  it("a hidden comment keeps its marks but shows none, takes none, and counts for no reputation until restored", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    await setHelpful(reader, { discussionId: discussion.id, commentId, marked: true });
    const before = await reputationOf(expert.id);
    expect(
      (await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Test" })).ok,
    ).toBe(true);
    expect((await reputationOf(expert.id)).helpful).toBe(before.helpful - 1);
    const [shown] = (await listCommentPage(discussion.id, 1, { includeHidden: true })).comments;
    expect(shown!.helpful.count).toBe(0);
    const other = await makeViewer();
    expect(await setHelpful(other, { discussionId: discussion.id, commentId, marked: true })).toEqual({ ok: false, reason: "not-found" });
    expect(await db.$count(helpfulMarks, eq(helpfulMarks.commentId, commentId))).toBe(1);
    await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "restore-comment" });
    expect((await reputationOf(expert.id)).helpful).toBe(before.helpful);
  });
});

describe("mails about answers", () => {
  it("tell of a solution by default, of Hilfreich only when the member turned it on", async () => {
    const answerer = await makeViewer({ firstName: "Postfach" });
    const discussion = await question();
    const commentId = await answer(discussion.id, answerer, "Eine Antwort mit Folgen.");
    await setHelpful(reader, { discussionId: discussion.id, commentId, marked: true });
    await markSolution(asker, { discussionId: discussion.id, commentId });
    await mailAllDueNotifications();
    const mails = await db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, answerer.email));
    expect(mails.some((mail) => mail.text.includes("wurde als Lösung markiert"))).toBe(true);
    expect(mails.some((mail) => mail.text.includes("hilfreich"))).toBe(false);
  });
});

describe("the discussion page's reads", () => {
  it("send as many queries with 40 marks as with none (a solved question reads its solution once more)", async () => {
    const discussion = await question();
    const commentIds = [await answer(discussion.id, expert), await answer(discussion.id, reader)];
    const read = async () => {
      let queries = 0;
      const stop = onQuery(() => (queries += 1));
      try {
        const options = { allNames: false };
        await getDiscussionBySlug(discussion.slug, options);
        await listCommentPage(discussion.id, 1, { includeHidden: false, helpfulRead: options });
      } finally {
        stop();
      }
      return queries;
    };
    const open = await read();
    await markSolution(asker, { discussionId: discussion.id, commentId: commentIds[0]! });
    const before = await read();
    expect(before).toBe(open + 1);
    const members = await Promise.all(Array.from({ length: 20 }, () => makeViewer()));
    for (const member of members)
      for (const commentId of commentIds) await setHelpful(member, { discussionId: discussion.id, commentId, marked: true });
    expect(await read()).toBe(before);
    const [first] = (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments;
    expect(first!.helpful).toMatchObject({ count: 20 });
    expect(first!.helpful.names).toHaveLength(2);
  });
});

describe("solutions", () => {
  it("the asker marks one answer; the badge, the quote and the author's count follow; taking it back undoes all", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert, "Nutzen Sie hreflang.");
    const before = await reputationOf(expert.id);
    expect(await markSolution(asker, { discussionId: discussion.id, commentId })).toEqual({ ok: true, value: null });
    const solved = (await getDiscussionBySlug(discussion.slug))!;
    expect(solved.solved).toBe(true);
    expect(solved.solution).toMatchObject({
      commentId,
      content: "<p>Nutzen Sie hreflang.</p>",
      contentFormat: "html",
      author: { id: expert.id },
    });
    expect((await listCommentPage(discussion.id, 1, { includeHidden: false })).comments[0]!.isSolution).toBe(true);
    expect((await reputationOf(expert.id)).solutions).toBe(before.solutions + 1);
    const told = await db.select().from(notifications).where(eq(notifications.recipientId, expert.id));
    expect(told.some((row) => row.kind === "solution" && row.commentId === commentId)).toBe(true);
    expect(await markSolution(asker, { discussionId: discussion.id, commentId: null })).toEqual({ ok: true, value: null });
    expect((await getDiscussionBySlug(discussion.slug))!.solution).toBeNull();
    expect((await reputationOf(expert.id)).solutions).toBe(before.solutions);
  });

  it("the asker may accept their own comment (decision 0051): it is the solution, but no solution to their credit", async () => {
    const discussion = await question();
    const own = await answer(discussion.id, asker, "Gelöst: Es lag am Cache.");
    const before = await reputationOf(asker.id);
    expect(await markSolution(asker, { discussionId: discussion.id, commentId: own })).toEqual({ ok: true, value: null });
    expect((await getDiscussionBySlug(discussion.slug))!.solution).toMatchObject({ commentId: own, author: { id: asker.id } });
    expect((await reputationOf(asker.id)).solutions).toBe(before.solutions);
    // The QAPage names the asker as the answer's author: the same person as the question's.
    const solved = (await getDiscussionBySlug(discussion.slug))!;
    const { comments } = await listCommentPage(discussion.id, 1, { includeHidden: false });
    const { mainEntity } = discussionJsonLd(solved, comments, 1, defaultSiteIdentity) as unknown as {
      mainEntity: { author: { url: string }; acceptedAnswer: { author: { url: string } } };
    };
    expect(mainEntity.acceptedAnswer.author.url).toBe(mainEntity.author.url);
    expect(mainEntity.author.url).toContain(asker.id);
    // The nightly recount agrees: nothing to repair.
    expect((await repairCounters())["profiles.solutions_count"]).toBe(0);
    // Handed on to another's answer and back, the counts stay right.
    const other = await answer(discussion.id, expert, "Oder am CDN.");
    const expertBefore = await reputationOf(expert.id);
    await markSolution(asker, { discussionId: discussion.id, commentId: other });
    await markSolution(asker, { discussionId: discussion.id, commentId: own });
    expect(await reputationOf(asker.id)).toMatchObject({ solutions: before.solutions });
    expect(await reputationOf(expert.id)).toMatchObject({ solutions: expertBefore.solutions });
    expect((await repairCounters())["profiles.solutions_count"]).toBe(0);
  });

  it("only the asker and staff choose; a comment of another discussion is refused", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    const elsewhere = await answer((await question()).id, expert);
    expect(await markSolution(reader, { discussionId: discussion.id, commentId })).toEqual({ ok: false, reason: "forbidden" });
    expect(await markSolution(expert, { discussionId: discussion.id, commentId })).toEqual({ ok: false, reason: "forbidden" });
    expect(await markSolution(null, { discussionId: discussion.id, commentId })).toEqual({ ok: false, reason: "forbidden" });
    expect(await markSolution(asker, { discussionId: discussion.id, commentId: elsewhere })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect((await markSolution(moderators[0]!, { discussionId: discussion.id, commentId })).ok).toBe(true);
  });

  it("two moderators marking different answers at once leave exactly one, and one solution counted", async () => {
    const discussion = await question();
    const first = await answer(discussion.id, expert);
    const second = await answer(discussion.id, reader);
    const before = [await reputationOf(expert.id), await reputationOf(reader.id)];
    const outcomes = await Promise.all([
      markSolution(moderators[0]!, { discussionId: discussion.id, commentId: first }),
      markSolution(moderators[1]!, { discussionId: discussion.id, commentId: second }),
    ]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const [row] = await db.select({ solution: discussions.solutionCommentId }).from(discussions).where(eq(discussions.id, discussion.id));
    expect([first, second]).toContain(row!.solution);
    const after = [await reputationOf(expert.id), await reputationOf(reader.id)];
    expect(after[0]!.solutions - before[0]!.solutions + after[1]!.solutions - before[1]!.solutions).toBe(1);
    expect(
      (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments.filter((comment) => comment.isSolution),
    ).toHaveLength(1);
  });

  it("a hidden solution stops being the solution, and restoring it does not make it one again", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    await markSolution(asker, { discussionId: discussion.id, commentId });
    const before = await reputationOf(expert.id);
    await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Falsch" });
    expect((await getDiscussionBySlug(discussion.slug))!.solved).toBe(false);
    expect((await reputationOf(expert.id)).solutions).toBe(before.solutions - 1);
    await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "restore-comment" });
    expect((await getDiscussionBySlug(discussion.slug))!.solved).toBe(false);
  });

  it("a hidden discussion takes its answers' marks and its solution off their authors' reputation until restored", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    await setHelpful(reader, { discussionId: discussion.id, commentId, marked: true });
    await markSolution(asker, { discussionId: discussion.id, commentId });
    const before = await reputationOf(expert.id);
    await moderateDiscussion(moderators[0]!, { discussionId: discussion.id, action: "hide-discussion", reason: "Test" });
    expect(await reputationOf(expert.id)).toEqual({ helpful: before.helpful - 1, solutions: before.solutions - 1 });
    await moderateDiscussion(moderators[0]!, { discussionId: discussion.id, action: "restore-discussion" });
    expect(await reputationOf(expert.id)).toEqual(before);
    // The comment hidden while its discussion is hidden is taken off once, not twice.
    await moderateDiscussion(moderators[0]!, { discussionId: discussion.id, action: "hide-discussion", reason: "Test" });
    await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Test" });
    await moderateDiscussion(moderators[0]!, { discussionId: discussion.id, action: "restore-discussion" });
    expect(await reputationOf(expert.id)).toEqual({ helpful: before.helpful - 1, solutions: before.solutions - 1 });
    await moderateComment(moderators[0]!, { discussionId: discussion.id, commentId, action: "restore-comment" });
    expect(await reputationOf(expert.id)).toEqual({ helpful: before.helpful, solutions: before.solutions - 1 });
  });

  it("nobody chooses in a hidden discussion", async () => {
    const discussion = await question();
    const commentId = await answer(discussion.id, expert);
    await moderateDiscussion(moderators[0]!, { discussionId: discussion.id, action: "hide-discussion", reason: "Test" });
    expect(await markSolution(asker, { discussionId: discussion.id, commentId })).toEqual({ ok: false, reason: "not-found" });
    expect(await markSolution(moderators[0]!, { discussionId: discussion.id, commentId })).toEqual({ ok: false, reason: "not-found" });
  });
});
