import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { comments, discussions } from "../../../db/schema";
import { recordAudit } from "./audit.server";
import { moderationEvents } from "./events.server";
import { isCategory } from "~/lib/categories";
import { done, excerpt, fail, HIDDEN_BY_REPORTS_REASON, isHeld, isHidden } from "~/server/platform";
import { changedNow, postText } from "~/server/discussions";
import type { ContentFormat } from "~/lib/rich-text";
import { defineService, type Transaction } from "~/server/db";
import { can, type Viewer } from "~/server/accounts";
import { postHidden } from "~/server/answers";
import { recountTagsOf } from "~/server/tags";

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
  values(viewer: Viewer | null, reason: string): Partial<typeof discussions.$inferInsert>;
  /** What the author's notification says was done; actions that undo one send none. */
  notice?: "pinned" | "locked" | "hidden";
}

const discussionActions = {
  pin: { shown: (row) => row.isPinned, values: () => ({ isPinned: true }), notice: "pinned" },
  unpin: { shown: (row) => !row.isPinned, values: () => ({ isPinned: false }) },
  lock: {
    shown: (row) => row.lockedAt !== null,
    values: (viewer, reason) => ({ lockedAt: new Date(), lockedBy: viewer?.id ?? null, lockReason: reason || null }),
    notice: "locked",
  },
  unlock: { shown: (row) => row.lockedAt === null, values: () => ({ lockedAt: null, lockedBy: null, lockReason: null }) },
  "hide-discussion": {
    shown: (row) => isHidden(row),
    values: (viewer, reason) => ({ hiddenAt: new Date(), hiddenBy: viewer?.id ?? null, hiddenReason: reason }),
    notice: "hidden",
  },
  "restore-discussion": { shown: (row) => !isHidden(row), values: () => ({ hiddenAt: null, hiddenBy: null, hiddenReason: null }) },
} satisfies Record<string, DiscussionAction>;

export type { DiscussionState };

/** The discussion's row as the moderation needs it, locked. */
export async function loadDiscussionState(tx: Transaction, discussionId: string): Promise<DiscussionState | null> {
  return (await tx.select(stateColumns).from(discussions).where(eq(discussions.id, discussionId)).for("update"))[0] ?? null;
}

/**
 * Applies one action to a loaded discussion with all that follows in the same transaction: the page's date, the
 * answers, and the events for the author's notice and IndexNow. `by.actor` is null when the forum itself acted (reports, decision 0029).
 * Returns false when the row already showed it.
 */
export async function applyDiscussionAction(
  tx: Transaction,
  discussion: DiscussionState,
  action: DiscussionModeration["action"],
  by: { actor: Viewer | null; reason: string },
): Promise<boolean> {
  const { shown, values, notice }: DiscussionAction = discussionActions[action];
  if (shown(discussion)) return false;
  // Each action shows on the page (a badge, a banner, the page gone or back): the page has changed.
  await tx
    .update(discussions)
    .set({ ...values(by.actor, by.reason), changedAt: changedNow })
    .where(eq(discussions.id, discussion.id));
  const author = discussion.authorId;
  const hiding = action === "hide-discussion" || action === "restore-discussion";
  if (hiding) {
    await postHidden(
      tx,
      { discussionId: discussion.id, commentId: null, authorId: author, helpfulCount: discussion.helpfulCount },
      action === "hide-discussion",
    );
    // A tag counts the visible discussions that carry it (decision 0053).
    await recountTagsOf(tx, { id: discussion.id });
  }
  if (notice && author)
    await moderationEvents.emit(tx, "post.moderated", {
      discussionId: discussion.id,
      commentId: null,
      authorId: author,
      actorId: by.actor?.id ?? null,
      notice: notice === "hidden" && by.actor === null ? "auto-hidden" : notice,
      reason: by.reason,
    });
  if (hiding)
    await moderationEvents.emit(tx, "discussion.visibility-changed", {
      slug: discussion.slug,
      category: isCategory(discussion.category) ? discussion.category : null,
    });
  return true;
}

/** A held post (decision 0035) is published or turned down in the review queue, where its item is closed too. */
export const heldInQueueText = "Dieser Beitrag wartet auf Freigabe: Bitte entscheiden Sie in der Moderation darüber.";

