/**
 * Held posts (decision 0035): a new member's post with more links than allowed waits for a moderator,
 * and until one approves it, no guest-visible output shows it: no page, list, search, feed, sitemap, Markdown,
 * llms.txt, notification, statistic, member directory, profile or unread count. A post the moderation hid stays
 * out of all of them too. Approved, it appears in each as a new post, with the notices a new post sends. Runs on
 * PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { and, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussionCounts, discussions, notificationItems, notifications, readPositions, reviewItems } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { createComment, createDiscussion, getCommunityStats, getDiscussionBySlug, unreadCounts } from "~/server/discussions";
import { decideReview, listReviewQueue, moderateComment } from "~/server/moderation";
import { watchCategory } from "~/server/notifications";
import { countContributions } from "~/server/members";
import { db } from "~/server/db";
import { loader as discussionLoader } from "~/routes/discussion";
import { loader as revisionsLoader } from "~/routes/discussion.revisions";
import { makeViewer, signedInMember } from "../support/members";
import { guestOutputs as everyGuestOutput, loaderArgs, output } from "../support/guest-outputs";

/** Words no demo or generated text contains: each marks one post's text, so any output that leaks it is caught. */
const HELD_DISCUSSION = "Zurueckhaltwort";
const HELD_COMMENT = "Wartekommentarwort";
const HIDDEN_COMMENT = "Ausblendkommentarwort";
const THREE_LINKS = "https://eins.example/a https://zwei.example/b https://drei.example/c";

let newcomer: Viewer;
let newcomerCookie: string;
let moderator: Viewer;
let moderatorCookie: string;
let hostAuthorCookie: string;
let hiddenCommentId: string;
let watcher: Viewer;
let host: { id: string; slug: string };
let held: { id: string; slug: string };
let heldCommentId: string;

const signedIn = (role: "member" | "moderator", firstName: string) => signedInMember({ role, firstName, lastName: "Neu" });

const args = loaderArgs;

/** A post's edit history (the "(bearbeitet)" link), a comment's with `commentId`, as the reader with this cookie reads it. */
const revisionsPage = (slug: string, commentId: string | null, cookie: string | null = null) =>
  revisionsLoader(args(`/discussion/${slug}/revisions${commentId ? `?comment=${commentId}` : ""}`, { slug }, cookie));
const revisions = (slug: string, commentId: string | null, cookie: string | null = null) =>
  output(() => revisionsPage(slug, commentId, cookie));

/** Every guest-visible output that could show the posts, by name (the one list of tests/support/guest-outputs.ts). */
const guestOutputs = () =>
  everyGuestOutput({
    discussions: { host: host.slug, held: held.slug },
    commentsFeed: host.slug,
    searches: { held: HELD_DISCUSSION, comment: HELD_COMMENT },
    profiles: { profile: newcomer.id },
    extra: [
      ["held revisions", () => revisionsPage(held.slug, null)],
      ["held comment's revisions", () => revisionsPage(host.slug, heldCommentId)],
      ["hidden comment's revisions", () => revisionsPage(host.slug, hiddenCommentId)],
    ],
  });

/** The watcher's notifications that name a held post, on their own row or as an item of a grouped one. */
async function noticesOfHeldPosts() {
  const aboutHeld = (table: typeof notifications | typeof notificationItems) =>
    or(eq(table.discussionId, held.id), eq(table.commentId, heldCommentId));
  return db
    .selectDistinct({ id: notifications.id, kind: notifications.kind })
    .from(notifications)
    .leftJoin(notificationItems, eq(notificationItems.notificationId, notifications.id))
    .where(and(eq(notifications.recipientId, watcher.id), or(aboutHeld(notifications), aboutHeld(notificationItems))));
}

async function seoCount(): Promise<number> {
  const [row] = await db.select({ n: discussionCounts.visibleCount }).from(discussionCounts).where(eq(discussionCounts.category, "seo"));
  return row?.n ?? 0;
}

async function repliesOfHost(): Promise<number> {
  const [row] = await db.select({ n: discussions.repliesCount }).from(discussions).where(eq(discussions.id, host.id));
  return row!.n;
}

let before: { stats: Awaited<ReturnType<typeof getCommunityStats>>; seo: number; replies: number; contributions: unknown };

