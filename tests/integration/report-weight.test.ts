/**
 * Reports that cannot be turned into a weapon (decision 0030, amended 2026-11-28): a staff member's post waits for a
 * colleague.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussions, reports, reviewItems } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { decideReview, reportPost, type ReportInput, reviewTexts } from "~/server/moderation";
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