/** Pin, lock or hide a discussion, or undo it. */
export const moderateDiscussion = defineService<Viewer, DiscussionModeration, DiscussionState>({
  policy: (viewer) => can(viewer, "moderate"),
  load: (tx, { discussionId }) => loadDiscussionState(tx, discussionId),
  authorize: (_viewer, discussion, { action }) =>
    !isHeld(discussion) || (action !== "hide-discussion" && action !== "restore-discussion") || fail("conflict", heldInQueueText),
  async change(tx, { actor, input: { action, reason = "" }, loaded: discussion }) {
    if (!(await applyDiscussionAction(tx, discussion, action, { actor, reason }))) return done;
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

type CommentState = {
  id: string;
  content: string;
  contentFormat: ContentFormat;
  authorId: string | null;
  hiddenAt: Date | null;
  heldAt: Date | null;
  helpfulCount: number;
};

/** The comment's row as hiding and restoring need it, locked. */
export async function loadCommentState(tx: Transaction, discussionId: string, commentId: string): Promise<CommentState | null> {
  return (
    (
      await tx
        .select({
          id: comments.id,
          content: comments.content,
          contentFormat: comments.contentFormat,
          authorId: comments.authorId,
          hiddenAt: comments.hiddenAt,
          heldAt: comments.heldAt,
          helpfulCount: comments.helpfulCount,
        })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)))
        .for("update")
    )[0] ?? null
  );
}

/**
 * Hides or restores a loaded comment, with all that follows in the same transaction: the discussion's reply count
 * (what the public sees), its page's date, the answers (marks and solution) and the author's notice. `by` is null
 * when the forum itself hid it (reports, decision 0029). Returns false when the comment already was so.
 */
export async function setCommentHidden(
  tx: Transaction,
  discussionId: string,
  comment: CommentState,
  hide: boolean,
  by: { actor: Viewer | null; reason: string },
): Promise<boolean> {
  if (isHidden(comment) === hide) return false;
  await tx
    .update(comments)
    .set(
      hide
        ? { hiddenAt: new Date(), hiddenBy: by.actor?.id ?? null, hiddenReason: by.reason }
        : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
    )
    .where(eq(comments.id, comment.id));
  await tx
    .update(discussions)
    .set({ repliesCount: sql`${discussions.repliesCount} ${hide ? sql`- 1` : sql`+ 1`}`, changedAt: changedNow })
    .where(eq(discussions.id, discussionId));
  await postHidden(tx, { discussionId, commentId: comment.id, authorId: comment.authorId, helpfulCount: comment.helpfulCount }, hide);
  if (hide && comment.authorId)
    await moderationEvents.emit(tx, "post.moderated", {
      discussionId,
      commentId: comment.id,
      authorId: comment.authorId,
      actorId: by.actor?.id ?? null,
      notice: by.actor === null ? "auto-hidden" : "hidden",
      reason: by.reason,
    });
  return true;
}

/**
 * Hide a comment or restore it. Hiding takes it off the discussion's reply
 * count in the same transaction, restoring puts it back: the count is what
 * the public sees.
 */
export const moderateComment = defineService<Viewer, CommentModeration, CommentState>({
  policy: (viewer) => can(viewer, "moderate"),
  load: (tx, { discussionId, commentId }) => loadCommentState(tx, discussionId, commentId),
  authorize: (_viewer, comment) => !isHeld(comment) || fail("conflict", heldInQueueText),
  async change(tx, { actor, input: { discussionId, action, reason = "" }, loaded: comment }) {
    if (!(await setCommentHidden(tx, discussionId, comment, action === "hide-comment", { actor, reason }))) return done;
    await recordAudit(tx, actor, {
      action,
      targetType: "comment",
      targetId: comment.id,
      targetLabel: excerpt(postText(comment.content, comment.contentFormat)),
      details: reason || null,
    });
    return done;
  },
});

/**
 * A moderator decides to hide a post that reports hid already: from now on it is their decision (hidden_by, their
 * reason), so its readers no longer see "gemeldet, bis die Moderation entscheidet" (isHiddenByReports).
 */
export async function takeOverHidden(
  tx: Transaction,
  post: { discussionId: string; commentId: string | null },
  by: { actor: Viewer; reason: string },
): Promise<void> {
  const values = { hiddenBy: by.actor.id, hiddenReason: by.reason || HIDDEN_BY_REPORTS_REASON };
  if (post.commentId === null)
    await tx
      .update(discussions)
      .set(values)
      .where(
        and(eq(discussions.id, post.discussionId), isNull(discussions.hiddenBy), eq(discussions.hiddenReason, HIDDEN_BY_REPORTS_REASON)),
      );
  else
    await tx
      .update(comments)
      .set(values)
      .where(and(eq(comments.id, post.commentId), isNull(comments.hiddenBy), eq(comments.hiddenReason, HIDDEN_BY_REPORTS_REASON)));
}
