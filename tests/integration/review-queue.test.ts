/**
 * The review queue's reads: /moderation lists the open items oldest first with the post in context, the
 * reports grouped and the author's history, in the same number of queries however many items a page holds; the
 * layout counts them for staff only; staff read a member's suspension or silence on the profile.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, profiles, reviewItems } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { COMMENT_THREADS_PER_PAGE, commentHref, createComment, createDiscussion, getDiscussionBySlug } from "~/server/discussions";
import {
  countOpenReviewItems,
  decideReview,
  listReviewQueue,
  moderateComment,
  reportPost,
  restrictionOf,
  restrictMember,
  REVIEW_PAGE_SIZE,
} from "~/server/moderation";
import { db, onQuery } from "~/server/db";
import { env } from "~/server/platform";
import { loader as layoutLoader } from "~/routes/layout";
import { loader as moderationLoader } from "~/routes/moderation";
import { makeViewer, signedInMember } from "../support/members";

let author: Viewer;
let moderator: Viewer;
let moderatorCookie: string;
let memberCookie: string;

const cookieOf = (role: "member" | "moderator") =>
  signedInMember({ role, firstName: role === "moderator" ? "Mona" : "Max", lastName: "Queue" });

beforeAll(async () => {
  // A writer of long standing: she posts more than a newcomer may in an hour (decision 0035).
  author = await makeViewer({ firstName: "Verfasserin", joinedDaysAgo: 30 });
  ({ viewer: moderator, cookie: moderatorCookie } = await cookieOf("moderator"));
  ({ cookie: memberCookie } = await cookieOf("member"));
});

async function discussionWithComment(by: Viewer = author, text = "Backlinks billig: example.com") {
  const created = await createDiscussion(by, {
    title: `Warteschlange ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Eine <strong>Frage</strong> zur Warteschlange</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  const discussion = (await getDiscussionBySlug(created.value.slug))!;
  const comment = await createComment(by, { discussionId: discussion.id, content: text });
  if (!comment.ok) throw new Error(comment.reason);
  return { discussion, commentId: comment.value.id };
}

/** Every item of the queue, all pages. */
async function wholeQueue() {
  const first = await listReviewQueue(1);
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, index) => listReviewQueue(index + 2)));
  return [first, ...rest].flatMap((page) => page.items);
}

const args = (path: string, cookie: string | null) =>
  ({
    request: new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params: {},
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }) as never;

