import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, readPositions } from "../../db/schema";
import {
  COMMENT_THREADS_PER_PAGE,
  createDiscussion,
  firstUnreadComment,
  getDiscussionBySlug,
  isReading,
  listCommentPage,
  markRead,
  UNREAD_COUNT_CAP,
  unreadCounts,
} from "~/server/discussions";
import { db, queryRows } from "~/server/db";
import { moderateComment } from "~/server/moderation";
import { deleteOwnAccount, exportMemberData } from "~/server/members";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { commentOn } from "../support/content";

let author: Viewer;
let reader: Viewer;
let writer: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  // Writers of long standing: they post more than a newcomer may in an hour (decision 0035).
  author = await makeViewer({ firstName: "Autorin", joinedDaysAgo: 30 });
  reader = await makeViewer({ firstName: "Leserin" });
  writer = await makeViewer({ firstName: "Schreiber", joinedDaysAgo: 30 });
  moderator = await makeViewer({ firstName: "Moderatorin", role: "moderator" });
});

let counter = 0;
async function create() {
  counter += 1;
  const outcome = await createDiscussion(author, {
    title: `Ungelesen ${counter} ${Date.now()}`,
    category: "seo",
    content: "<p>Start</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

const comment = (by: Viewer, discussionId: string, content = "Ein Kommentar", parentId?: string) =>
  commentOn(discussionId, by, { content, parentId });

/** What the discussion page does for a member: read a comment page, mark what it showed. */
async function read(viewer: Viewer, discussionId: string, page = 1) {
  const shown = await listCommentPage(discussionId, page, { includeHidden: false });
  await markRead(
    viewer,
    discussionId,
    shown.comments.map((c) => c.id),
  );
  return shown;
}

async function positionOf(viewer: Viewer, discussionId: string) {
  const rows = await db.select().from(readPositions).where(eq(readPositions.profileId, viewer.id));
  return rows.find((row) => row.discussionId === discussionId) ?? null;
}

describe("unread counts", () => {
  it("counts comments by others since the last read, a discussion never read is new rather than counted, guests get nothing", async () => {
    const discussion = await create();
    const never = await create();
    await comment(writer, discussion.id);
    await comment(writer, never.id);
    await read(reader, discussion.id);
    expect(await unreadCounts(reader, [discussion.id, never.id])).toEqual({ [never.id]: "new" });

    const first = await comment(writer, discussion.id, "Neu eins");
    await comment(writer, discussion.id, "Neu zwei");
    await comment(reader, discussion.id, "Meine eigene Antwort zählt nicht");
    expect(await unreadCounts(reader, [discussion.id, never.id])).toEqual({ [discussion.id]: 2, [never.id]: "new" });
    expect(await unreadCounts(null, [discussion.id])).toEqual({});
    // The writer wrote over the service and never opened the page: new to them, with nothing counted.
    expect(await unreadCounts(writer, [discussion.id])).toEqual({ [discussion.id]: "new" });
    expect(await firstUnreadComment(reader, discussion.id)).toBe(first);
    expect(await firstUnreadComment(writer, discussion.id)).toBeNull();

    await read(reader, discussion.id);
    expect(await unreadCounts(reader, [discussion.id])).toEqual({});
    expect(await firstUnreadComment(reader, discussion.id)).toBeNull();
  });

  it("never counts hidden comments, nor points to one", async () => {
    const discussion = await create();
    await read(reader, discussion.id);
    const hidden = await comment(writer, discussion.id, "Spam");
    const visible = await comment(writer, discussion.id, "Sichtbar");
    expect(
      await moderateComment(moderator, { discussionId: discussion.id, commentId: hidden, action: "hide-comment", reason: "Spam" }),
    ).toMatchObject({ ok: true });
    expect(await unreadCounts(reader, [discussion.id])).toEqual({ [discussion.id]: 1 });
    expect(await firstUnreadComment(reader, discussion.id)).toBe(visible);
  });

  it("stops counting at the cap", async () => {
    const discussion = await create();
    await read(reader, discussion.id);
    // One statement, not 103 createComment calls (each a transaction with notifications and page-cache
    // events): the count only needs the rows, all created after the position.
    await db.insert(comments).values(
      Array.from({ length: UNREAD_COUNT_CAP + 3 }, (_, i) => ({
        discussionId: discussion.id,
        authorId: writer.id,
        content: `<p>Viel ${i}</p>`,
      })),
    );
    expect(await unreadCounts(reader, [discussion.id])).toEqual({ [discussion.id]: UNREAD_COUNT_CAP });
  });
});

describe("discussions never opened (decision 0041)", () => {
  it("are new to a member when someone else started them after the member joined, in the last days, until opened", async () => {
    const newcomer = await makeViewer({ firstName: "Neuling" });
    const fresh = await create();
    const own = await createDiscussion(newcomer, {
      title: `Meine eigene ${Date.now()}`,
      category: "seo",
      content: "<p>Start</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!own.ok) throw new Error(own.reason);
    const mine = (await getDiscussionBySlug(own.value.slug))!;
    const old = await create();
    await db.execute(sql`update discussions set created_at = now() - interval '15 days' where id = ${old.id}`);

    const listed = [fresh.id, mine.id, old.id];
    expect(await unreadCounts(newcomer, listed)).toEqual({ [fresh.id]: "new" });
    expect(await unreadCounts(null, listed)).toEqual({});
    // Opening it ends "new"; a comment after that is counted as usual.
    await read(newcomer, fresh.id);
    expect(await unreadCounts(newcomer, listed)).toEqual({});
    await comment(writer, fresh.id);
    expect(await unreadCounts(newcomer, listed)).toEqual({ [fresh.id]: 1 });
  });

  it("are not new when started before the member joined", async () => {
    const earlier = await create();
    const latecomer = await makeViewer({ firstName: "Später" });
    await db.execute(sql`update profiles set created_at = now() where id = ${latecomer.id}`);
    await db.execute(sql`update discussions set created_at = now() - interval '1 minute' where id = ${earlier.id}`);
    expect(await unreadCounts(latecomer, [earlier.id])).toEqual({});
  });
});

describe("new since the last visit", () => {
  it("reading a page answers which of its comments were unread before: none on a first visit, then what others wrote since", async () => {
    const discussion = await create();
    const before = await comment(writer, discussion.id, "Schon gelesen");
    const mark = async (viewer: Viewer) => {
      const shown = await listCommentPage(discussion.id, 1, { includeHidden: true });
      return markRead(
        viewer,
        discussion.id,
        shown.comments.map((c) => c.id),
      );
    };
    // A first visit: nothing to separate (the member never read the discussion).
    expect(await mark(reader)).toBeNull();
    expect(await mark(reader)).toEqual([]);

    const first = await comment(writer, discussion.id, "Neu eins");
    const reply = await comment(writer, discussion.id, "Antwort darauf", before);
    await comment(reader, discussion.id, "Meine eigene zählt nicht");
    const hidden = await comment(writer, discussion.id, "Gleich ausgeblendet");
    expect(
      await moderateComment(moderator, { discussionId: discussion.id, commentId: hidden, action: "hide-comment", reason: "Spam" }),
    ).toMatchObject({ ok: true });
    expect(await mark(reader)).toEqual([first, reply]);
    // The position moved: read again, nothing is new.
    expect(await mark(reader)).toEqual([]);
  });
});

describe("marking as read", () => {
  it("reading an empty discussion starts the position, so the first comment is unread", async () => {
    const discussion = await create();
    await read(reader, discussion.id);
    expect(await positionOf(reader, discussion.id)).not.toBeNull();
    await comment(writer, discussion.id);
    expect(await unreadCounts(reader, [discussion.id])).toEqual({ [discussion.id]: 1 });
  });

  it("never moves backwards: an older page read later keeps the newer position", async () => {
    const discussion = await create();
    for (let i = 0; i < COMMENT_THREADS_PER_PAGE + 2; i++) await comment(writer, discussion.id, `Thread ${i}`);
    // The last page alone marks nothing: the first page's older threads, not shown, stay unread, and so do all after them.
    await read(reader, discussion.id, 2);
    expect(await unreadCounts(reader, [discussion.id])).toEqual({ [discussion.id]: COMMENT_THREADS_PER_PAGE + 2 });
    await read(reader, discussion.id, 1);
    await read(reader, discussion.id, 2);
    const afterLast = await positionOf(reader, discussion.id);
    expect(await unreadCounts(reader, [discussion.id])).toEqual({});
    await read(reader, discussion.id, 1);
    expect((await positionOf(reader, discussion.id))!.lastReadAt).toEqual(afterLast!.lastReadAt);
    expect(await unreadCounts(reader, [discussion.id])).toEqual({});
  });

  it("rereading what was read writes nothing, not even a row lock (each one would wait for a disk flush)", async () => {
    const discussion = await create();
    await comment(writer, discussion.id);
    await read(reader, discussion.id);
    const lockedBy = async () => {
      const [row] = await queryRows<{ xmax: string }>(
        sql`select xmax::text from ${readPositions} where profile_id = ${reader.id} and discussion_id = ${discussion.id}`,
      );
      return row!.xmax;
    };
    expect(await lockedBy()).toBe("0");
    await read(reader, discussion.id);
    await read(reader, discussion.id);
    expect(await lockedBy()).toBe("0");
    // A new comment read moves the position again.
    const before = (await positionOf(reader, discussion.id))!.lastReadAt;
    await comment(writer, discussion.id, "Noch einer");
    await read(reader, discussion.id);
    expect((await positionOf(reader, discussion.id))!.lastReadAt.getTime()).toBeGreaterThan(before.getTime());
  });

  it("a first page does not mark the next page's threads read, even when it shows a newer reply", async () => {
    const discussion = await create();
    const threads: string[] = [];
    for (let i = 0; i < COMMENT_THREADS_PER_PAGE + 2; i++) threads.push(await comment(writer, discussion.id, `Thread ${i}`));
    const lateReply = await comment(writer, discussion.id, "Späte Antwort auf den ersten Thread", threads[0]);
    const other = await makeViewer({ firstName: "Andere Leserin" });
    await read(other, discussion.id, 1);
    // Page 2's two threads and the late reply (shown on page 1, but newer than page 2) stay unread.
    expect(await unreadCounts(other, [discussion.id])).toEqual({ [discussion.id]: 3 });
    expect(await firstUnreadComment(other, discussion.id)).toBe(threads[COMMENT_THREADS_PER_PAGE]);
    await read(other, discussion.id, 2);
    expect(await unreadCounts(other, [discussion.id])).toEqual({ [discussion.id]: 1 });
    expect(await firstUnreadComment(other, discussion.id)).toBe(lateReply);
    await read(other, discussion.id, 1);
    expect(await unreadCounts(other, [discussion.id])).toEqual({});
  });

  it("a hidden comment a moderator saw does not move the position past visible ones", async () => {
    const discussion = await create();
    await read(moderator, discussion.id);
    const visible = await comment(writer, discussion.id, "Sichtbar");
    const hidden = await comment(writer, discussion.id, "Versteckt");
    await moderateComment(moderator, { discussionId: discussion.id, commentId: hidden, action: "hide-comment", reason: "Spam" });
    await markRead(moderator, discussion.id, [hidden]);
    expect(await firstUnreadComment(moderator, discussion.id)).toBe(visible);
  });

  it("HEAD requests and prefetches are not reading", () => {
    expect(isReading(new Request("http://localhost/discussion/x"))).toBe(true);
    expect(isReading(new Request("http://localhost/discussion/x", { method: "HEAD" }))).toBe(false);
    expect(isReading(new Request("http://localhost/discussion/x", { headers: { "Sec-Purpose": "prefetch" } }))).toBe(false);
    expect(isReading(new Request("http://localhost/discussion/x", { headers: { Purpose: "prefetch" } }))).toBe(false);
  });
});

describe("DSGVO", () => {
  it("exports the member's read positions and deletes them with the account", async () => {
    const me = await makeViewer({ firstName: "Lesend" });
    const discussion = await create();
    await read(me, discussion.id);
    await read(reader, discussion.id);
    const data = await exportMemberData(me);
    expect(data.readPositions).toEqual([
      expect.objectContaining({ discussionId: discussion.id, slug: discussion.slug, title: discussion.title }),
    ]);
    await deleteOwnAccount(me, { profileId: me.id });
    expect(await db.select().from(readPositions).where(eq(readPositions.profileId, me.id))).toEqual([]);
    expect(await positionOf(reader, discussion.id)).not.toBeNull();
  });
});
