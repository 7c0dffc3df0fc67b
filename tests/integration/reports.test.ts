/**
 * Reports and restrictions (decision 0030): reports gather in one review item, enough of them hide the post exactly once,
 * moderators decide, and suspended or silenced members are held to it. What a report weighs: report-weight.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, comments, discussions, notifications, reports, reviewItems, session } from "../../db/schema";
import { createMemberAccount, findViewer, hashMemberPassword, signIn, suspensionOfEndedSession, type Viewer } from "~/server/accounts";
import { setHelpful } from "~/server/answers";
import { createComment, createDiscussion, getDiscussionBySlug } from "~/server/discussions";
import { decideReview, liftRestriction, moderateComment, reportPost, restrictMember, withdrawReport } from "~/server/moderation";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import { suspensionText } from "~/lib/moderation";
import { texts } from "~/lib/texts";
import { makeViewer } from "../support/members";

let author: Viewer;
let moderator: Viewer;
let admin: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Verfasser" });
  moderator = await makeViewer({ role: "moderator" });
  admin = await makeViewer({ role: "admin" });
});

async function postWithComment(by: Viewer = author) {
  const created = await createDiscussion(by, {
    title: `Gemeldet ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Frage</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  const discussion = (await getDiscussionBySlug(created.value.slug))!;
  const comment = await createComment(by, { discussionId: discussion.id, content: "Backlinks billig: example.com" });
  if (!comment.ok) throw new Error(comment.reason);
  return { discussion, commentId: comment.value.id };
}

const commentRow = async (id: string) => (await db.select().from(comments).where(eq(comments.id, id)))[0]!;
const itemsOf = (commentId: string) => db.select().from(reviewItems).where(eq(reviewItems.commentId, commentId));

describe("reports", () => {
  it("ten members reporting one comment at once: one review item, ten reports, hidden exactly once", async () => {
    const { discussion, commentId } = await postWithComment();
    const members = await Promise.all(Array.from({ length: 10 }, () => makeViewer({ established: true })));
    const outcomes = await Promise.all(
      members.map((member) => reportPost(member, { discussionId: discussion.id, commentId, reason: "spam" })),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.value.hidden)).toHaveLength(1);
    expect(await itemsOf(commentId)).toHaveLength(1);
    expect(await db.$count(reports, eq(reports.commentId, commentId))).toBe(10);
    expect((await commentRow(commentId)).hiddenAt).not.toBeNull();
    // The count the public sees lost the comment once, not ten times.
    expect(
      (await db.select({ replies: discussions.repliesCount }).from(discussions).where(eq(discussions.id, discussion.id)))[0]!.replies,
    ).toBe(0);
    // The author hears it once, the team once per item.
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, author.id), eq(notifications.commentId, commentId)));
    expect(told.map((row) => row.detail)).toEqual(["auto-hidden"]);
    const staffTold = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, moderator.id), eq(notifications.kind, "review-needed")));
    expect(staffTold).toHaveLength(1);
  });

  it(`hides after ${env.REPORTS_TO_HIDE} different established members, not before; a second report of the same member counts once`, async () => {
    const { discussion, commentId } = await postWithComment();
    const members = await Promise.all(Array.from({ length: env.REPORTS_TO_HIDE }, () => makeViewer({ established: true })));
    for (const [index, member] of members.entries()) {
      const outcome = await reportPost(member, { discussionId: discussion.id, commentId, reason: "offensive" });
      expect(outcome).toMatchObject({ ok: true, value: { hidden: index === members.length - 1 } });
      if (index === 0)
        expect(await reportPost(member, { discussionId: discussion.id, commentId, reason: "spam" })).toMatchObject({
          ok: true,
          value: { already: true },
        });
    }
  });

  it("one report by staff hides at once; one's own post cannot be reported; one the moderation hid is not found", async () => {
    const { discussion, commentId } = await postWithComment();
    const hiddenByHand = await postWithComment();
    await moderateComment(moderator, {
      discussionId: hiddenByHand.discussion.id,
      commentId: hiddenByHand.commentId,
      action: "hide-comment",
      reason: "x",
    });
    const someone = await makeViewer();
    expect(
      await reportPost(someone, { discussionId: hiddenByHand.discussion.id, commentId: hiddenByHand.commentId, reason: "spam" }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await reportPost(author, { discussionId: discussion.id, commentId, reason: "spam" })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
    expect(await reportPost(moderator, { discussionId: discussion.id, commentId, reason: "spam" })).toMatchObject({
      ok: true,
      value: { hidden: true },
    });
    // Hidden by the reports and waiting for review: a later report joins the item.
    const late = await makeViewer();
    expect(await reportPost(late, { discussionId: discussion.id, commentId, reason: "spam" })).toMatchObject({
      ok: true,
      value: { hidden: false },
    });
    expect(await db.$count(reports, eq(reports.commentId, commentId))).toBe(2);
    expect(await reportPost(null, { discussionId: discussion.id, commentId, reason: "spam" })).toEqual({ ok: false, reason: "forbidden" });
  });

  it("a withdrawn report leaves no item behind", async () => {
    const { discussion, commentId } = await postWithComment();
    const reporter = await makeViewer();
    await reportPost(reporter, { discussionId: discussion.id, commentId, reason: "other", note: "Werbung" });
    expect(await itemsOf(commentId)).toHaveLength(1);
    expect((await withdrawReport(reporter, { discussionId: discussion.id, commentId })).ok).toBe(true);
    expect(await itemsOf(commentId)).toHaveLength(0);
  });

  it("the question itself can be reported and hidden", async () => {
    const { discussion } = await postWithComment();
    expect(await reportPost(moderator, { discussionId: discussion.id, commentId: null, reason: "spam" })).toMatchObject({
      ok: true,
      value: { hidden: true },
    });
    expect((await getDiscussionBySlug(discussion.slug))!.hiddenAt).not.toBeNull();
  });
});

describe("review decisions", () => {
  async function reported() {
    const { discussion, commentId } = await postWithComment();
    const reporters = await Promise.all(Array.from({ length: env.REPORTS_TO_HIDE }, () => makeViewer({ established: true })));
    for (const reporter of reporters) await reportPost(reporter, { discussionId: discussion.id, commentId, reason: "spam" });
    const [item] = await itemsOf(commentId);
    expect((await commentRow(commentId)).hiddenAt).not.toBeNull();
    return { discussion, commentId, reporters, item: item! };
  }

  it("keep: the post comes back, the reporters hear it stays, the log says who decided; a second decision is refused", async () => {
    const { commentId, reporters, item } = await reported();
    expect(await decideReview(moderator, { itemId: item.id, decision: "keep" })).toEqual({ ok: true, value: null });
    expect((await commentRow(commentId)).hiddenAt).toBeNull();
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, reporters[0]!.id), eq(notifications.kind, "report-decided")));
    expect(told.map((row) => row.detail)).toEqual(["kept"]);
    expect(await db.$count(auditLog, and(eq(auditLog.targetId, commentId), eq(auditLog.action, "review-keep")))).toBe(1);
    expect(await decideReview(moderator, { itemId: item.id, decision: "hide" })).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("only staff decide", async () => {
    const { item } = await reported();
    const member = await makeViewer();
    expect(await decideReview(member, { itemId: item.id, decision: "keep" })).toEqual({ ok: false, reason: "forbidden" });
    expect(await decideReview(null, { itemId: item.id, decision: "keep" })).toEqual({ ok: false, reason: "forbidden" });
  });

  it("spam: every post of the author hidden, the author suspended, their sessions ended and sign-in refused in German", async () => {
    const email = `spammer.${Date.now()}@example.com`;
    const spammerId = await createMemberAccount(db, {
      email,
      password: { hash: await hashMemberPassword("spam-passwort") },
      firstName: "Spam",
      lastName: "Konto",
      approvalStatus: "approved",
      role: "member",
      emailVerified: true,
    });
    const spammer = (await findViewer(spammerId))!;
    const request = () => new Request("http://localhost:3000/auth", { method: "POST" });
    const signedIn = await signIn(request(), "127.0.0.1", email, "spam-passwort");
    if (!signedIn.ok) throw new Error("the spammer could not sign in");
    const cookie = signedIn.value.setCookie.map((header) => header.split(";")[0]).join("; ");
    const page = (cookieHeader: string) => new Request("http://localhost:3000/", { headers: { Cookie: cookieHeader } });
    const { discussion, commentId } = await postWithComment(spammer);
    const reporter = await makeViewer();
    await reportPost(reporter, { discussionId: discussion.id, commentId, reason: "spam" });
    const [item] = await itemsOf(commentId);
    expect(await decideReview(moderator, { itemId: item!.id, decision: "spam" })).toEqual({ ok: true, value: null });
    expect((await commentRow(commentId)).hiddenAt).not.toBeNull();
    expect((await getDiscussionBySlug(discussion.slug))!.hiddenAt).not.toBeNull();
    expect(await db.$count(session, eq(session.userId, spammerId))).toBe(0);
    expect(await findViewer(spammerId)).toBeNull();
    // The browser that held a session learns once why it is signed out; the header ends its cookie.
    const told = await suspensionOfEndedSession(page(cookie));
    expect(told?.suspension).toEqual({ reason: "Spam", until: null });
    expect(told?.clearCookie).toMatch(/=; Path=\/; Max-Age=0; HttpOnly/);
    expect(await suspensionOfEndedSession(page(cookie))).toBeNull();
    // A cookie not signed by us names nothing.
    expect(await suspensionOfEndedSession(page(cookie.replace(/\.[^.;]+(;|$)/, ".falsch$1")))).toBeNull();
    // Why and until when only after the right password; a wrong one reads as any wrong password.
    const suspended = suspensionText({ until: null, reason: "Spam" });
    expect(suspended).toBe(
      "Ihr Konto ist von der Moderation bis auf Weiteres gesperrt. Grund: Spam. Die Begründung und wie Sie widersprechen können, haben wir Ihnen per E-Mail geschickt.",
    );
    expect(await signIn(request(), "127.0.0.1", email, "spam-passwort")).toMatchObject({ ok: false, message: suspended });
    expect(await signIn(request(), "127.0.0.1", email, "falsches-passwort")).toMatchObject({
      ok: false,
      message: texts.invalidCredentials,
    });
    // Lifted by an administrator (a moderator may not), the member signs in again.
    expect(await liftRestriction(moderator, { memberId: spammerId })).toEqual({ ok: false, reason: "forbidden" });
    expect(await liftRestriction(admin, { memberId: spammerId })).toEqual({ ok: true, value: null });
    expect((await signIn(request(), "127.0.0.1", email, "spam-passwort")).ok).toBe(true);
  });
});

describe("silenced members", () => {
  it("read, but every write is refused until the silence ends", async () => {
    const member = await makeViewer({ firstName: "Laut" });
    const { discussion, commentId } = await postWithComment();
    expect(await restrictMember(moderator, { memberId: member.id, kind: "silence", until: null, reason: "Ton" })).toEqual({
      ok: true,
      value: null,
    });
    const silenced = (await findViewer(member.id))!;
    expect(silenced.silenced).toEqual({ until: null, reason: "Ton" });
    expect(await createComment(silenced, { discussionId: discussion.id, content: "Hallo" })).toEqual({ ok: false, reason: "forbidden" });
    expect(await setHelpful(silenced, { discussionId: discussion.id, commentId, marked: true })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    expect(await reportPost(silenced, { discussionId: discussion.id, commentId, reason: "spam" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    // A silence with an end in the past is over by itself.
    await restrictMember(moderator, { memberId: member.id, kind: "silence", until: new Date(Date.now() - 1000), reason: "Ton" });
    const again = (await findViewer(member.id))!;
    expect(again.silenced).toBeNull();
    expect((await createComment(again, { discussionId: discussion.id, content: "Wieder da" })).ok).toBe(true);
  });

  it("staff restrict members only, never staff", async () => {
    const otherModerator = await makeViewer({ role: "moderator" });
    expect(await restrictMember(moderator, { memberId: otherModerator.id, kind: "suspend", until: null, reason: "x" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
    const member = await makeViewer();
    expect(await restrictMember(member, { memberId: author.id, kind: "silence", until: null, reason: "x" })).toEqual({
      ok: false,
      reason: "forbidden",
    });
  });
});
