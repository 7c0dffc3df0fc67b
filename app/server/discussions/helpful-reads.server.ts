import { asc, eq, and, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { helpfulMarks, profiles } from "../../../db/schema";
import { samePost, valueRead, type ValueRead } from "~/server/db";
import type { Column } from "drizzle-orm";

/** Names shown next to a post's "Hilfreich" count: the first ones ("Hilfreich für Aylin, Jonas und 3 weitere"). */
export const HELPFUL_NAMES_SHOWN = 2;
/** Staff see who marked a post (seeWhoMarked), up to this many names. */
export const HELPFUL_NAMES_FOR_STAFF = 200;

const m = alias(helpfulMarks, "hm");
const mp = alias(profiles, "hmp");

/**
 * A column for the post reads (the discussion and its comment page): who marked the post first. A subquery of
 * the same statement, over the marks' index: the page sends no more queries however many marks there are.
 * Whether the reader marked a post is theirs alone and not part of these reads, which every reader shares
 * (decision record 0042): `helpfulMarksOf` answers it for the whole page.
 */
export function helpfulColumns(
  post: { discussionId: SQL | Column; commentId: SQL | Column | null; helpfulCount: Column },
  options: HelpfulReadOptions,
) {
  const ofPost = samePost(m, post);
  // Guests, search engines and members read a marker by first name, as the byline and the comments name authors
  // (decision 0042); staff, who see every marker to keep order, tell two of one first name apart by the full name.
  const name = options.allNames ? sql`${mp.firstName} || ' ' || ${mp.lastName}` : sql`${mp.firstName}`;
  // Most posts have no mark: their row asks nothing more.
  const names = sql<string[] | null>`case when ${post.helpfulCount} > 0 then (select array_agg(x.name) from (
      select ${name} as name from ${helpfulMarks} ${m} join ${profiles} ${mp} on ${mp.id} = ${m.memberId}
      where ${ofPost} order by ${asc(m.createdAt)} limit ${options.allNames ? HELPFUL_NAMES_FOR_STAFF : HELPFUL_NAMES_SHOWN}) x) end`;
  return { helpfulNames: names };
}

export interface HelpfulReadOptions {
  /** Staff see every name, in full (seeWhoMarked); everyone else the first few by first name, as guests do. */
  allNames: boolean;
}

export const guestHelpfulRead: HelpfulReadOptions = { allNames: false };

/** What a post shows of its marks. A hidden post keeps its marks but shows none. */
export interface HelpfulView {
  count: number;
  names: string[];
  /** Whether the reader marked it; false in the shared reads, set for a member by `withOwnMarks`. */
  markedByViewer: boolean;
}

export function helpfulView(row: { helpfulCount: number; helpfulNames: string[] | null }, hidden: boolean): HelpfulView {
  return hidden
    ? { count: 0, names: [], markedByViewer: false }
    : { count: row.helpfulCount, names: row.helpfulNames ?? [], markedByViewer: false };
}

/** The posts of a discussion a member marked "Hilfreich": comment ids, and "discussion" for the question. */
export function helpfulMarksOf(memberId: string, discussionId: string): ValueRead<Set<string>> {
  return valueRead(
    sql`select coalesce(json_agg(coalesce(${m.commentId}::text, 'discussion')), '[]'::json) from ${helpfulMarks} ${m}
      where ${and(eq(m.memberId, memberId), eq(m.discussionId, discussionId))}`,
    (raw) => new Set(raw as string[]),
  );
}

/** A post's marks as this member sees them: marked by them where they marked it (a post showing no marks shows none of theirs either). */
export function withOwnMarks(helpful: HelpfulView, post: string, marks: ReadonlySet<string>): HelpfulView {
  return { ...helpful, markedByViewer: helpful.count > 0 && marks.has(post) };
}