describe("the review queue", () => {
  it("shows the post in context, the reports grouped with notes and names, and the author's history", async () => {
    const { discussion, commentId } = await discussionWithComment();
    // Earlier: one of the author's posts was hidden after review, one kept.
    const earlierHidden = await discussionWithComment();
    const earlierKept = await discussionWithComment();
    const someone = await makeViewer({ firstName: "Früher" });
    for (const [post, decision] of [
      [earlierHidden, "hide"],
      [earlierKept, "keep"],
    ] as const) {
      await reportPost(someone, { discussionId: post.discussion.id, commentId: post.commentId, reason: "spam" });
      const item = (await db.select().from(reviewItems).where(eq(reviewItems.commentId, post.commentId)))[0]!;
      expect(await decideReview(moderator, { itemId: item.id, decision })).toEqual({ ok: true, value: null });
    }
    await db.update(profiles).set({ helpfulReceived: 7 }).where(eq(profiles.id, author.id));

    // Established members: a new member's report only queues a post (decision 0030).
    const reporters = await Promise.all([
      makeViewer({ firstName: "Anna", established: true }),
      makeViewer({ firstName: "Bert", established: true }),
      makeViewer({ firstName: "Cleo", established: true }),
    ]);
    await reportPost(reporters[0]!, { discussionId: discussion.id, commentId, reason: "spam" });
    await reportPost(reporters[1]!, { discussionId: discussion.id, commentId, reason: "other", note: "Werbung für einen Linkshop" });
    await reportPost(reporters[2]!, { discussionId: discussion.id, commentId, reason: "spam" });

    const item = (await wholeQueue()).find((entry) => entry.post?.href.endsWith(`#comment-${commentId}`));
    expect(item).toBeDefined();
    expect(item!.kind).toBe("report");
    expect(item!.post).toEqual({
      type: "comment",
      discussionTitle: discussion.title,
      href: `/discussion/${discussion.slug}#comment-${commentId}`,
      excerpt: "Backlinks billig: example.com",
      // Three members: hidden at once, pending review; staff still read the text.
      hidden: env.REPORTS_TO_HIDE <= 3 ? { reason: expect.stringContaining("mehrfach gemeldet") } : null,
      held: false,
    });
    expect(item!.reports.map((report) => [report.reason, report.note, report.reporter.name])).toEqual([
      ["spam", null, "Anna Mitglied"],
      ["other", "Werbung für einen Linkshop", "Bert Mitglied"],
      ["spam", null, "Cleo Mitglied"],
    ]);
    expect(item!.author).toMatchObject({
      id: author.id,
      role: "member",
      // Three discussions and three comments so far (the hidden one counts too).
      posts: 6,
      helpfulReceived: 7,
      earlier: { decided: 2, upheld: 1 },
      restriction: null,
    });
  });

  it("lists the open items oldest first; a decided item leaves it; a discussion's own report links the discussion", async () => {
    const first = await discussionWithComment();
    const second = await discussionWithComment();
    const reporter = await makeViewer();
    await reportPost(reporter, { discussionId: second.discussion.id, commentId: null, reason: "off-topic" });
    await reportPost(reporter, { discussionId: first.discussion.id, commentId: first.commentId, reason: "offensive" });
    const queue = await wholeQueue();
    const positions = [second.discussion.slug, first.discussion.slug].map((slug) =>
      queue.findIndex((entry) => entry.post?.href.startsWith(`/discussion/${slug}`)),
    );
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions[0]).toBeLessThan(positions[1]!);
    const own = queue[positions[0]!]!;
    expect(own.post).toMatchObject({
      type: "discussion",
      href: `/discussion/${second.discussion.slug}`,
      excerpt: "Eine Frage zur Warteschlange",
      hidden: null,
    });
    const dates = queue.map((entry) => new Date(entry.createdAt).getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));

    expect(await decideReview(moderator, { itemId: own.id, decision: "keep" })).toEqual({ ok: true, value: null });
    expect((await wholeQueue()).some((entry) => entry.id === own.id)).toBe(false);
  });

  it("pages by 25; the queries of a page do not grow with its items (no query per item)", async () => {
    const queries = async (page: number) => {
      let sent = 0;
      const stop = onQuery(() => (sent += 1));
      try {
        await listReviewQueue(page);
      } finally {
        stop();
      }
      return sent;
    };
    // A member reports at most ten posts in ten minutes: three share the page's worth.
    const reporters = await Promise.all([makeViewer(), makeViewer(), makeViewer()]);
    const posts = [];
    for (let index = 0; index < REVIEW_PAGE_SIZE + 1; index++) posts.push(await discussionWithComment());
    for (const [index, post] of posts.entries()) {
      const reported = await reportPost(reporters[index % reporters.length]!, {
        discussionId: post.discussion.id,
        commentId: post.commentId,
        reason: "spam",
      });
      expect(reported.ok).toBe(true);
    }
    const total = await countOpenReviewItems();
    expect(total).toBeGreaterThan(REVIEW_PAGE_SIZE);
    const page = await listReviewQueue(1);
    expect(page.items).toHaveLength(REVIEW_PAGE_SIZE);
    expect(page.total).toBe(total);
    expect(page.totalPages).toBe(Math.ceil(total / REVIEW_PAGE_SIZE));
    // The items with post and author, the reports of all of them, and their legal notices (decision 0048).
    expect(await queries(1)).toBe(3);
    expect(await queries(2)).toBe(3);
    // Past the end: nothing, and the real number of pages.
    const beyond = await listReviewQueue(page.totalPages + 3);
    expect(beyond.items).toEqual([]);
    expect(beyond.totalPages).toBe(page.totalPages);
  });

  it("links a comment on a later page with its page; a reported comment the moderation then hid shows as hidden", async () => {
    const { discussion, commentId } = await discussionWithComment();
    // A page of threads after the first comment (COMMENT_THREADS_PER_PAGE): the next one is on page 2.
    const start = Date.now() - 60_000;
    await db.insert(comments).values(
      Array.from({ length: COMMENT_THREADS_PER_PAGE }, (_, index) => ({
        discussionId: discussion.id,
        authorId: author.id,
        content: `Nummer ${index}`,
        createdAt: new Date(start + index),
      })),
    );
    const late = await createComment(author, { discussionId: discussion.id, content: "Spät" });
    if (!late.ok) throw new Error(late.reason);
    const reporter = await makeViewer();
    await reportPost(reporter, { discussionId: discussion.id, commentId, reason: "spam" });
    await reportPost(reporter, { discussionId: discussion.id, commentId: late.value.id, reason: "spam" });
    await moderateComment(moderator, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Werbung" });
    const queue = await wholeQueue();
    const lateHref = queue.find((entry) => entry.post?.href.endsWith(`#comment-${late.value.id}`))?.post?.href;
    expect(lateHref).toBe(`/discussion/${discussion.slug}?page=2#comment-${late.value.id}`);
    // The same link the discussion's own redirects use.
    expect(lateHref).toBe(await commentHref(discussion, late.value.id));
    expect(queue.find((entry) => entry.post?.href.endsWith(`#comment-${commentId}`))?.post).toMatchObject({
      // Written before the threads inserted a minute "earlier": now on page 2 as well.
      href: await commentHref(discussion, commentId),
      hidden: { reason: "Werbung" },
      excerpt: "Backlinks billig: example.com",
    });
  });
});

