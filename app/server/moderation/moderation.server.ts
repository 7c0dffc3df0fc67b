import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { comments, discussions } from "../../../db/schema";
import { recordAudit } from "./audit.server";
import { isCategory } from "~/lib/categories";
import { done, excerpt, isHidden } from "~/server/platform";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";
import { notifyMember } from "~/server/notifications";
import { changedNow } from "~/server/discussions";
import { defineService } from "~/server/db";
import { can, type Viewer } from "~/server/accounts";
import { postHidden } from "~/server/answers";

/**
 * The moderator tools, each an action of the audit log's name, like
 * Discourse's TopicStatusUpdater: the row is locked and read, and an action
 * the row already shows (pinning what is pinned) writes nothing, so double
 * clicks leave one audit entry.
 */
export type DiscussionModeration = { discussionId: string; action: keyof typeof discussionActions; reason?: string };
export type CommentModeration = { discussionId: string; commentId: string; action: "hide-comment" | "restore-comment"; reason?: string };

// The row's state without its text: an action does not need the content.
const { content: _content, searchVector: _searchVector, ...stateColumns } = getTableColumns(discussions);
type DiscussionState = Omit<typeof discussions.$inferSelect, "content" | "searchVector">;

interface DiscussionAction {
  /** The row already shows it: nothing to write. */
  shown(row: DiscussionState): boolean;
  values(viewer: Viewer, reason: string): Partial<typeof discussions.$inferInsert>;
  /** What the author's notification says was done; actions that undo one send none. */
  notice?: "pinned" | "locked" | "hidden";
}

const discussionActions = {
  pin: { shown: (row) => row.isPinned, values: () => ({ isPinned: true }), notice: "pinned" },
  unpin: { shown: (row) => !row.isPinned, values: () => ({ isPinned: false }) },
  lock: {
    shown: (row) => row.lockedAt !== null,
    values: (viewer, reason) => ({ lockedAt: new Date(), lockedBy: viewer.id, lockReason: reason || null }),
    notice: "locked",
  },
  unlock: { shown: (row) => row.lockedAt === null, values: () => ({ lockedAt: null, lockedBy: null, lockReason: null }) },
  "hide-discussion": {
    shown: (row) => isHidden(row),
    values: (viewer, reason) => ({ hiddenAt: new Date(), hiddenBy: viewer.id, hiddenReason: reason }),
    notice: "hidden",
  },
  "restore-discussion": { shown: (row) => !isHidden(row), values: () => ({ hiddenAt: null, hiddenBy: null, hiddenReason: null }) },
} satisfies Record<string, DiscussionAction>;

/** Pin, lock or hide a discussion, or undo it. */
export const moderateDiscussion = defineService<Viewer, DiscussionModeration, DiscussionState>({
  policy: (viewer) => can(viewer, "moderate"),
  load: async (tx, { discussionId }) =>
    (await tx.select(stateColumns).from(discussions).where(eq(discussions.id, discussionId)).for("update"))[0] ?? null,
  async change(tx, { actor, input: { action, reason = "" }, loaded: discussion }) {
    const { shown, values, notice }: DiscussionAction = discussionActions[action];
    if (shown(discussion)) return done;
    // Each action shows on the page (a badge, a banner, the page gone or back): the page has changed.
    await tx
      .update(discussions)
      .set({ ...values(actor, reason), changedAt: changedNow })
      .where(eq(discussions.id, discussion.id));
    const author = discussion.authorId;
    if (action === "hide-discussion" || action === "restore-discussion")
      await postHidden(
        tx,
        { discussionId: discussion.id, commentId: null, authorId: author, helpfulCount: discussion.helpfulCount },
        action === "hide-discussion",
      );
    if (notice && author)
      await notifyMember(tx, { recipientId: author, kind: "moderated", actorId: actor.id, discussionId: discussion.id, detail: notice });
    // Gone (a 404 now) or back: either way search engines should look again.
    if (action === "hide-discussion" || action === "restore-discussion")
      await queueIndexNow(tx, discussionIndexNowPaths(discussion.slug, isCategory(discussion.category) ? [discussion.category] : []));
    // Only the actions that switch something on take a reason.
    await recordAudit(tx, actor, {
      action,
      targetType: "discussion",
      targetId: discussion.id,
      targetLabel: discussion.title,
      details: reason || null,
    });
    return done;
  },
});

/**
 * Hide a comment or restore it. Hiding takes it off the discussion's reply
 * count in the same transaction, restoring puts it back: the count is what
 * the public sees.
 */
export const moderateComment = defineService<
  Viewer,
  CommentModeration,
  { id: string; content: string; authorId: string | null; hiddenAt: Date | null; helpfulCount: number }
>({
  policy: (viewer) => can(viewer, "moderate"),
  load: async (tx, { discussionId, commentId }) =>
    (
      await tx
        .select({
          id: comments.id,
          content: comments.content,
          authorId: comments.authorId,
          hiddenAt: comments.hiddenAt,
          helpfulCount: comments.helpfulCount,
        })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)))
        .for("update")
    )[0] ?? null,
  async change(tx, { actor, input: { discussionId, action, reason = "" }, loaded: comment }) {
    const hide = action === "hide-comment";
    if (isHidden(comment) === hide) return done;
    await tx
      .update(comments)
      .set(
        hide ? { hiddenAt: new Date(), hiddenBy: actor.id, hiddenReason: reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
      )
      .where(eq(comments.id, comment.id));
    await tx
      .update(discussions)
      .set({ repliesCount: sql`${discussions.repliesCount} ${hide ? sql`- 1` : sql`+ 1`}`, changedAt: changedNow })
      .where(eq(discussions.id, discussionId));
    await postHidden(tx, { discussionId, commentId: comment.id, authorId: comment.authorId, helpfulCount: comment.helpfulCount }, hide);
    if (hide && comment.authorId) {
      await notifyMember(tx, {
        recipientId: comment.authorId,
        kind: "moderated",
        actorId: actor.id,
        discussionId,
        commentId: comment.id,
        detail: "hidden",
      });
    }
    await recordAudit(tx, actor, {
      action,
      targetType: "comment",
      targetId: comment.id,
      targetLabel: excerpt(comment.content),
      details: reason || null,
    });
    return done;
  },
});
