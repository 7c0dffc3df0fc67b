import { and, eq, sql } from "drizzle-orm";
import { comments, discussions, type AuditAction } from "../../../db/schema";
import { recordAudit } from "./audit.server";
import { isCategory } from "~/lib/categories";
import { done, excerpt } from "~/server/platform";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";
import { notifyMember } from "~/server/notifications";
import { defineService, type Transaction } from "~/server/db";
import { can, type Viewer } from "~/server/accounts";

/**
 * The moderator tools as one status change (pin, lock, hide a discussion;
 * hide a comment), on or off, like Discourse's TopicStatusUpdater: the row is
 * locked and read, and a change that finds nothing to change (pinning what
 * is pinned) writes nothing, so double clicks leave one audit entry.
 */
export type StatusChange =
  | { discussionId: string; status: "pinned" | "locked" | "hidden"; enabled: boolean; reason?: string }
  | { discussionId: string; commentId: string; status: "hidden"; enabled: boolean; reason?: string };

type DiscussionRow = typeof discussions.$inferSelect;
type CommentRow = typeof comments.$inferSelect;
type Loaded = { discussion: DiscussionRow; comment: CommentRow | null };

interface DiscussionStatus {
  isOn(row: DiscussionRow): boolean;
  set(on: boolean, viewer: Viewer, reason: string): Partial<DiscussionRow>;
  audit: readonly [on: AuditAction, off: AuditAction];
  /** Whether the audit entry keeps the reason given when switching on. */
  keepsReason: boolean;
}

const discussionStatuses: Record<StatusChange["status"], DiscussionStatus> = {
  pinned: { isOn: (row) => row.isPinned, set: (on) => ({ isPinned: on }), audit: ["pin", "unpin"], keepsReason: false },
  locked: {
    isOn: (row) => row.lockedAt !== null,
    set: (on, viewer, reason) =>
      on ? { lockedAt: new Date(), lockedBy: viewer.id, lockReason: reason || null } : { lockedAt: null, lockedBy: null, lockReason: null },
    audit: ["lock", "unlock"],
    keepsReason: true,
  },
  hidden: {
    isOn: (row) => row.hiddenAt !== null,
    set: (on, viewer, reason) =>
      on ? { hiddenAt: new Date(), hiddenBy: viewer.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
    audit: ["hide-discussion", "restore-discussion"],
    keepsReason: true,
  },
};

export const changeStatus = defineService<Viewer, StatusChange, Loaded>({
  policy: (viewer) => can(viewer, "moderate"),

  async load(tx, change) {
    const [discussion] = await tx.select().from(discussions).where(eq(discussions.id, change.discussionId)).for("update");
    if (!discussion) return null;
    if (!("commentId" in change)) return { discussion, comment: null };
    const [comment] = await tx
      .select()
      .from(comments)
      .where(and(eq(comments.id, change.commentId), eq(comments.discussionId, discussion.id)))
      .for("update");
    return comment ? { discussion, comment } : null;
  },

  async change(tx, { actor, input, loaded }) {
    const reason = input.reason ?? "";
    if (loaded.comment) {
      await changeCommentHidden(tx, actor, loaded.comment, input.enabled, reason);
      return done;
    }
    const { discussion } = loaded;
    const status = discussionStatuses[input.status];
    if (status.isOn(discussion) === input.enabled) return done;
    await tx
      .update(discussions)
      .set(status.set(input.enabled, actor, reason))
      .where(eq(discussions.id, discussion.id));
    if (input.enabled && discussion.authorId) {
      await notifyMember(tx, {
        recipientId: discussion.authorId,
        kind: "moderated",
        actorId: actor.id,
        discussionId: discussion.id,
        detail: input.status,
      });
    }
    // Gone (a 404 now) or back: either way search engines should look again.
    if (input.status === "hidden")
      await queueIndexNow(tx, discussionIndexNowPaths(discussion.slug, isCategory(discussion.category) ? [discussion.category] : []));
    await recordAudit(tx, actor, {
      action: status.audit[input.enabled ? 0 : 1],
      targetType: "discussion",
      targetId: discussion.id,
      targetLabel: discussion.title,
      details: input.enabled && status.keepsReason && reason ? reason : null,
    });
    return done;
  },
});

/**
 * Hiding takes the comment off the discussion's reply count in the same
 * transaction, restoring puts it back: the count is what the public sees.
 */
async function changeCommentHidden(tx: Transaction, actor: Viewer, comment: CommentRow, hidden: boolean, reason: string): Promise<void> {
  if ((comment.hiddenAt !== null) === hidden) return;
  await tx
    .update(comments)
    .set(
      hidden ? { hiddenAt: new Date(), hiddenBy: actor.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
    )
    .where(eq(comments.id, comment.id));
  await tx
    .update(discussions)
    .set({ repliesCount: sql`${discussions.repliesCount} ${hidden ? sql`- 1` : sql`+ 1`}` })
    .where(eq(discussions.id, comment.discussionId));
  if (hidden && comment.authorId) {
    await notifyMember(tx, {
      recipientId: comment.authorId,
      kind: "moderated",
      actorId: actor.id,
      discussionId: comment.discussionId,
      commentId: comment.id,
      detail: "hidden",
    });
  }
  await recordAudit(tx, actor, {
    action: hidden ? "hide-comment" : "restore-comment",
    targetType: "comment",
    targetId: comment.id,
    targetLabel: excerpt(comment.content),
    details: hidden ? reason : null,
  });
}
