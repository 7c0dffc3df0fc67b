import { and, eq, sql } from "drizzle-orm";
import { comments, discussions, helpfulMarks, profiles } from "../../../db/schema";
import { defineService, queryRows, samePost, unqualified, type Transaction } from "~/server/db";
import { fail, isHidden, ok, visible } from "~/server/platform";
import { canMarkHelpful, can, checkRateLimits, helpfulMarksPerMember, type Viewer } from "~/server/accounts";
import { answerEvents } from "./events.server";

/** A post is the question (commentId null) or one of its comments. */
export type HelpfulChoice = { discussionId: string; commentId: string | null; marked: boolean };

export const helpfulTexts = {
  ownPost: "Ihren eigenen Beitrag können Sie nicht als hilfreich markieren.",
  tooMany: "Sie haben in kurzer Zeit sehr viele Beiträge markiert. Bitte versuchen Sie es in ein paar Minuten wieder.",
  failed: "„Hilfreich“ nicht gespeichert",
} as const;

export interface Post {
  authorId: string | null;
  hiddenAt: Date | null;
}

/**
 * The post's row, locked (FOR NO KEY UPDATE: the marks' foreign keys still pass) so that a moderator hiding it
 * waits for this mark and the reputation below moves with a post that is visible. A comment of a hidden
 * discussion is as hidden as the discussion.
 */
export async function lockPost(
  tx: Transaction,
  { discussionId, commentId }: { discussionId: string; commentId: string | null },
): Promise<Post | null> {
  if (commentId === null) {
    const [row] = await tx
      .select({ authorId: discussions.authorId, hiddenAt: discussions.hiddenAt })
      .from(discussions)
      .where(eq(discussions.id, discussionId))
      .for("no key update");
    return row ?? null;
  }
  const [row] = await tx
    .select({ authorId: comments.authorId, hiddenAt: sql<Date | null>`coalesce(${comments.hiddenAt}, ${discussions.hiddenAt})` })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)))
    .for("no key update", { of: comments });
  return row ?? null;
}

/**
 * Marks a post "Hilfreich" or takes the mark back. One statement adds or removes the mark and moves the post's
 * count and its author's reputation by what it actually changed: a double click, a resent form and fifty members
 * at once all leave the count equal to the marks. The form says which state it wants (not "toggle"), so a resend
 * changes nothing.
 */
export const setHelpful = defineService<Viewer, HelpfulChoice, Post, { marked: boolean; count: number }>({
  policy: (viewer) => can(viewer, "markHelpful"),
  async prepare(viewer) {
    const limit = await checkRateLimits([[helpfulMarksPerMember, viewer.id]]);
    return limit.allowed ? ok(undefined) : { ...fail("too-many-requests", helpfulTexts.tooMany), retryAfter: limit.retryAfter };
  },
  load: lockPost,
  // For anyone but staff a hidden post does not exist; staff cannot mark it either (its marks are frozen).
  authorize: (viewer, post) =>
    canMarkHelpful(viewer, post) || (isHidden(post) ? fail("not-found") : fail("forbidden", helpfulTexts.ownPost)),
  async change(tx, { actor, input, loaded: post }) {
    const { discussionId, commentId, marked } = input;
    const target = commentId === null ? discussions : comments;
    const targetId = commentId ?? discussionId;
    const ownMark = and(eq(helpfulMarks.memberId, actor.id), samePost(helpfulMarks, { discussionId, commentId }));
    const changed = marked
      ? sql`insert into ${helpfulMarks} (${unqualified(helpfulMarks.memberId, helpfulMarks.discussionId, helpfulMarks.commentId)})
          values (${actor.id}, ${discussionId}::uuid, ${commentId}::uuid) on conflict do nothing returning 1`
      : sql`delete from ${helpfulMarks} where ${ownMark} returning 1`;
    const step = marked ? sql`+ 1` : sql`- 1`;
    const [row] = await queryRows<{ count: number; changed: boolean }>(
      sql`with changed as (${changed}),
        post as (
          update ${target} set ${unqualified(target.helpfulCount)} = ${target.helpfulCount} ${step}
          where ${target.id} = ${targetId}::uuid and exists (select 1 from changed) and ${visible[commentId === null ? "discussion" : "comment"](target)}
          returning ${target.helpfulCount} as count
        ),
        author as (
          update ${profiles} set ${unqualified(profiles.helpfulReceived)} = greatest(${profiles.helpfulReceived} ${step}, 0)
          where ${profiles.id} = ${post.authorId} and exists (select 1 from post)
        )
        select coalesce((select count from post), (select ${target.helpfulCount} from ${target} where ${target.id} = ${targetId}::uuid))::int as count,
          exists (select 1 from changed) as changed`,
      tx,
    );
    if (marked && row?.changed && post.authorId)
      await answerEvents.emit(tx, "helpful.marked", { discussionId, commentId, authorId: post.authorId, actor });
    return ok({ marked, count: row?.count ?? 0 });
  },
});
