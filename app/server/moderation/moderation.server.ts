import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { comments, discussions } from "../../../db/schema";
import { recordAudit } from "./audit.server";
import { isCategory } from "~/lib/categories";
import { excerpt, type Outcome } from "~/server/platform";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";
import { notifyMember } from "~/server/notifications";
import { db, type Transaction } from "~/server/db";
import { can, type Viewer } from "~/server/accounts";

/**
 * Moderator tools. Each one runs: permission → load → one transaction with
 * the change and its audit entry. A change that finds nothing to change
 * (pinning what is pinned) writes nothing, so double clicks leave one entry.
 */

export async function setPinned(viewer: Viewer | null, discussionId: string, pinned: boolean): Promise<Outcome<null>> {
  if (!viewer || !can(viewer, "moderate")) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discussions)
      .set({ isPinned: pinned })
      .where(and(eq(discussions.id, discussionId), eq(discussions.isPinned, !pinned)))
      .returning({ id: discussions.id, title: discussions.title, authorId: discussions.authorId });
    if (row) await recordAudit(tx, viewer, { action: pinned ? "pin" : "unpin", targetType: "discussion", targetId: row.id, targetLabel: row.title });
    if (row?.authorId && pinned) await notifyMember(tx, { recipientId: row.authorId, kind: "moderated", actorId: viewer.id, discussionId: row.id, detail: "pinned" });
    return (await exists(tx, discussionId)) ? { ok: true, value: null } : { ok: false, reason: "not-found" };
  });
}

export async function setLocked(viewer: Viewer | null, discussionId: string, locked: boolean, reason: string): Promise<Outcome<null>> {
  if (!viewer || !can(viewer, "moderate")) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discussions)
      .set(locked ? { lockedAt: new Date(), lockedBy: viewer.id, lockReason: reason || null } : { lockedAt: null, lockedBy: null, lockReason: null })
      .where(and(eq(discussions.id, discussionId), locked ? isNull(discussions.lockedAt) : isNotNull(discussions.lockedAt)))
      .returning({ id: discussions.id, title: discussions.title, authorId: discussions.authorId });
    if (row?.authorId && locked) await notifyMember(tx, { recipientId: row.authorId, kind: "moderated", actorId: viewer.id, discussionId: row.id, detail: "locked" });
    if (row) {
      await recordAudit(tx, viewer, {
        action: locked ? "lock" : "unlock",
        targetType: "discussion",
        targetId: row.id,
        targetLabel: row.title,
        details: locked && reason ? reason : null,
      });
    }
    return (await exists(tx, discussionId)) ? { ok: true, value: null } : { ok: false, reason: "not-found" };
  });
}

export async function setDiscussionHidden(viewer: Viewer | null, discussionId: string, hidden: boolean, reason: string): Promise<Outcome<null>> {
  if (!viewer || !can(viewer, "moderate")) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discussions)
      .set(hidden ? { hiddenAt: new Date(), hiddenBy: viewer.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(and(eq(discussions.id, discussionId), hidden ? isNull(discussions.hiddenAt) : isNotNull(discussions.hiddenAt)))
      .returning({ id: discussions.id, title: discussions.title, slug: discussions.slug, category: discussions.category, authorId: discussions.authorId });
    if (row?.authorId && hidden) await notifyMember(tx, { recipientId: row.authorId, kind: "moderated", actorId: viewer.id, discussionId: row.id, detail: "hidden" });
    if (row) {
      // Gone (a 404 now) or back: either way search engines should look again.
      await queueIndexNow(tx, discussionIndexNowPaths(row.slug, isCategory(row.category) ? [row.category] : []));
      await recordAudit(tx, viewer, {
        action: hidden ? "hide_discussion" : "restore_discussion",
        targetType: "discussion",
        targetId: row.id,
        targetLabel: row.title,
        details: hidden ? reason : null,
      });
    }
    return (await exists(tx, discussionId)) ? { ok: true, value: null } : { ok: false, reason: "not-found" };
  });
}

/**
 * Hiding takes the comment off the discussion's reply count in the same
 * transaction, restoring puts it back: the count is what the public sees.
 */
export async function setCommentHidden(
  viewer: Viewer | null,
  discussionId: string,
  commentId: string,
  hidden: boolean,
  reason: string,
): Promise<Outcome<null>> {
  if (!viewer || !can(viewer, "moderate")) return { ok: false, reason: "forbidden" };
  return db.transaction(async (tx): Promise<Outcome<null>> => {
    const [row] = await tx
      .update(comments)
      .set(hidden ? { hiddenAt: new Date(), hiddenBy: viewer.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(
        and(
          eq(comments.id, commentId),
          eq(comments.discussionId, discussionId),
          hidden ? isNull(comments.hiddenAt) : isNotNull(comments.hiddenAt),
        ),
      )
      .returning({ id: comments.id, content: comments.content, authorId: comments.authorId });
    if (row?.authorId && hidden) {
      await notifyMember(tx, { recipientId: row.authorId, kind: "moderated", actorId: viewer.id, discussionId, commentId: row.id, detail: "hidden" });
    }
    if (row) {
      await tx
        .update(discussions)
        .set({ repliesCount: sql`${discussions.repliesCount} ${hidden ? sql`- 1` : sql`+ 1`}` })
        .where(eq(discussions.id, discussionId));
      await recordAudit(tx, viewer, {
        action: hidden ? "hide_comment" : "restore_comment",
        targetType: "comment",
        targetId: row.id,
        targetLabel: excerpt(row.content),
        details: hidden ? reason : null,
      });
      return { ok: true, value: null };
    }
    const [existing] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)));
    return existing ? { ok: true, value: null } : { ok: false, reason: "not-found" };
  });
}

async function exists(tx: Transaction, discussionId: string): Promise<boolean> {
  const [row] = await tx.select({ id: discussions.id }).from(discussions).where(eq(discussions.id, discussionId));
  return row !== undefined;
}
