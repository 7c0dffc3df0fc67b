import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions } from "../../db/schema";
import { createComment, createDiscussion, getDiscussionBySlug } from "~/server/discussions";
import { db, queryRows } from "~/server/db";
import { moderateComment } from "~/server/moderation";
import type { Viewer } from "~/server/accounts";
import { discussionEntries } from "~/server/seo";
import { makeViewer } from "../support/members";

let author: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  moderator = await makeViewer({ role: "moderator" });
});

async function lastmodOf(slug: string): Promise<Date> {
  const entry = (await discussionEntries({ first: 1, last: Number.MAX_SAFE_INTEGER })).find(
    (candidate) => candidate.path === `/discussion/${slug}`,
  );
  if (!entry?.lastmod) throw new Error(`${slug} is not in the sitemap`);
  return entry.lastmod;
}

describe("sitemap lastmod", () => {
  it("moves with a new visible comment and back when it is hidden", async () => {
    const outcome = await createDiscussion(author, {
      title: "Letzte Änderung",
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!outcome.ok) throw new Error(outcome.reason);
    const discussion = (await getDiscussionBySlug(outcome.value.slug))!;
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.update(discussions).set({ createdAt: twoDaysAgo, updatedAt: twoDaysAgo }).where(eq(discussions.id, discussion.id));
    expect((await lastmodOf(discussion.slug)).getTime()).toBe(twoDaysAgo.getTime());

    const comment = await createComment(author, { discussionId: discussion.id, content: "Neuer Kommentar" });
    if (!comment.ok) throw new Error(comment.reason);
    const [row] = await queryRows<{ created_at: string | Date }>(sql`select created_at from comments where id = ${comment.value.id}`);
    expect((await lastmodOf(discussion.slug)).getTime()).toBe(new Date(row!.created_at).getTime());

    await moderateComment(moderator, {
      discussionId: discussion.id,
      commentId: comment.value.id,
      action: "hide-comment",
      reason: "Test",
    });
    expect((await lastmodOf(discussion.slug)).getTime()).toBe(twoDaysAgo.getTime());
  });
});
