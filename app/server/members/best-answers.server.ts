import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { comments, discussions } from "../../../db/schema";
import { commentPermalink } from "~/lib/paths";
import { db } from "~/server/db";
import { commentPageSql, mentionNamesOf, postTextWithNames } from "~/server/discussions";
import { visible } from "~/server/platform";

/** Best answers a profile shows. */
export const BEST_ANSWERS_SHOWN = 5;

/** One of a member's best answers, as the profile lists it. */
export interface BestAnswer {
  commentId: string;
  /** The comment's text as a reader sees it (mentions as "@Name"). */
  text: string;
  createdAt: Date;
  helpfulCount: number;
  /** The asker (or staff) accepted it as the solution of the discussion. */
  isSolution: boolean;
  discussion: { slug: string; title: string };
  /** The comment on the page of its discussion that shows it. */
  href: string;
}

/**
 * A member's best answers: their visible comments in visible discussions that were accepted as a solution or
 * marked "Hilfreich", the solutions first, then by their marks, the newer first among equals. One statement: the
 * inner query walks the member's comments by the author index (comments_author_created_at_idx) and keeps the
 * best few; the outer one adds, for these few only, the current names of the members they mention and the page
 * that shows each (commentPageSql, over the threads' index).
 */
export async function listBestAnswers(authorId: string, limit = BEST_ANSWERS_SHOWN): Promise<BestAnswer[]> {
  const isSolution = sql<boolean>`${discussions.solutionCommentId} is not distinct from ${comments.id}`;
  const best = db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      discussionId: comments.discussionId,
      content: comments.content,
      contentFormat: comments.contentFormat,
      createdAt: comments.createdAt,
      helpfulCount: comments.helpfulCount,
      isSolution: isSolution.as("is_solution"),
      slug: discussions.slug,
      title: discussions.title,
    })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(
      and(
        eq(comments.authorId, authorId),
        visible.comment(),
        visible.discussion(),
        or(gt(comments.helpfulCount, 0), eq(discussions.solutionCommentId, comments.id)),
      ),
    )
    .orderBy(desc(isSolution), desc(comments.helpfulCount), desc(comments.createdAt), desc(comments.id))
    .limit(limit)
    .as("best");
  const rows = await db
    .select({
      id: best.id,
      content: best.content,
      contentFormat: best.contentFormat,
      mentionNames: mentionNamesOf(best.content, "either"),
      createdAt: best.createdAt,
      helpfulCount: best.helpfulCount,
      isSolution: best.isSolution,
      slug: best.slug,
      title: best.title,
      page: commentPageSql(best),
    })
    .from(best)
    .orderBy(desc(best.isSolution), desc(best.helpfulCount), desc(best.createdAt), desc(best.id));
  return rows.map((row) => ({
    commentId: row.id,
    text: postTextWithNames(row.content, row.contentFormat, row.mentionNames),
    createdAt: row.createdAt,
    helpfulCount: row.helpfulCount,
    isSolution: row.isSolution,
    discussion: { slug: row.slug, title: row.title },
    href: commentPermalink(row.slug, row.page, row.id),
  }));
}
