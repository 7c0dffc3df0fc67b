import { and, eq, sql } from "drizzle-orm";
import { comments, discussions, profiles } from "../../../db/schema";
import { defineService, type Transaction } from "~/server/db";
import { changedNow } from "~/server/discussions";
import { done, fail, isHidden, visible } from "~/server/platform";
import { canMarkSolution, can, type Viewer } from "~/server/accounts";
import { answerEvents } from "./events.server";

/** The comment that solved the question, or null to take the choice back. */
export type SolutionChoice = { discussionId: string; commentId: string | null };

export const solutionTexts = {
  notAnAnswer: "Dieser Kommentar gehört nicht (mehr) zur Diskussion.",
  marked: "Als Lösung markiert",
  unmarked: "Lösung zurückgenommen",
  failed: "Lösung nicht gespeichert",
} as const;

interface Question {
  id: string;
  title: string;
  authorId: string | null;
  hiddenAt: Date | null;
  solutionCommentId: string | null;
}

/**
 * Moves one solution's weight in its author's reputation: +1 when it becomes the solution, -1 when it stops being
 * one. The asker's own comment counts for nobody (decision 0051): a solution is an answer another member accepted.
 */
async function countSolution(tx: Transaction, commentId: string, step: 1 | -1): Promise<void> {
  await tx
    .update(profiles)
    .set({ solutionsCount: sql`greatest(${profiles.solutionsCount} + ${step}, 0)` })
    .where(
      eq(
        profiles.id,
        sql`(select ${comments.authorId} from ${comments} join ${discussions} on ${discussions.id} = ${comments.discussionId}
          where ${comments.id} = ${commentId} and ${comments.authorId} is distinct from ${discussions.authorId})`,
      ),
    );
}

/**
 * The asker (or staff) marks the comment that answered the question, or takes it back. The discussion's row is
 * locked first: two moderators choosing different answers at once leave exactly one, the later one, and each
 * answer's author gains or loses one solution in the same transaction.
 */
export const markSolution = defineService<Viewer, SolutionChoice, Question>({
  policy: (viewer) => can(viewer, "comment") || can(viewer, "moderate"),
  load: async (tx, { discussionId }) =>
    (
      await tx
        .select({
          id: discussions.id,
          title: discussions.title,
          authorId: discussions.authorId,
          hiddenAt: discussions.hiddenAt,
          solutionCommentId: discussions.solutionCommentId,
        })
        .from(discussions)
        .where(eq(discussions.id, discussionId))
        .for("no key update")
    )[0] ?? null,
  authorize: (viewer, question) => canMarkSolution(viewer, question) || (isHidden(question) ? fail("not-found") : false),
  async change(tx, { actor, input: { commentId }, loaded: question }) {
    if (question.solutionCommentId === commentId) return done;
    const [answer] = commentId
      ? await tx
          .select({ authorId: comments.authorId })
          .from(comments)
          .where(and(eq(comments.id, commentId), eq(comments.discussionId, question.id), visible.comment()))
      : [];
    if (commentId && !answer) return fail("invalid", solutionTexts.notAnAnswer);
    await tx
      .update(discussions)
      .set({
        solutionCommentId: commentId,
        solvedAt: commentId ? new Date() : null,
        solvedBy: commentId ? actor.id : null,
        changedAt: changedNow,
      })
      .where(eq(discussions.id, question.id));
    if (question.solutionCommentId) await countSolution(tx, question.solutionCommentId, -1);
    if (commentId) await countSolution(tx, commentId, 1);
    await answerEvents.emit(tx, "solution.marked", {
      discussion: { id: question.id, title: question.title, authorId: question.authorId },
      commentId,
      commentAuthorId: answer?.authorId ?? null,
      actor,
    });
    return done;
  },
});

/** The reputation a discussion's visible comments earned, taken off (-1) or given back (+1) with the discussion. */
async function discussionAnswersCounted(tx: Transaction, discussionId: string, sign: 1 | -1): Promise<void> {
  const earned = tx
    .select({ authorId: comments.authorId, marks: sql<number>`sum(${comments.helpfulCount})`.as("marks") })
    .from(comments)
    .where(and(eq(comments.discussionId, discussionId), visible.comment(), sql`${comments.helpfulCount} > 0`))
    .groupBy(comments.authorId)
    .as("earned");
  await tx
    .update(profiles)
    .set({ helpfulReceived: sql`greatest(${profiles.helpfulReceived} + ${sign} * ${earned.marks}, 0)` })
    .from(earned)
    .where(eq(profiles.id, earned.authorId));
  const [question] = await tx.select({ solution: discussions.solutionCommentId }).from(discussions).where(eq(discussions.id, discussionId));
  if (question?.solution) await countSolution(tx, question.solution, sign);
}

/**
 * What hiding or restoring a post does to the answers (called by the moderation in its transaction): a hidden post
 * shows no marks and counts for nobody's reputation; a hidden comment stops being the solution, and a restored one
 * does not become it again by itself (the asker chooses anew). A hidden discussion takes its visible comments'
 * marks and its solution off their authors' reputation until it is restored (it keeps its solution).
 */
export async function postHidden(
  tx: Transaction,
  post: { discussionId: string; commentId: string | null; authorId: string | null; helpfulCount: number },
  hidden: boolean,
): Promise<void> {
  // A comment of a hidden discussion already counts for nobody (the discussion took it off): nothing to move twice.
  const counted =
    post.commentId === null ||
    (
      await tx
        .select({ id: discussions.id })
        .from(discussions)
        .where(and(eq(discussions.id, post.discussionId), visible.discussion()))
    ).length > 0;
  if (counted && post.authorId && post.helpfulCount > 0) {
    const step = hidden ? -post.helpfulCount : post.helpfulCount;
    await tx
      .update(profiles)
      .set({ helpfulReceived: sql`greatest(${profiles.helpfulReceived} + ${step}, 0)` })
      .where(eq(profiles.id, post.authorId));
  }
  if (post.commentId === null) {
    await discussionAnswersCounted(tx, post.discussionId, hidden ? -1 : 1);
    return;
  }
  if (!hidden) return;
  const [cleared] = await tx
    .update(discussions)
    .set({ solutionCommentId: null, solvedAt: null, solvedBy: null })
    .where(and(eq(discussions.id, post.discussionId), eq(discussions.solutionCommentId, post.commentId)))
    .returning({ id: discussions.id });
  if (cleared && counted) await countSolution(tx, post.commentId, -1);
}
