import { isCategory } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { discussionEvents } from "~/server/discussions";
import { holdForReview, recordAudit } from "~/server/moderation";
import { recordStatement } from "~/server/legal";
import { notifyComment, notifyDiscussion, notifyMentions } from "~/server/notifications";
import { excerpt } from "~/server/platform";
import { refreshSearchWordsSoon } from "~/server/search";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";

/**
 * What a new or edited discussion or comment causes, besides its own rows (decision 0021): every listener of the
 * discussions' events, in the order they run, inside the writer's transaction.
 */

discussionEvents.on("discussion.created", "seo", (tx, { slug, category }) => queueIndexNow(tx, discussionIndexNowPaths(slug, [category])));
discussionEvents.on("discussion.created", "notifications", async (tx, { discussionId, category, actor, mentionedIds }) => {
  await notifyDiscussion(tx, { discussionId, category, actorId: actor.id });
  await notifyMentions(tx, { discussionId, actorId: actor.id, memberIds: mentionedIds });
});
// Its title's words join the vocabulary of "Meinten Sie …?" (decision 0052).
discussionEvents.on("discussion.created", "search", (tx) => refreshSearchWordsSoon(tx));

discussionEvents.on("discussion.edited", "notifications", async (tx, { discussion, actor, newlyMentionedIds }) => {
  await notifyMentions(tx, { discussionId: discussion.id, actorId: actor.id, memberIds: newlyMentionedIds });
});
// A hidden discussion's edit changes nothing a search engine can see. A move changes both category pages.
discussionEvents.on("discussion.edited", "seo", async (tx, { discussion }) => {
  if (discussion.hidden) return;
  const before = isCategory(discussion.categoryBefore) ? [discussion.categoryBefore] : [];
  await queueIndexNow(tx, discussionIndexNowPaths(discussion.slug, [...before, discussion.category]));
}); // A visible discussion's new title changes the vocabulary; a hidden one's joins it when it is restored.
discussionEvents.on("discussion.edited", "search", async (tx, { discussion }) => {
  if (discussion.renamed && !discussion.hidden) await refreshSearchWordsSoon(tx);
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
// The discussion's page has a new answer. The queue keeps a path once however many comments wait, and the schedule
// sends them together, so a busy thread is one URL per submission, not one per comment.
discussionEvents.on("comment.created", "seo", (tx, { slug }) => queueIndexNow(tx, [paths.discussion(slug)]));

// A held post waits in the review queue (decision 0035); the team hears of it there, nobody else hears anything yet.
discussionEvents.on("post.held", "moderation", (tx, { discussionId, commentId, authorId }) =>
  holdForReview(tx, { discussionId, commentId }, authorId),
);
// Held is restricted too (DSA Art. 17): its author gets the statement of reasons, with the rules that held it.
discussionEvents.on("post.held", "legal", (tx, { discussionId, commentId, authorId, reasons }) =>
  recordStatement(tx, { restriction: "held", discussionId, commentId, authorId, reasons: reasons.map((reason) => reason.label) }),
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
