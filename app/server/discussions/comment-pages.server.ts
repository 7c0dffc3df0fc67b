import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments } from "../../../db/schema";

/** Top-level comments (threads) per page of a discussion; each comes with all its replies. */
export const COMMENT_THREADS_PER_PAGE = 50;

const thread = alias(comments, "cp_thread");
const before = alias(comments, "cp_before");

/**
 * The page of its discussion that shows a comment, as a column of the statement that reads the comment: its
 * thread's place among the discussion's threads (hidden ones too, as listCommentPage pages them), over the
 * threads' index. A permalink needs no query of its own (commentHref, the solution's link, best answers).
 */
export function commentPageSql(comment: { id: Column | SQL; parentId: Column | SQL; discussionId: Column | SQL }): SQL<number> {
  // A fragment of its own: a select from a single table writes the columns of its selection without their table,
  // which in a subquery would name the subquery's own columns; nested, every column keeps its table.
  const threadsUpTo = sql`(
      select count(*) from ${comments} ${before}
      where ${before.discussionId} = ${comment.discussionId} and ${before.parentId} is null
        and (${before.createdAt}, ${before.id}) <= (
          select ${thread.createdAt}, ${thread.id} from ${comments} ${thread} where ${thread.id} = coalesce(${comment.parentId}, ${comment.id})
        )
    )`;
  return sql<number>`greatest(1, ceil(${threadsUpTo}::numeric / ${sql.raw(String(COMMENT_THREADS_PER_PAGE))}))::int`;
}
