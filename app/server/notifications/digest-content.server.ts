import { sql, type Column, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  categoryWatches,
  comments,
  discussions,
  discussionTags,
  discussionWatches,
  helpfulMarks,
  profiles,
  tagWatches,
} from "../../../db/schema";
import { isCategory, type Category } from "~/lib/categories";
import { queryRows, type Database, type Transaction } from "~/server/db";
import { visible } from "~/server/platform";

/**
 * What the digest mail tells a member who has been away (decision 0059): since a point in time, the discussions
 * with the most new answers and the most "Hilfreich", new solutions where they watch (a category, a tag or the
 * discussion), questions still without an answer in the category of their expertise, and how much else is new.
 * Only what the public sees (the visibility scopes: nothing hidden, nothing held for review), never the member's own
 * discussions or marks on their own posts, nothing they muted. A discussion is listed once, in the first section
 * that has it: the closest to the reader first (what they watch, what they know), the busiest last.
 */

export interface DigestDiscussion {
  id: string;
  slug: string;
  title: string;
  category: Category;
}

export interface DigestContent {
  solved: (DigestDiscussion & { solverName: string | null })[];
  unanswered: DigestDiscussion[];
  helpful: (DigestDiscussion & { marks: number })[];
  active: (DigestDiscussion & { newAnswers: number; isNew: boolean })[];
  /** New discussions and answers since, besides those listed. */
  more: { discussions: number; answers: number };
}

/** The most each section lists. */
export const DIGEST_SECTION_SIZE = { active: 5, helpful: 3, solved: 5, unanswered: 5 } as const;

export function isDigestEmpty(content: DigestContent): boolean {
  return (
    content.active.length + content.helpful.length + content.solved.length + content.unanswered.length === 0 &&
    content.more.discussions + content.more.answers === 0
  );
}

export interface DigestReader {
  id: string;
  /** The profile's expertise: a category's value when it names one (app/lib/members.ts), else none. */
  expertise: string;
}

const d = alias(discussions, "d");
const c = alias(comments, "c");
const h = alias(helpfulMarks, "h");
const s = alias(comments, "s");
const sp = alias(profiles, "sp");
const cw = alias(categoryWatches, "cw");
const dw = alias(discussionWatches, "dw");
const tw = alias(tagWatches, "tw");
const dt = alias(discussionTags, "dt");

/** A discussion anyone may read, not the reader's own, in no category or thread they muted. */
function forReader(readerId: string): SQL {
  return sql`${visible.discussion(d)} and ${d.authorId} is distinct from ${readerId}
    and not exists (select 1 from ${categoryWatches} ${cw} where ${cw.memberId} = ${readerId} and ${cw.category} = ${d.category} and ${cw.level} = 'muted')
    and not exists (select 1 from ${discussionWatches} ${dw} where ${dw.memberId} = ${readerId} and ${dw.discussionId} = ${d.id} and ${dw.level} = 'muted')`;
}

/** A comment anyone may read that someone else wrote. */
const othersVisibleComment = (table: { hiddenAt: Column; authorId: Column }, readerId: string) =>
  sql`${visible.comment(table)} and ${table.authorId} is distinct from ${readerId}`;

type Row = { id: string; slug: string; title: string; category: string };
const asDiscussion = ({ id, slug, title, category }: Row): DigestDiscussion => ({
  id,
  slug,
  title,
  category: isCategory(category) ? category : "general",
});