describe("a sign-up that looked automated", () => {
  it("is an item without a post, with its signals and the account", async () => {
    const waiting = await makeViewer({ approvalStatus: "pending", firstName: "Skript" });
    await db.insert(reviewItems).values({ kind: "sign-up", memberId: waiting.id, signals: ["no-proof", "too-fast"] });
    const item = (await wholeQueue()).find((entry) => entry.kind === "sign-up" && entry.author?.id === waiting.id);
    expect(item).toMatchObject({
      post: null,
      signals: ["no-proof", "too-fast"],
      reports: [],
      author: { name: "Skript Mitglied", posts: 0 },
    });
  });
});

describe("what the pages send", () => {
  it("the layout counts open items for staff only: a guest's and a member's page never ask", async () => {
    const asked = async (cookie: string | null) => {
      const sent: string[] = [];
      const stop = onQuery((query) => sent.push(query));
      let data: Awaited<ReturnType<typeof layoutLoader>>;
      try {
        data = await layoutLoader(args("/", cookie));
      } finally {
        stop();
      }
      return { data: data!.data, reviewQueries: sent.filter((query) => query.includes('"review_items"')).length };
    };
    const guest = await asked(null);
    expect(guest.reviewQueries).toBe(0);
    expect(guest.data.viewer).toBeNull();
    const member = await asked(memberCookie);
    expect(member.reviewQueries).toBe(0);
    expect(member.data.viewer?.openReviewItems).toBeNull();
    const staff = await asked(moderatorCookie);
    expect(staff.reviewQueries).toBe(1);
    expect(staff.data.viewer?.openReviewItems).toBe(await countOpenReviewItems());
  });

  it("/moderation is for staff: guests are sent to sign in, members refused with 403", async () => {
    const thrown = async (cookie: string | null) => {
      try {
        await moderationLoader(args("/moderation", cookie));
        return null;
      } catch (error) {
        return error as Response | { init: ResponseInit | null; data: unknown };
      }
    };
    const guest = await thrown(null);
    expect(guest instanceof Response && guest.status).toBe(302);
    expect((guest as Response).headers.get("Location")).toBe("/auth?redirectTo=%2Fmoderation");
    const member = await thrown(memberCookie);
    expect(member && "init" in member ? member.init?.status : null).toBe(403);
    const page = await moderationLoader(args("/moderation", moderatorCookie));
    expect(page.currentPage).toBe(1);
    // A moderator may suspend members' accounts, never staff's.
    expect(page.items.every((item) => item.restrictable === (item.author?.role === "member"))).toBe(true);
  });
});

describe("restrictions as staff read them", () => {
  it("none, a silence until a date, a suspension without end; staff are never restrictable", async () => {
    const member = await makeViewer();
    expect(await restrictionOf(member.id)).toEqual({ role: "member", current: null });
    const until = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await restrictMember(moderator, { memberId: member.id, kind: "silence", until, reason: "Ton" });
    expect(await restrictionOf(member.id)).toMatchObject({ current: { kind: "silence", until, reason: "Ton" } });
    await restrictMember(moderator, { memberId: member.id, kind: "suspend", until: null, reason: "Spam" });
    expect(await restrictionOf(member.id)).toMatchObject({ current: { kind: "suspend", until: null, reason: "Spam" } });
    // Over: nothing to show.
    await db
      .update(profiles)
      .set({ suspendedUntil: new Date(Date.now() - 1000), silencedUntil: new Date(Date.now() - 1000) })
      .where(eq(profiles.id, member.id));
    expect(await restrictionOf(member.id)).toEqual({ role: "member", current: null });
    expect(await restrictionOf("gibt-es-nicht")).toBeNull();
    expect((await restrictionOf(moderator.id))?.role).toBe("moderator");
  });
});
