import { and, type Column, eq, isNull, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The rows about one post, in any table that names posts by discussion and comment (marks, review items,
 * reports): a discussion's own post has no comment (null), so "the same comment" means both null or equal.
 * Takes the table or an alias, and the post as values or as the columns of an outer query.
 */
export function samePost(
  table: { discussionId: Column; commentId: Column },
  post: { discussionId: string | SQLWrapper; commentId: string | SQLWrapper | null },
): SQL {
  return and(
    eq(table.discussionId, post.discussionId),
    post.commentId === null ? isNull(table.commentId) : eq(table.commentId, post.commentId),
  )!;
}
