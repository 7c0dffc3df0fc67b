import { moderationEvents } from "~/server/moderation";
import { notifyMember, notifyStaff } from "~/server/notifications";
import { refreshSearchWordsSoon } from "~/server/search";
import { discussionIndexNowPaths, queueIndexNow } from "~/server/seo";
import { decideNotices, recordStatement } from "~/server/legal";

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

// A hidden post's author gets the statement of reasons (DSA Art. 17, decision 0048), on its page and by mail.
moderationEvents.on("post.moderated", "legal", (tx, { discussionId, commentId, authorId, actorId, notice, reason }) =>
  notice === "hidden" || notice === "auto-hidden"
    ? recordStatement(tx, { discussionId, commentId, authorId, actorId, restriction: "hidden", reason })
    : Promise.resolve(),
);

// Gone (a 404 now) or back: either way search engines should look again, at the page and at the lists it is on.
moderationEvents.on("discussion.visibility-changed", "seo", (tx, { slug, category }) =>
  queueIndexNow(tx, discussionIndexNowPaths(slug, category ? [category] : [])),
);
// Its title's words leave the vocabulary of "Meinten Sie …?" or come back (decision 0052).
moderationEvents.on("discussion.visibility-changed", "search", (tx) => refreshSearchWordsSoon(tx));

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

// Whoever sent a confirmed legal notice about the post hears the decision and its reasons (DSA Art. 16(5)).
moderationEvents.on("review.decided", "legal", (tx, { itemId, outcome }) => decideNotices(tx, itemId, outcome));

// A suspended or silenced member gets the statement of reasons too (DSA Art. 17), a suspended one whole in the mail.
moderationEvents.on("member.restricted", "legal", (tx, { memberId, actorId, kind, until, reason }) =>
  recordStatement(tx, { restriction: kind, memberId, actorId, until, reason }),
);
