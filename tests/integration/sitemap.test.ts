/**
 * One meaning of "modified" for a discussion (decision 0027): the page's last
 * visible change. The sitemap's lastmod, the JSON-LD's dateModified and the
 * comments feed's Last-Modified agree after every kind of change, and none
 * goes back in time when moderation hides something.
 */
import { defaultSiteIdentity } from "~/lib/site-identity";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions } from "../../db/schema";
import {
  createComment,
  createDiscussion,
  getDiscussionBySlug,
  listCommentPage,
  updateComment,
  updateDiscussion,
} from "~/server/discussions";
import { db, queryRows } from "~/server/db";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { deleteOwnAccount } from "~/server/members";
import type { Viewer } from "~/server/accounts";
import { discussionCommentsFeed, discussionEntries, discussionJsonLd, feedResponse, fixedAndProfileEntries } from "~/server/seo";
import { makeViewer } from "../support/members";

let author: Viewer;
let moderator: Viewer;
let commenter: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  moderator = await makeViewer({ role: "moderator" });
  commenter = await makeViewer({ firstName: "Kommentator" });
});

/** What the sitemap, the structured data and the feed each say of the discussion's last change. */
async function modifiedDates(slug: string) {
  const discussion = (await getDiscussionBySlug(slug))!;
  const entry = (await discussionEntries({ first: 1, last: Number.MAX_SAFE_INTEGER })).find(
    (candidate) => candidate.path === `/discussion/${slug}`,
  );
  const { comments } = await listCommentPage(discussion.id, 1, { includeHidden: false });
  const jsonLd = discussionJsonLd(discussion, comments, 1, defaultSiteIdentity) as { dateModified: string };
  const feed = feedResponse(new Request("http://localhost/feed.xml"), await discussionCommentsFeed(discussion), discussion.changedAt);
  return {
    changedAt: discussion.changedAt,
    sitemap: entry?.lastmod?.toISOString(),
    jsonLd: jsonLd.dateModified,
    feed: feed.headers.get("Last-Modified"),
  };
}

/** Asserts that all of them name the same moment, later than `before`, and returns it. */
async function agreeAfter(slug: string, before: Date): Promise<Date> {
  const dates = await modifiedDates(slug);
  expect(dates.changedAt.getTime()).toBeGreaterThan(before.getTime());
  expect(dates).toEqual({
    changedAt: dates.changedAt,
    sitemap: dates.changedAt.toISOString(),
    jsonLd: dates.changedAt.toISOString(),
    feed: new Date(Math.floor(dates.changedAt.getTime() / 1000) * 1000).toUTCString(),
  });
  return dates.changedAt;
}

describe("the last visible change of a discussion", () => {
  it("moves forward with every visible change, moderation included, and sitemap, JSON-LD and feed agree", async () => {
    const created = await createDiscussion(author, {
      title: "Letzte Änderung",
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.reason);
    const { id: discussionId, slug } = (await getDiscussionBySlug(created.value.slug))!;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db
      .update(discussions)
      .set({ createdAt: twoDaysAgo, updatedAt: twoDaysAgo, changedAt: twoDaysAgo })
      .where(eq(discussions.id, discussionId));
    expect((await modifiedDates(slug)).sitemap).toBe(twoDaysAgo.toISOString());

    const comment = await createComment(author, { discussionId, content: "Neuer Kommentar" });
    if (!comment.ok) throw new Error(comment.reason);
    let last = await agreeAfter(slug, twoDaysAgo);
    const [row] = await queryRows<{ created_at: string | Date }>(sql`select created_at from comments where id = ${comment.value.id}`);
    expect(last.getTime()).toBe(new Date(row!.created_at).getTime());

    const steps: Array<[string, () => Promise<{ ok: boolean }>]> = [
      ["a comment edited", () => updateComment(author, { discussionId, commentId: comment.value.id, content: "Bearbeitet" })],
      // Hidden: the page lost a comment. Before, lastmod went back to the discussion's own date.
      [
        "a comment hidden",
        () => moderateComment(moderator, { discussionId, commentId: comment.value.id, action: "hide-comment", reason: "Test" }),
      ],
      ["a comment restored", () => moderateComment(moderator, { discussionId, commentId: comment.value.id, action: "restore-comment" })],
      [
        "the discussion edited",
        () =>
          updateDiscussion(author, {
            discussionId,
            title: "Letzte Änderung",
            category: "seo",
            content: "<p>Neu</p>",
            contentFormat: "html",
          }),
      ],
      ["another member's comment", () => createComment(commenter, { discussionId, content: "Von jemand anderem" })],
      // Their comment stays and now shows "Gelöschter Benutzer".
      ["that member's account deleted", () => deleteOwnAccount(commenter, { profileId: commenter.id })],
      ["the discussion locked", () => moderateDiscussion(moderator, { discussionId, action: "lock", reason: "Erledigt" })],
    ];
    for (const [name, step] of steps) {
      // Dates have milliseconds: a step a moment later must have a later one.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await step()).ok, name).toBe(true);
      last = await agreeAfter(slug, last);
    }
  });
});

describe("the lists' lastmod", () => {
  it("is the creation of the list's newest visible discussion, and none where a list has none", async () => {
    const at = (days: number) => new Date(Date.UTC(2031, 0, 1 + days));
    const toolsOlder = await createDiscussion(author, {
      title: "Werkzeugkiste älter",
      category: "tools",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    const toolsNewer = await createDiscussion(author, {
      title: "Werkzeugkiste neuer",
      category: "tools",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!toolsOlder.ok || !toolsNewer.ok) throw new Error("not created");
    await db
      .update(discussions)
      .set({ createdAt: at(1) })
      .where(eq(discussions.slug, toolsOlder.value.slug));
    await db
      .update(discussions)
      .set({ createdAt: at(2), hiddenAt: at(3) })
      .where(eq(discussions.slug, toolsNewer.value.slug));
    await db
      .update(discussions)
      .set({ hiddenAt: at(3) })
      .where(eq(discussions.category, "events"));

    const lastmodOf = async (path: string) => (await fixedAndProfileEntries()).find((entry) => entry.path === path)?.lastmod;
    // The hidden newer one does not count: a guest does not see it on the list.
    expect(await lastmodOf("/category/tools")).toEqual(at(1));
    expect(await lastmodOf("/category/events")).toBeUndefined();
    const [newest] = await queryRows<{ at: Date | string }>(sql`select max(created_at) as at from discussions where hidden_at is null`);
    expect(await lastmodOf("/")).toEqual(new Date(newest!.at));
  });
});
