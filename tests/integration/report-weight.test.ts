/**
 * Reports that cannot be turned into a weapon (decision 0030, amended 2026-11-28): a report weighs by its reporter's
 * standing, one network's burst counts once, a staff member's post waits for a colleague, and a member reports only
 * so many posts in a while.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussions, reports, reviewItems } from "../../db/schema";
import { hitRateLimit, reportRateRules, type Viewer } from "~/server/accounts";
import { decideReview, reportPost, type ReportInput, reportTexts, reviewTexts } from "~/server/moderation";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import { commentOn, discussionBy } from "../support/content";
import { makeViewer } from "../support/members";

let author: Viewer;
let moderator: Viewer;
let otherModerator: Viewer;
let admin: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Verfasserin", established: true });
  moderator = await makeViewer({ role: "moderator", firstName: "Mara" });
  otherModerator = await makeViewer({ role: "moderator", firstName: "Otto" });
  admin = await makeViewer({ role: "admin" });
});

/** A fresh comment of `by` on a discussion of theirs: what the members below report. */
async function commentBy(by: Viewer = author) {
  const discussion = await discussionBy(by, { title: `Gemeldet ${crypto.randomUUID()}` });
  const commentId = await commentOn(discussion.id, by, { content: "Backlinks billig: example.com" });
  return { discussionId: discussion.id, commentId };
}

const established = (count: number) => Promise.all(Array.from({ length: count }, () => makeViewer({ established: true })));
const report = (reporter: Viewer, post: { discussionId: string; commentId: string | null }, extra: Partial<ReportInput> = {}) =>
  reportPost(reporter, { ...post, reason: "spam", ...extra });

const commentHidden = async (id: string) => (await db.select().from(comments).where(eq(comments.id, id)))[0]!.hiddenAt !== null;
const discussionHidden = async (id: string) => (await db.select().from(discussions).where(eq(discussions.id, id)))[0]!.hiddenAt !== null;
const openItemOf = async (commentId: string) =>
  (await db.select().from(reviewItems).where(eq(reviewItems.commentId, commentId))).find((item) => item.status === "open");
const weightsOf = async (commentId: string) =>
  (await db.select({ weight: reports.weight }).from(reports).where(eq(reports.commentId, commentId)).orderBy(asc(reports.createdAt))).map(
    (row) => row.weight,
  );

describe("a report weighs by its reporter's standing", () => {
  it(`${env.REPORTS_TO_HIDE} new members cannot hide a post: it waits in the queue, visible`, async () => {
    const post = await commentBy();
    const newcomers = await Promise.all(Array.from({ length: env.REPORTS_TO_HIDE }, () => makeViewer({ joinedDaysAgo: 2 })));
    for (const newcomer of newcomers) expect(await report(newcomer, post)).toEqual({ ok: true, value: { hidden: false, already: false } });
    expect(await commentHidden(post.commentId)).toBe(false);
    expect(await openItemOf(post.commentId)).toBeDefined();
    expect(await weightsOf(post.commentId)).toEqual(newcomers.map(() => 0));
  });

  it("a month-old member with fewer than five published posts is still new", async () => {
    const post = await commentBy();
    const quiet = await Promise.all(Array.from({ length: env.REPORTS_TO_HIDE }, () => makeViewer({ joinedDaysAgo: 30 })));
    for (const member of quiet) await report(member, post);
    expect(await commentHidden(post.commentId)).toBe(false);
    expect(await weightsOf(post.commentId)).toEqual(quiet.map(() => 0));
  });

  it(`${env.REPORTS_TO_HIDE} established members with a clean record hide it, as before: the last one does`, async () => {
    const post = await commentBy();
    const members = await established(env.REPORTS_TO_HIDE);
    for (const [index, member] of members.entries())
      expect(await report(member, post)).toMatchObject({ ok: true, value: { hidden: index === members.length - 1 } });
    expect(await commentHidden(post.commentId)).toBe(true);
    expect(await weightsOf(post.commentId)).toEqual(members.map(() => 1));
  });

  it("a member whose earlier reports were mostly kept weighs less: it takes one more report to hide", async () => {
    const [often] = await established(1);
    // Three earlier reports of theirs: the moderation kept two posts and hid one (decided 3, upheld 1).
    for (const decision of ["keep", "keep", "hide"] as const) {
      const earlier = await commentBy();
      await report(often!, earlier);
      const item = (await openItemOf(earlier.commentId))!;
      expect(await decideReview(moderator, { itemId: item.id, decision })).toEqual({ ok: true, value: null });
    }
    const post = await commentBy();
    expect(await report(often!, post)).toMatchObject({ ok: true, value: { hidden: false } });
    expect(await weightsOf(post.commentId)).toEqual([(1 + 1) / (3 + 1)]);
    const others = await established(env.REPORTS_TO_HIDE);
    for (const [index, member] of others.entries())
      expect(await report(member, post)).toMatchObject({ ok: true, value: { hidden: index === others.length - 1 } });
    // REPORTS_TO_HIDE - 1 clean reports and half a report fall short; one more reaches it.
    expect(await weightsOf(post.commentId)).toEqual([0.5, ...others.map(() => 1)]);
  });

  it("a member whose earlier reports were upheld keeps their full weight", async () => {
    const [careful] = await established(1);
    const earlier = await commentBy();
    await report(careful!, earlier);
    await decideReview(moderator, { itemId: (await openItemOf(earlier.commentId))!.id, decision: "hide" });
    const post = await commentBy();
    await report(careful!, post);
    expect(await weightsOf(post.commentId)).toEqual([1]);
  });
});