beforeAll(async () => {
  ({ viewer: newcomer, cookie: newcomerCookie } = await signedIn("member", "Neuling"));
  ({ viewer: moderator, cookie: moderatorCookie } = await signedIn("moderator", "Moderatorin"));
  watcher = await makeViewer({ firstName: "Beobachterin" });
  const { viewer: hostAuthor, cookie } = await signedIn("member", "Gastgeberin");
  hostAuthorCookie = cookie;
  expect((await watchCategory(watcher, { category: "seo", level: "watching" })).ok).toBe(true);

  const hosting = await createDiscussion(hostAuthor, {
    title: `Gastgeber ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Eine Frage ohne Links</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!hosting.ok) throw new Error(hosting.reason);
  host = { id: (await getDiscussionBySlug(hosting.value.slug))!.id, slug: hosting.value.slug };
  // The watcher has read the host discussion up to now: a published comment afterwards is unread for them.
  await db.insert(readPositions).values({ profileId: watcher.id, discussionId: host.id, lastReadAt: new Date() });

  // A post the moderation hid: it must stay out of every output as well.
  const hidden = await createComment(hostAuthor, { discussionId: host.id, content: `${HIDDEN_COMMENT} ist Werbung` });
  if (!hidden.ok) throw new Error(hidden.reason);
  hiddenCommentId = hidden.value.id;
  expect(
    (await moderateComment(moderator, { discussionId: host.id, commentId: hidden.value.id, action: "hide-comment", reason: "Werbung" })).ok,
  ).toBe(true);

  before = {
    stats: await getCommunityStats(),
    seo: await seoCount(),
    replies: await repliesOfHost(),
    contributions: await countContributions(newcomer.id),
  };
});

describe("a new member's post with more links than allowed", () => {
  it("is held: stored, told to its author, queued for staff, and announced to nobody else", async () => {
    const discussion = await createDiscussion(newcomer, {
      title: `${HELD_DISCUSSION} Backlinks kaufen`,
      category: "seo",
      content: `<p>${HELD_DISCUSSION}: <a href="https://eins.example/">eins</a> <a href="https://zwei.example/">zwei</a> https://drei.example/</p>`,
      contentFormat: "html",
      assignedTo: undefined,
    });
    expect(discussion).toMatchObject({ ok: true, value: { held: true } });
    if (!discussion.ok) return;
    held = { id: (await getDiscussionBySlug(discussion.value.slug))!.id, slug: discussion.value.slug };

    const comment = await createComment(newcomer, {
      discussionId: host.id,
      content: `${HELD_COMMENT} @[Beobachterin Mitglied](${watcher.id}) ${THREE_LINKS}`,
    });
    expect(comment).toMatchObject({ ok: true, value: { held: true } });
    if (!comment.ok) return;
    heldCommentId = comment.value.id;

    const items = await db
      .select({ kind: reviewItems.kind, status: reviewItems.status, commentId: reviewItems.commentId, memberId: reviewItems.memberId })
      .from(reviewItems)
      .where(eq(reviewItems.memberId, newcomer.id));
    expect(items).toEqual(
      expect.arrayContaining([
        { kind: "held", status: "open", commentId: null, memberId: newcomer.id },
        { kind: "held", status: "open", commentId: heldCommentId, memberId: newcomer.id },
      ]),
    );
    const queue = await listReviewQueue(1);
    expect(queue.items.filter((item) => item.author?.id === newcomer.id).map((item) => item.post?.held)).toEqual([true, true]);
  });

  it("appears in no guest-visible output, and no count moves", async () => {
    const outputs = await guestOutputs();
    for (const [name, text] of Object.entries(outputs)) {
      for (const word of [HELD_DISCUSSION, HELD_COMMENT, HIDDEN_COMMENT]) expect(text, `${name} shows ${word}`).not.toContain(word);
      expect(text, `${name} links the held discussion`).not.toContain(held.slug);
    }
    expect(outputs["held page"]).toBe("404");
    expect(outputs["held markdown"]).toMatch(/^404/);
    // The edit history of a held or hidden post exists no more than the post, nor does its author's name.
    for (const name of ["held revisions", "held comment's revisions", "hidden comment's revisions"])
      expect(outputs[name], name).toBe("404");
    // Nobody but staff heard of it: no watcher's notice of the discussion, no mention of the comment.
    expect(await noticesOfHeldPosts()).toEqual([]);
    expect(await getCommunityStats()).toEqual(before.stats);
    expect(await seoCount()).toBe(before.seo);
    expect(await repliesOfHost()).toBe(before.replies);
    expect(await countContributions(newcomer.id)).toEqual(before.contributions);
    expect(await unreadCounts(watcher, [host.id])).toEqual({});
  });

  it("is shown to its author on the page, marked as waiting", async () => {
    const page = (await discussionLoader(args(`/discussion/${held.slug}`, { slug: held.slug }, newcomerCookie))) as { held: boolean };
    expect(page.held).toBe(true);
    const hostPage = (await discussionLoader(args(`/discussion/${host.slug}`, { slug: host.slug }, newcomerCookie))) as {
      comments: Array<{ id: string; held: boolean; content: string }>;
    };
    expect(hostPage.comments.find((comment) => comment.id === heldCommentId)).toMatchObject({ held: true });
  });

  it("has an edit history for whoever its place on the page shows it to: its author and staff, no other member", async () => {
    const { cookie: otherCookie } = await signedIn("member", "Andere");
    for (const [slug, commentId] of [
      [held.slug, null],
      [host.slug, heldCommentId],
    ] as const) {
      expect(await revisions(slug, commentId, newcomerCookie)).toContain('"authorName"');
      expect(await revisions(slug, commentId, moderatorCookie)).toContain('"authorName"');
      expect(await revisions(slug, commentId, otherCookie)).toBe("404");
    }
    // The hidden comment: its author reads it where it was, marked hidden (decision 0048); staff read it; no one else.
    expect(await revisions(host.slug, hiddenCommentId, hostAuthorCookie)).toContain('"hidden":true');
    expect(await revisions(host.slug, hiddenCommentId, moderatorCookie)).toContain('"hidden":true');
    expect(await revisions(host.slug, hiddenCommentId, newcomerCookie)).toBe("404");
  });

  it("approved, is published as a new post: on every output, counted, and announced", async () => {
    const queue = await listReviewQueue(1);
    const ids = queue.items.filter((item) => item.author?.id === newcomer.id).map((item) => item.id);
    expect(ids).toHaveLength(2);
    for (const itemId of ids) expect(await decideReview(moderator, { itemId, decision: "approve" })).toMatchObject({ ok: true });

    const outputs = await guestOutputs();
    expect(outputs["held page"]).toContain(HELD_DISCUSSION);
    expect(outputs["host page"]).toContain(HELD_COMMENT);
    expect(outputs["search held"]).toContain(held.slug);
    expect(outputs["feed"]).toContain(held.slug);
    expect(outputs["sitemap"]).toContain(held.slug);
    expect(outputs["held markdown"]).toContain(HELD_DISCUSSION);
    expect(outputs["host markdown"]).toContain(HELD_COMMENT);
    expect(outputs["comments feed"]).toContain(HELD_COMMENT);
    expect(outputs["held comment's revisions"]).toContain('"authorName":"Neuling"');
    expect(outputs["hidden comment's revisions"]).toBe("404");
    // The hidden post stays hidden.
    for (const text of Object.values(outputs)) expect(text).not.toContain(HIDDEN_COMMENT);

    expect((await noticesOfHeldPosts()).map((notice) => notice.kind)).toEqual(expect.arrayContaining(["mention", "watched-category"]));
    expect(await seoCount()).toBe(before.seo + 1);
    expect(await repliesOfHost()).toBe(before.replies + 1);
    expect((await getCommunityStats()).totalDiscussions).toBe(before.stats.totalDiscussions + 1);
    expect(await unreadCounts(watcher, [host.id])).toEqual({ [host.id]: 1 });
    const statuses = await db.select({ status: reviewItems.status }).from(reviewItems).where(eq(reviewItems.memberId, newcomer.id));
    expect(statuses.map((row) => row.status)).toEqual(["approved", "approved"]);
    // Once approved, the moderation's decision is final: a second one is refused.
    expect(await decideReview(moderator, { itemId: ids[0]!, decision: "hide" })).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("turned down, stays hidden without moving a count, and the author is told", async () => {
    const comment = await createComment(newcomer, { discussionId: host.id, content: `Abgelehnt ${THREE_LINKS}` });
    if (!comment.ok || !comment.value.held) throw new Error("not held");
    const [item] = await db.select({ id: reviewItems.id }).from(reviewItems).where(eq(reviewItems.commentId, comment.value.id));
    const replies = await repliesOfHost();
    expect(await decideReview(moderator, { itemId: item!.id, decision: "keep" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await decideReview(moderator, { itemId: item!.id, decision: "hide" })).toMatchObject({ ok: true });
    const [row] = await db
      .select({ heldAt: comments.heldAt, hiddenBy: comments.hiddenBy })
      .from(comments)
      .where(eq(comments.id, comment.value.id));
    expect(row).toEqual({ heldAt: null, hiddenBy: moderator.id });
    expect(await repliesOfHost()).toBe(replies);
    const told = await db
      .select({ detail: notifications.detail })
      .from(notifications)
      .where(and(eq(notifications.recipientId, newcomer.id), eq(notifications.commentId, comment.value.id)));
    expect(told).toEqual([{ detail: "hidden" }]);

    // Two links are allowed: published at once.
    const twoLinks = await createComment(newcomer, { discussionId: host.id, content: "https://eins.example/ https://zwei.example/" });
    expect(twoLinks).toMatchObject({ ok: true, value: { held: false } });
    expect(await repliesOfHost()).toBe(replies + 1);
  });
});
