/**
 * Bookmarks: each member's own, hidden posts leave members' lists, and a reminder becomes a
 * notification when the job runner runs it, once, and only as the bookmark stands at that time.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookmarks, jobs, notifications } from "../../db/schema";
import { bookmarksInDiscussion, listBookmarks, saveBookmark, setBookmark } from "~/server/bookmarks";
import { createComment, createDiscussion, getDiscussionBySlug } from "~/server/discussions";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { listNotifications } from "~/server/notifications";
import { runDueJobs } from "~/server/jobs";
import { notificationText } from "~/lib/notifications";
import { bookmarkFields } from "~/lib/schemas/bookmark";
import { berlinDateTime, berlinInputValue } from "~/lib/berlin-time";
import { db } from "~/server/db";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

let author: Viewer;
let reader: Viewer;
let other: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  reader = await makeViewer({ firstName: "Leser" });
  other = await makeViewer({ firstName: "Andere" });
  moderator = await makeViewer({ role: "moderator" });
});

async function thread() {
  const created = await createDiscussion(author, {
    title: `Lesezeichen ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Wie messe ich Sichtbarkeit?</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  const discussion = (await getDiscussionBySlug(created.value.slug))!;
  const comment = await createComment(author, { discussionId: discussion.id, content: "Mit einem Sichtbarkeitsindex." });
  if (!comment.ok) throw new Error(comment.reason);
  return { discussion, commentId: comment.value.id };
}

const reminderJobs = () => runDueJobs({ kinds: ["bookmark-reminder"] });
const remindersOf = (member: Viewer) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "bookmark-reminder")));
/** The bookmark's reminder and its job as if their time had come. */
async function makeDue(bookmarkId: string) {
  await db
    .update(bookmarks)
    .set({ remindAt: sql`now() - interval '1 second'` })
    .where(eq(bookmarks.id, bookmarkId));
  await db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, "bookmark-reminder"), eq(jobs.status, "pending")));
}