describe("staff posts", () => {
  it("are never hidden by reports alone, not even by staff's: they wait in the queue", async () => {
    const rules = await discussionBy(moderator, { title: `Forenregeln ${crypto.randomUUID()}` });
    const post = { discussionId: rules.id, commentId: null };
    for (const member of await established(env.REPORTS_TO_HIDE + 1))
      expect(await report(member, post)).toMatchObject({ ok: true, value: { hidden: false } });
    expect(await report(admin, post)).toMatchObject({ ok: true, value: { hidden: false } });
    expect(await discussionHidden(rules.id)).toBe(false);
    const items = await db.select().from(reviewItems).where(eq(reviewItems.discussionId, rules.id));
    expect(items.map((item) => item.status)).toEqual(["open"]);
    expect(await db.$count(reports, eq(reports.reviewItemId, items[0]!.id))).toBe(env.REPORTS_TO_HIDE + 2);
  });

  it("a comment by an administrator neither", async () => {
    const post = await commentBy(admin);
    expect(await report(moderator, post)).toMatchObject({ ok: true, value: { hidden: false } });
    expect(await commentHidden(post.commentId)).toBe(false);
  });

  it("a member's post: one report by staff still hides it at once", async () => {
    const post = await commentBy();
    expect(await report(moderator, post)).toMatchObject({ ok: true, value: { hidden: true } });
  });

  it("a staff member cannot decide the item about their own post (403); a colleague can", async () => {
    const post = await commentBy(moderator);
    await report(author, post);
    const item = (await openItemOf(post.commentId))!;
    expect(await decideReview(moderator, { itemId: item.id, decision: "keep" })).toEqual({
      ok: false,
      reason: "forbidden",
      message: "Über Meldungen zu Ihrem eigenen Beitrag entscheidet ein anderes Teammitglied.",
    });
    expect(reviewTexts.ownPost).toBe("Über Meldungen zu Ihrem eigenen Beitrag entscheidet ein anderes Teammitglied.");
    expect(await decideReview(otherModerator, { itemId: item.id, decision: "keep" })).toEqual({ ok: true, value: null });
  });
});

describe("one network", () => {
  it("reports of one post from one IPv4 /24 count once; other networks still count", async () => {
    const post = await commentBy();
    const sameNetwork = await established(env.REPORTS_TO_HIDE);
    for (const [index, member] of sameNetwork.entries())
      expect(await report(member, post, { clientIp: `203.0.113.${10 + index * 100}` })).toMatchObject({
        ok: true,
        value: { hidden: false },
      });
    expect(await weightsOf(post.commentId)).toEqual([1, ...sameNetwork.slice(1).map(() => 0)]);
    // The burst counted as one member: others from their own networks complete it.
    const elsewhere = await established(env.REPORTS_TO_HIDE - 1);
    for (const [index, member] of elsewhere.entries())
      expect(await report(member, post, { clientIp: `198.51.${100 + index}.7` })).toMatchObject({
        ok: true,
        value: { hidden: index === elsewhere.length - 1 },
      });
  });

  it("an IPv6 /64 is one network too", async () => {
    const post = await commentBy();
    const [first, second] = await established(2);
    await report(first!, post, { clientIp: "2001:db8:5:6::1" });
    await report(second!, post, { clientIp: "2001:db8:5:6:ffff:1:2:3" });
    expect(await weightsOf(post.commentId)).toEqual([1, 0]);
  });

  it("a network's burst across many posts: beyond three reports in ten minutes, they only queue", async () => {
    const members = await established(4);
    const posts = await Promise.all(members.map(() => commentBy()));
    for (const [index, member] of members.entries()) await report(member, posts[index]!, { clientIp: `192.0.2.${index + 1}` });
    expect(await Promise.all(posts.map((post) => weightsOf(post.commentId)))).toEqual([[1], [1], [1], [0]]);
    expect(await openItemOf(posts[3]!.commentId)).toBeDefined();
  });
});

describe("reports per member", () => {
  it("the eleventh report within ten minutes is refused with a German text and when to try again", async () => {
    const [busy] = await established(1);
    const discussion = await discussionBy(author);
    const targets = [];
    for (let index = 0; index < 11; index++) targets.push(await commentOn(discussion.id, author, { content: `Kommentar ${index}` }));
    for (const commentId of targets.slice(0, 10))
      expect((await report(busy!, { discussionId: discussion.id, commentId })).ok, commentId).toBe(true);
    const refused = await report(busy!, { discussionId: discussion.id, commentId: targets[10]! });
    expect(refused).toMatchObject({
      ok: false,
      reason: "too-many-requests",
      message: "Sie haben in kurzer Zeit sehr viele Beiträge gemeldet. Bitte versuchen Sie es später wieder.",
    });
    expect(refused.ok ? 0 : refused.retryAfter).toBeGreaterThan(0);
    expect(refused.ok ? 0 : refused.retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(reportTexts.tooMany).toBe("Sie haben in kurzer Zeit sehr viele Beiträge gemeldet. Bitte versuchen Sie es später wieder.");
    // Nothing of the refused report was kept.
    expect(await openItemOf(targets[10]!)).toBeUndefined();
  });

  it("thirty a day, however spread out", async () => {
    const [steady] = await established(1);
    for (let index = 0; index < reportRateRules.perMemberPerDay.limit; index++)
      await hitRateLimit(reportRateRules.perMemberPerDay, steady!.id);
    expect(await report(steady!, await commentBy())).toMatchObject({ ok: false, reason: "too-many-requests" });
  });

  it("staff are not limited", async () => {
    const discussion = await discussionBy(author);
    for (let index = 0; index < 11; index++) {
      const commentId = await commentOn(discussion.id, author, { content: `Werbung ${index}` });
      expect((await report(otherModerator, { discussionId: discussion.id, commentId })).ok).toBe(true);
    }
  });
});
