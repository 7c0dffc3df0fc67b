import { isCategory } from "~/lib/categories";
import { discussionEvents } from "~/server/discussions";
import { holdForReview, recordAudit } from "~/server/moderation";
import { notifyComment, notifyDiscussion, notifyMentions, notifyPostAuthor } from "~/server/notifications";
import { answerEvents } from "~/server/answers";
import { checkEventListeners, excerpt } from "~/server/platform";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";

/**
 * Every listener of the domain events, in one place (decision 0021). Loaded
 * once per process before the first write: by app/entry.server.tsx, by
 * server/jobs.ts, by the integration tests' setup and by the scripts that
 * write. Listeners of one event run in the order written here, inside the
 * writer's transaction.
 */

discussionEvents.on("discussion.created", "seo", (tx, { slug, category }) => queueIndexNow(tx, discussionIndexNowPaths(slug, [category])));
discussionEvents.on("discussion.created", "notifications", async (tx, { discussionId, category, actor, mentionedIds }) => {
  await notifyDiscussion(tx, { discussionId, category, actorId: actor.id });
  await notifyMentions(tx, { discussionId, actorId: actor.id, memberIds: mentionedIds });
});

discussionEvents.on("discussion.edited", "notifications", async (tx, { discussion, actor, newlyMentionedIds }) => {
  await notifyMentions(tx, { discussionId: discussion.id, actorId: actor.id, memberIds: newlyMentionedIds });
});
// A hidden discussion's edit changes nothing a search engine can see. A move changes both category pages.
discussionEvents.on("discussion.edited", "seo", async (tx, { discussion }) => {
  if (discussion.hidden) return;
  const before = isCategory(discussion.categoryBefore) ? [discussion.categoryBefore] : [];
  await queueIndexNow(tx, discussionIndexNowPaths(discussion.slug, [...before, discussion.category]));
});
// Staff editing someone else's text is written to the audit log.
discussionEvents.on("discussion.edited", "moderation", async (tx, { discussion, actor }) => {
  if (discussion.authorId === actor.id) return;
  await recordAudit(tx, actor, {
    action: "update-discussion",
    targetType: "discussion",
    targetId: discussion.id,
    targetLabel: discussion.title,
  });
});

// Those mentioned hear of it once: the reply notice skips them.
discussionEvents.on("comment.created", "notifications", async (tx, { discussionId, commentId, actor, parentAuthorId, mentionedIds }) => {
  const mentioned = await notifyMentions(tx, { discussionId, commentId, actorId: actor.id, memberIds: mentionedIds });
  await notifyComment(tx, { discussionId, commentId, actorId: actor.id, parentAuthorId, alreadyTold: mentioned });
});

// A held post waits in the review queue (decision 0035); the team hears of it there, nobody else hears anything yet.
discussionEvents.on("post.held", "moderation", (tx, { discussionId, commentId, authorId }) =>
  holdForReview(tx, { discussionId, commentId }, authorId),
);

discussionEvents.on("comment.edited", "notifications", async (tx, { discussionId, comment, actor, newlyMentionedIds }) => {
  await notifyMentions(tx, { discussionId, commentId: comment.id, actorId: actor.id, memberIds: newlyMentionedIds });
});
discussionEvents.on("comment.edited", "moderation", async (tx, { comment, actor }) => {
  if (comment.authorId === actor.id) return;
  await recordAudit(tx, actor, {
    action: "update-comment",
    targetType: "comment",
    targetId: comment.id,
    targetLabel: excerpt(comment.textBefore),
  });
});

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

checkEventListeners();
