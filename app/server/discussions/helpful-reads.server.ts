import { asc, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { helpfulMarks, profiles } from "../../../db/schema";
import { samePost } from "~/server/db";
import type { Column } from "drizzle-orm";

/** Names shown next to a post's "Hilfreich" count: the first ones ("Hilfreich für Aylin, Jonas und 3 weitere"). */
export const HELPFUL_NAMES_SHOWN = 2;
/** Staff see who marked a post (seeWhoMarked), up to this many names. */
export const HELPFUL_NAMES_FOR_STAFF = 200;

const m = alias(helpfulMarks, "hm");
const mp = alias(profiles, "hmp");

/**
 * Columns for the post reads (the discussion and its comment page): who marked the post first, and whether the
 * viewer did. Subqueries of the same statement, over the marks' index: the page sends no more queries however
 * many marks there are.
 */
export function helpfulColumns(
  post: { discussionId: SQL | Column; commentId: SQL | Column | null; helpfulCount: Column },
  options: HelpfulReadOptions,
) {
  const ofPost = samePost(m, post);
  // Most posts have no mark: their row asks nothing more.
  const names = sql<string[] | null>`case when ${post.helpfulCount} > 0 then (select array_agg(x.name) from (
      select ${mp.firstName} || ' ' || ${mp.lastName} as name from ${helpfulMarks} ${m} join ${profiles} ${mp} on ${mp.id} = ${m.memberId}
      where ${ofPost} order by ${asc(m.createdAt)} limit ${options.allNames ? HELPFUL_NAMES_FOR_STAFF : HELPFUL_NAMES_SHOWN}) x) end`;
  const markedByViewer =
    options.viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`(${post.helpfulCount} > 0 and exists (select 1 from ${helpfulMarks} ${m} where ${m.memberId} = ${options.viewerId} and ${ofPost}))`;
  return { helpfulNames: names, markedByViewer };
}

export interface HelpfulReadOptions {
  /** The signed-in member, for "marked by me"; null for guests (their page is shared). */
  viewerId: string | null;
  /** Staff see every name (seeWhoMarked). */
  allNames: boolean;
}

export const guestHelpfulRead: HelpfulReadOptions = { viewerId: null, allNames: false };

/** What a post shows of its marks. A hidden post keeps its marks but shows none. */
export interface HelpfulView {
  count: number;
  names: string[];
  markedByViewer: boolean;
}

export function helpfulView(
  row: { helpfulCount: number; helpfulNames: string[] | null; markedByViewer: boolean },
  hidden: boolean,
): HelpfulView {
  return hidden
    ? { count: 0, names: [], markedByViewer: false }
    : { count: row.helpfulCount, names: row.helpfulNames ?? [], markedByViewer: row.markedByViewer };
}
