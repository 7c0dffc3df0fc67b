import { and, eq, sql } from "drizzle-orm";
import { comments, discussions } from "../../../db/schema";
import type { Transaction } from "~/server/db";
import type { HoldReason } from "~/server/accounts";
import { heldForReview } from "~/server/platform";
import { recountTagsOf } from "~/server/tags";
import { isCategory } from "~/lib/categories";
import { changedNow } from "./discussion-detail.server";
import { discussionEvents } from "./events.server";
import { mentionedIn, mentionsIn } from "./mentions.server";

/** The columns of a new post held for review (decision 0035): hidden, and held says why; staff read the reasons. */
export function heldValues(reasons: HoldReason[]) {
  const now = new Date();
  return {
    hiddenAt: now,
    hiddenBy: null,
    hiddenReason: `Zurückgehalten: ${reasons.map((reason) => reason.label).join("; ")}`,
    heldAt: now,
  };
}

/**
 * A moderator approved a held post ("Freigeben"): it is published now, as if it had just been written. Its dates
 * become now (a reader's read position and the lists treat it as new), a comment joins its discussion's reply
 * count, and "created" is announced, so notifications, mentions and IndexNow follow as for any new post; the page
 * caches empty by their triggers. Returns false when the post was not (or no longer) held.
 */
export async function publishHeldPost(tx: Transaction, post: { discussionId: string; commentId: string | null }): Promise<boolean> {
  const published = { hiddenAt: null, hiddenBy: null, hiddenReason: null, heldAt: null, createdAt: sql`now()`, updatedAt: sql`now()` };
  if (post.commentId === null) {
    const [row] = await tx
      .update(discussions)
      .set({ ...published, changedAt: changedNow })
      .where(and(eq(discussions.id, post.discussionId), heldForReview.discussion()))
      .returning({ slug: discussions.slug, category: discussions.category, authorId: discussions.authorId, content: discussions.content });
    if (!row) return false;
    // Published, it counts for its tags now (decision 0053).
    await recountTagsOf(tx, { id: post.discussionId });
    // An author who left cannot be named as the one who wrote it: the post is published without announcements.
    if (row.authorId && isCategory(row.category))
      await discussionEvents.emit(tx, "discussion.created", {
        discussionId: post.discussionId,
        slug: row.slug,
        category: row.category,
        actor: { id: row.authorId },
        mentionedIds: mentionedIn(row.content),
      });
    return true;
  }
  const [row] = await tx
    .update(comments)
    .set(published)
    .where(and(eq(comments.id, post.commentId), eq(comments.discussionId, post.discussionId), heldForReview.comment()))
    .returning({
      parentId: comments.parentId,
      authorId: comments.authorId,
      content: comments.content,
      contentFormat: comments.contentFormat,
    });
  if (!row) return false;
  const [counted] = await tx
    .update(discussions)
    .set({ repliesCount: sql`${discussions.repliesCount} + 1`, changedAt: changedNow })
    .where(eq(discussions.id, post.discussionId))
    .returning({ slug: discussions.slug });
  const [parent] = row.parentId ? await tx.select({ authorId: comments.authorId }).from(comments).where(eq(comments.id, row.parentId)) : [];
  if (row.authorId)
    await discussionEvents.emit(tx, "comment.created", {
      discussionId: post.discussionId,
      slug: counted!.slug,
      commentId: post.commentId,
      actor: { id: row.authorId },
      parentAuthorId: parent?.authorId ?? null,
      mentionedIds: mentionsIn(row.content, row.contentFormat),
    });
  return true;
}

/**
 * A moderator turned a held post down: it stays hidden, now as the moderation's decision (with its reason), and is
 * no longer held. It was never counted, so no count moves; restoring it later publishes it like any hidden post.
 */
export async function rejectHeldPost(
  tx: Transaction,
  post: { discussionId: string; commentId: string | null },
  by: { actorId: string; reason: string },
): Promise<boolean> {
  const values = { heldAt: null, hiddenBy: by.actorId, hiddenReason: by.reason };
  const rows =
    post.commentId === null
      ? await tx
          .update(discussions)
          .set(values)
          .where(and(eq(discussions.id, post.discussionId), heldForReview.discussion()))
          .returning({ id: discussions.id })
      : await tx
          .update(comments)
          .set(values)
          .where(and(eq(comments.id, post.commentId), eq(comments.discussionId, post.discussionId), heldForReview.comment()))
          .returning({ id: comments.id });
  return rows.length > 0;
}