describe("bookmarks", () => {
  it("are each member's own: one per post however often sent, the question and comments alike", async () => {
    const { discussion, commentId } = await thread();
    for (let i = 0; i < 2; i++) {
      expect((await setBookmark(reader, { discussionId: discussion.id, commentId, bookmarked: true })).ok).toBe(true);
      expect((await setBookmark(reader, { discussionId: discussion.id, commentId: null, bookmarked: true })).ok).toBe(true);
    }
    expect(await db.$count(bookmarks, and(eq(bookmarks.memberId, reader.id), eq(bookmarks.discussionId, discussion.id)))).toBe(2);
    expect(Object.keys((await bookmarksInDiscussion(reader, discussion.id))!).sort()).toEqual([commentId, "discussion"].sort());
    expect(await bookmarksInDiscussion(other, discussion.id)).toEqual({});
    expect(await bookmarksInDiscussion(null, discussion.id)).toBeNull();

    const listed = await listBookmarks(reader, 1);
    const mine = listed.bookmarks.filter((bookmark) => bookmark.discussionId === discussion.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((bookmark) => bookmark.commentId === commentId)).toMatchObject({
      excerpt: "Mit einem Sichtbarkeitsindex.",
      authorName: "Autorin Mitglied",
      href: expect.stringMatching(new RegExp(`^/discussion/${discussion.slug}#comment-${commentId}$`)),
    });
    expect((await listBookmarks(other, 1)).bookmarks.some((bookmark) => bookmark.discussionId === discussion.id)).toBe(false);

    expect((await setBookmark(reader, { discussionId: discussion.id, commentId, bookmarked: false })).ok).toBe(true);
    expect(Object.keys((await bookmarksInDiscussion(reader, discussion.id))!)).toEqual(["discussion"]);
  });

  it("keep a note; members waiting for approval keep none", async () => {
    const { discussion, commentId } = await thread();
    const saved = await saveBookmark(reader, { discussionId: discussion.id, commentId, note: "Für das Reporting", remindAt: null });
    expect(saved.ok).toBe(true);
    expect((await bookmarksInDiscussion(reader, discussion.id))![commentId]).toEqual({ note: "Für das Reporting", remindAt: null });
    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await setBookmark(pending, { discussionId: discussion.id, commentId, bookmarked: true })).toMatchObject({
      ok: false,
      reason: "forbidden",
    });
  });

  it("of a post hidden since are not listed for members; staff see theirs, marked; a hidden post takes no new one", async () => {
    const { discussion, commentId } = await thread();
    await setBookmark(reader, { discussionId: discussion.id, commentId, bookmarked: true });
    await setBookmark(moderator, { discussionId: discussion.id, commentId, bookmarked: true });
    await moderateComment(moderator, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Test" });

    const listedFor = async (viewer: Viewer) => (await listBookmarks(viewer, 1)).bookmarks.filter((b) => b.commentId === commentId);
    expect(await listedFor(reader)).toEqual([]);
    expect(await listedFor(moderator)).toMatchObject([{ hidden: true }]);
    expect(await setBookmark(other, { discussionId: discussion.id, commentId, bookmarked: true })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    // Letting go of it still works.
    expect((await setBookmark(reader, { discussionId: discussion.id, commentId, bookmarked: false })).ok).toBe(true);

    // A hidden discussion hides the bookmarks of its question and its comments.
    const second = await thread();
    await setBookmark(reader, { discussionId: second.discussion.id, commentId: null, bookmarked: true });
    await setBookmark(reader, { discussionId: second.discussion.id, commentId: second.commentId, bookmarked: true });
    await moderateDiscussion(moderator, { discussionId: second.discussion.id, action: "hide-discussion", reason: "Test" });
    expect((await listBookmarks(reader, 1)).bookmarks.some((b) => b.discussionId === second.discussion.id)).toBe(false);
  });
});

describe("reminders", () => {
  it("become one notification when the job runner runs them, leading to the post, with the note", async () => {
    const { discussion, commentId } = await thread();
    const saved = await saveBookmark(reader, {
      discussionId: discussion.id,
      commentId,
      note: "Zahlen für Q1 prüfen",
      remindAt: new Date(Date.now() + 3 * 86_400_000),
    });
    if (!saved.ok) throw new Error(saved.reason);
    expect(await remindersOf(reader)).toHaveLength(0);
    // Not due yet: the runner leaves it.
    await reminderJobs();
    expect((await remindersOf(reader)).filter((row) => row.discussionId === discussion.id)).toHaveLength(0);

    await makeDue(saved.value.id);
    await reminderJobs();
    const rows = (await remindersOf(reader)).filter((row) => row.discussionId === discussion.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ commentId, detail: "Zahlen für Q1 prüfen" });
    const [listed] = (await listNotifications(reader.id, 1)).notifications.filter((n) => n.kind === "bookmark-reminder");
    expect(listed!.href).toBe(`/discussion/${discussion.slug}#comment-${commentId}`);
    expect(notificationText(listed!)).toBe(`Erinnerung an Ihr Lesezeichen in „${discussion.title}“ – Ihre Notiz: Zahlen für Q1 prüfen`);
    // Shown on the page as no longer to come.
    expect((await bookmarksInDiscussion(reader, discussion.id))![commentId]!.remindAt).toBeNull();

    // Run again: nothing more.
    await makeDue(saved.value.id);
    await reminderJobs();
    expect((await remindersOf(reader)).filter((row) => row.discussionId === discussion.id)).toHaveLength(1);
  });

  it("chosen alone, as right after 'Merken', leave the note as it is; the full form's empty note takes it away", async () => {
    const { discussion, commentId } = await thread();
    await saveBookmark(reader, { discussionId: discussion.id, commentId, note: "Für das Reporting", remindAt: null });
    const onlyReminder = bookmarkFields.parse({ remind: "7" });
    expect(onlyReminder.note).toBeUndefined();
    const saved = await saveBookmark(reader, { discussionId: discussion.id, commentId, ...onlyReminder });
    if (!saved.ok) throw new Error(saved.reason);
    expect((await bookmarksInDiscussion(reader, discussion.id))![commentId]).toEqual({
      note: "Für das Reporting",
      remindAt: onlyReminder.remindAt,
    });
    expect(await db.$count(jobs, and(eq(jobs.kind, "bookmark-reminder"), sql`${jobs.payload}->>'bookmarkId' = ${saved.value.id}`))).toBe(1);

    await saveBookmark(reader, { discussionId: discussion.id, commentId, ...bookmarkFields.parse({ note: "", remind: "none" }) });
    expect((await bookmarksInDiscussion(reader, discussion.id))![commentId]).toEqual({ note: null, remindAt: null });
  });

  it("moved later or taken back leave their old job with nothing to do; a hidden post reminds of nothing", async () => {
    const { discussion, commentId } = await thread();
    const first = await saveBookmark(reader, {
      discussionId: discussion.id,
      commentId: null,
      note: null,
      remindAt: new Date(Date.now() + 86_400_000),
    });
    if (!first.ok) throw new Error(first.reason);
    await saveBookmark(reader, { discussionId: discussion.id, commentId: null, note: null, remindAt: null });
    await db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.kind, "bookmark-reminder"), eq(jobs.status, "pending")));
    await reminderJobs();
    expect((await remindersOf(reader)).filter((row) => row.discussionId === discussion.id)).toHaveLength(0);

    const onComment = await saveBookmark(reader, {
      discussionId: discussion.id,
      commentId,
      note: null,
      remindAt: new Date(Date.now() + 86_400_000),
    });
    if (!onComment.ok) throw new Error(onComment.reason);
    await moderateComment(moderator, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Test" });
    await makeDue(onComment.value.id);
    await reminderJobs();
    expect((await remindersOf(reader)).filter((row) => row.discussionId === discussion.id)).toHaveLength(0);
  });
});

describe("the reminder field", () => {
  it("reads Berlin's wall clock in winter and summer, and refuses the past and nonsense in German", () => {
    expect(berlinDateTime("2027-01-15T09:30")!.toISOString()).toBe("2027-01-15T08:30:00.000Z");
    expect(berlinDateTime("2027-07-15T09:30")!.toISOString()).toBe("2027-07-15T07:30:00.000Z");
    expect(berlinInputValue(new Date("2027-07-15T07:30:00Z"))).toBe("2027-07-15T09:30");
    expect(berlinDateTime("2027-02-30T09:30")).toBeNull();
    expect(berlinDateTime("morgen")).toBeNull();
    const parse = (input: Record<string, string>) => bookmarkFields.safeParse(input);
    expect(parse({ remind: "custom", remindOn: "2020-01-01T10:00" }).error?.issues[0]?.message).toBe(
      "Die Erinnerung muss in der Zukunft liegen.",
    );
    expect(parse({ remind: "custom" }).error?.issues[0]?.message).toBe("Bitte geben Sie Datum und Uhrzeit der Erinnerung an.");
    expect(parse({ remind: "bald" }).error?.issues[0]?.message).toBe("Bitte wählen Sie, ob und wann wir Sie erinnern sollen.");
    const inThree = parse({ remind: "3", note: "  " });
    expect(inThree.data?.note).toBeNull();
    expect(Math.abs(inThree.data!.remindAt!.getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(5_000);
  });
});
