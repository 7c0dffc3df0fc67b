import { moderationEvents } from "~/server/moderation";
import { notifyMember, notifyStaff } from "~/server/notifications";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";

/**
 * What a moderation write causes besides its own rows and its audit entry (decision 0021), in the order the
 * listeners run, inside the writer's transaction.
 */

// The author hears what was done to their post; an action that undoes one (unpin, restore) sends nothing.
moderationEvents.on("post.moderated", "notifications", (tx, { discussionId, commentId, authorId, actorId, notice }) =>
  notifyMember(tx, {
    recipientId: authorId,
    kind: "moderated",
    actorId,
    discussionId,
    ...(commentId ? { commentId } : {}),
    detail: notice,
  }),
);

// Gone (a 404 now) or back: either way search engines should look again, at the page and at the lists it is on.
moderationEvents.on("discussion.visibility-changed", "seo", (tx, { slug, category }) =>
  queueIndexNow(tx, discussionIndexNowPaths(slug, category ? [category] : [])),
);

// Administrators and moderators hear of a new item in the queue once; more reports on it add to the same item.
moderationEvents.on("review.opened", "notifications", (tx, { discussionId, actorId }) => notifyStaff(tx, { discussionId, actorId }));

moderationEvents.on("report.decided", "notifications", async (tx, { discussionId, commentId, reporterIds, actorId, outcome }) => {
  for (const reporterId of reporterIds)
    await notifyMember(tx, {
      recipientId: reporterId,
      kind: "report-decided",
      actorId,
      discussionId,
      ...(commentId ? { commentId } : {}),
      detail: outcome,
    });
});