/** The content for `reader` since `since`, read in the caller's transaction (the job's claim) or alone (the preview). */
export async function digestContent(reader: DigestReader, since: Date, executor: Database | Transaction): Promise<DigestContent> {
  const at = sql`${since.toISOString()}::timestamptz`;
  const mine = forReader(reader.id);
  // Twice each section's size: a discussion an earlier section took leaves the later one room to fill.
  // One after another: in the job they share the claim's transaction, whose connection runs one statement at a time.
  const active = await queryRows<Row & { new_answers: number; is_new: boolean }>(
    sql`
      with recent as (
        select ${c.discussionId} as id, count(*)::int as n from ${comments} ${c}
        where ${c.createdAt} > ${at} and ${othersVisibleComment(c, reader.id)}
        group by ${c.discussionId}
        union all
        select ${d.id}, 0 from ${discussions} ${d} where ${d.createdAt} > ${at})
      select ${d.id}, ${d.slug}, ${d.title}, ${d.category}, sum(recent.n)::int as new_answers, bool_or(${d.createdAt} > ${at}) as is_new
      from recent join ${discussions} ${d} on ${d.id} = recent.id
      where ${mine}
      group by ${d.id}
      order by new_answers desc, max(${d.createdAt}) desc
      limit ${DIGEST_SECTION_SIZE.active * 2}`,
    executor,
  );
  const helpful = await queryRows<Row & { marks: number }>(
    sql`
      select ${d.id}, ${d.slug}, ${d.title}, ${d.category}, count(*)::int as marks
      from ${helpfulMarks} ${h}
      join ${discussions} ${d} on ${d.id} = ${h.discussionId}
      left join ${comments} ${c} on ${c.id} = ${h.commentId}
      where ${h.createdAt} > ${at} and ${h.memberId} is distinct from ${reader.id} and ${mine}
        and (${h.commentId} is null or (${othersVisibleComment(c, reader.id)}))
      group by ${d.id}
      order by marks desc, max(${h.createdAt}) desc
      limit ${DIGEST_SECTION_SIZE.helpful * 2}`,
    executor,
  );
  const solved = await queryRows<Row & { solver: string | null }>(
    sql`
      select ${d.id}, ${d.slug}, ${d.title}, ${d.category}, ${sp.firstName} as solver
      from ${discussions} ${d}
      join ${comments} ${s} on ${s.id} = ${d.solutionCommentId}
      left join ${profiles} ${sp} on ${sp.id} = ${s.authorId}
      where ${d.solutionCommentId} is not null and ${d.solvedAt} > ${at} and ${mine} and ${othersVisibleComment(s, reader.id)}
        and (exists (select 1 from ${categoryWatches} ${cw} where ${cw.memberId} = ${reader.id} and ${cw.category} = ${d.category} and ${cw.level} = 'watching')
          or exists (select 1 from ${discussionWatches} ${dw} where ${dw.memberId} = ${reader.id} and ${dw.discussionId} = ${d.id} and ${dw.level} = 'watching')
          or exists (select 1 from ${tagWatches} ${tw} join ${discussionTags} ${dt} on ${dt.tagId} = ${tw.tagId}
            where ${tw.memberId} = ${reader.id} and ${dt.discussionId} = ${d.id}))
      order by ${d.solvedAt} desc
      limit ${DIGEST_SECTION_SIZE.solved * 2}`,
    executor,
  );
  const unanswered = isCategory(reader.expertise)
    ? await queryRows<Row>(
        sql`
          select ${d.id}, ${d.slug}, ${d.title}, ${d.category} from ${discussions} ${d}
          where ${d.category} = ${reader.expertise} and ${d.createdAt} > ${at} and ${mine}
            and ${d.repliesCount} = 0 and ${d.solutionCommentId} is null
          order by ${d.createdAt} desc
          limit ${DIGEST_SECTION_SIZE.unanswered * 2}`,
        executor,
      )
    : [];
  const listed = new Set<string>();
  const take = <T extends { id: string }>(rows: T[], size: number): T[] => {
    const taken = rows.filter((row) => !listed.has(row.id)).slice(0, size);
    for (const row of taken) listed.add(row.id);
    return taken;
  };
  // The closest to the reader first: what they watch and know, then what others found helpful, then the busiest.
  const solvedTaken = take(solved, DIGEST_SECTION_SIZE.solved);
  const unansweredTaken = take(unanswered, DIGEST_SECTION_SIZE.unanswered);
  const helpfulTaken = take(helpful, DIGEST_SECTION_SIZE.helpful);
  const activeTaken = take(active, DIGEST_SECTION_SIZE.active);
  const content: DigestContent = {
    solved: solvedTaken.map((row) => ({ ...asDiscussion(row), solverName: row.solver })),
    unanswered: unansweredTaken.map(asDiscussion),
    helpful: helpfulTaken.map((row) => ({ ...asDiscussion(row), marks: Number(row.marks) })),
    active: activeTaken.map((row) => ({ ...asDiscussion(row), newAnswers: Number(row.new_answers), isNew: row.is_new })),
    more: { discussions: 0, answers: 0 },
  };
  content.more = await moreSince(reader.id, at, mine, [...listed], executor);
  return content;
}

/** What else is new, besides the listed discussions: new ones, and answers in any other. */
async function moreSince(
  readerId: string,
  at: SQL,
  mine: SQL,
  listed: string[],
  executor: Database | Transaction,
): Promise<DigestContent["more"]> {
  const notListed = sql`${d.id} <> all(${`{${listed.join(",")}}`}::uuid[])`;
  const [row] = await queryRows<{ discussions: number; answers: number }>(
    sql`select
      (select count(*)::int from ${discussions} ${d} where ${d.createdAt} > ${at} and ${mine} and ${notListed}) as discussions,
      (select count(*)::int from ${comments} ${c} join ${discussions} ${d} on ${d.id} = ${c.discussionId}
        where ${c.createdAt} > ${at} and ${othersVisibleComment(c, readerId)} and ${mine} and ${notListed}) as answers`,
    executor,
  );
  return { discussions: Number(row?.discussions ?? 0), answers: Number(row?.answers ?? 0) };
}
