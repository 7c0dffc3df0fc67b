import { answerEvents } from "~/server/answers";
import { recordAudit } from "~/server/moderation";
import { notifyPostAuthor } from "~/server/notifications";

/** What "Hilfreich" and a solution cause besides their own rows (decision 0021), in the order the listeners run. */

answerEvents.on("helpful.marked", "notifications", (tx, { discussionId, commentId, authorId, actor }) =>
  notifyPostAuthor(tx, { kind: "helpful", recipientId: authorId, actorId: actor.id, discussionId, commentId }),
);
answerEvents.on("solution.marked", "notifications", async (tx, { discussion, commentId, commentAuthorId, actor }) => {
  if (commentId && commentAuthorId)
    await notifyPostAuthor(tx, {
      kind: "solution",
      recipientId: commentAuthorId,
      actorId: actor.id,
      discussionId: discussion.id,
      commentId,
    });
});
// Staff choosing (or taking back) the solution of someone else's question is written to the audit log.
answerEvents.on("solution.marked", "moderation", async (tx, { discussion, commentId, actor }) => {
  if (discussion.authorId === actor.id) return;
  await recordAudit(tx, actor, {
    action: commentId ? "mark-solution" : "unmark-solution",
    targetType: "discussion",
    targetId: discussion.id,
    targetLabel: discussion.title,
  });
});
