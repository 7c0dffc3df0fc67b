import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussionCounts, discussions, discussionTags, helpfulMarks, profiles, tags } from "../../../db/schema";
import { db, queryRows, unqualified, type Database, type Transaction } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import { logger, metrics, visible } from "~/server/platform";

/**
 * The counters the writes keep (a post's "Hilfreich" marks, a discussion's replies, a member's reputation, the
 * visible discussions per category), recomputed from the rows they count. Every write moves them in its own
 * statement or transaction, so nothing should ever differ; but a restore of an older backup, a hand-made fix in
 * the database or a defect of a future write would leave a wrong count on every page for good. Like Discourse's
 * `ensure_db_consistency`, a schedule compares each with its rows twice a day and sets what differs, which it logs
 * and counts (`forum_counter_repairs_total`). A restore makes it due at once (scripts/lib/backup.ts).
 *
 * Here because reputation is the widest counter: it reads the answers' marks and solutions and the discussions'
 * visibility, and `answers` is the lowest domain that reaches both.
 */
export const REPAIR_COUNTERS_JOB = "repair-counters";

const counted = alias(comments, "counted");
const question = alias(discussions, "question");
const solution = alias(comments, "solution");

/**
 * Each counter with its repair, one statement each: it sets the counter of the rows where it differs from the count
 * of their rows and returns them. They run in this order: reputation adds up the posts' counts set before it.
 */
const repairs = {
  // A comment's marks.
  "comments.helpful_count": sql`update ${comments} set ${unqualified(comments.helpfulCount)} = coalesce(marks.n, 0)
    from ${comments} ${counted} left join (
      select ${helpfulMarks.commentId} as post, count(*)::int as n from ${helpfulMarks}
      where ${helpfulMarks.commentId} is not null group by ${helpfulMarks.commentId}
    ) marks on marks.post = ${counted.id}
    where ${counted.id} = ${comments.id} and ${comments.helpfulCount} <> coalesce(marks.n, 0)
    returning ${comments.id}`,
  // The marks on the question itself.
  "discussions.helpful_count": sql`update ${discussions} set ${unqualified(discussions.helpfulCount)} = coalesce(marks.n, 0)
    from ${discussions} ${question} left join (
      select ${helpfulMarks.discussionId} as post, count(*)::int as n from ${helpfulMarks}
      where ${helpfulMarks.commentId} is null group by ${helpfulMarks.discussionId}
    ) marks on marks.post = ${question.id}
    where ${question.id} = ${discussions.id} and ${discussions.helpfulCount} <> coalesce(marks.n, 0)
    returning ${discussions.id}`,
  // The discussion's visible comments.
  "discussions.replies_count": sql`update ${discussions} set ${unqualified(discussions.repliesCount)} = coalesce(replies.n, 0)
    from ${discussions} ${question} left join (
      select ${comments.discussionId} as post, count(*)::int as n from ${comments}
      where ${visible.comment()} group by ${comments.discussionId}
    ) replies on replies.post = ${question.id}
    where ${question.id} = ${discussions.id} and ${discussions.repliesCount} <> coalesce(replies.n, 0)
    returning ${discussions.id}`,
  // The marks on the member's visible posts (comments count in visible discussions only).
  "profiles.helpful_received": sql`update ${profiles} set ${unqualified(profiles.helpfulReceived)} = earned.n
    from (
      select ${profiles.id} as member, coalesce(posts.n, 0)::int as n from ${profiles} left join (
        select earner, sum(weight) as n from (
          select ${discussions.authorId} as earner, ${discussions.helpfulCount} as weight from ${discussions}
          where ${visible.discussion()}
          union all
          select ${counted.authorId}, ${counted.helpfulCount} from ${comments} ${counted}
          join ${discussions} ${question} on ${question.id} = ${counted.discussionId}
          where ${visible.comment(counted)} and ${visible.discussion(question)}
        ) marked group by earner
      ) posts on posts.earner = ${profiles.id}
    ) earned
    where earned.member = ${profiles.id} and ${profiles.helpfulReceived} <> earned.n
    returning ${profiles.id}`,
  // Visible discussions whose solution the member wrote for another member (decision 0051).
  "profiles.solutions_count": sql`update ${profiles} set ${unqualified(profiles.solutionsCount)} = solved.n
    from (
      select ${profiles.id} as member, coalesce(answers.n, 0)::int as n from ${profiles} left join (
        select ${solution.authorId} as earner, count(*) as n from ${discussions} ${question}
        join ${comments} ${solution} on ${solution.id} = ${question.solutionCommentId}
        where ${visible.discussion(question)} and ${visible.comment(solution)} and ${solution.authorId} is distinct from ${question.authorId}
        group by ${solution.authorId}
      ) answers on answers.earner = ${profiles.id}
    ) solved
    where solved.member = ${profiles.id} and ${profiles.solutionsCount} <> solved.n
    returning ${profiles.id}`,
  // The category's visible discussions.
  "discussion_counts.visible_count": sql`update ${discussionCounts} set ${unqualified(discussionCounts.visibleCount)} = coalesce(shown.n, 0)
    from (select ${discussionCounts.category} as category from ${discussionCounts}) kept left join (
      select ${discussions.category} as category, count(*)::int as n from ${discussions}
      where ${visible.discussion()} group by ${discussions.category}
    ) shown on shown.category = kept.category
    where kept.category = ${discussionCounts.category} and ${discussionCounts.visibleCount} <> coalesce(shown.n, 0)
    returning ${discussionCounts.category}`,
  // The tag's visible discussions (decision 0053).
  "tags.discussion_count": sql`update ${tags} set ${unqualified(tags.discussionCount)} = coalesce(tagged.n, 0)
    from (select ${tags.id} as tag from ${tags}) kept left join (
      select ${discussionTags.tagId} as tag, count(*)::int as n from ${discussionTags}
      join ${discussions} on ${discussions.id} = ${discussionTags.discussionId}
      where ${visible.discussion()} group by ${discussionTags.tagId}
    ) tagged on tagged.tag = kept.tag
    where kept.tag = ${tags.id} and ${tags.discussionCount} <> coalesce(tagged.n, 0)
    returning ${tags.id}`,
} satisfies Record<string, SQL>;

export type Counter = keyof typeof repairs;

/** Rows whose counter differed from its rows, by counter (all of them, zero where it held). */
export type Repairs = Record<Counter, number>;

for (const counter of Object.keys(repairs)) metrics.counterRepairs.inc({ counter }, 0);

/**
 * Sets every counter that differs from its rows, in one transaction that reads one snapshot (repeatable read). A
 * write that changes one of the rows it sets before it commits makes it fail (a serialization failure) instead of
 * setting a count from before that write; the runner tries again after its pause.
 */
export async function repairCounters(executor: Database = db): Promise<Repairs> {
  const found = await executor.transaction(
    async (tx: Transaction) => {
      const found = {} as Repairs;
      for (const [counter, statement] of Object.entries(repairs)) found[counter as Counter] = (await queryRows(statement, tx)).length;
      return found;
    },
    { isolationLevel: "repeatable read" },
  );
  const drifted = Object.entries(found).filter(([, rows]) => rows > 0);
  for (const [counter, rows] of drifted) metrics.counterRepairs.inc({ counter }, rows);
  if (drifted.length > 0) logger.warn({ repaired: Object.fromEntries(drifted) }, "counters differed from their rows and were set anew");
  return found;
}

defineSchedule(REPAIR_COUNTERS_JOB, { everySeconds: 12 * 3_600, run: async () => void (await repairCounters()) });
