import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import { discussionCounts, discussions } from "../../../db/schema";
import { subforums, type Category } from "~/lib/categories";
import { db } from "~/server/db";
import { selectSummaries, toSummary, type DiscussionSummary } from "./discussion-summaries.server";
import { visible } from "~/server/platform";

// Lists of discussions: the home page, the category pages and a member's profile.

export const HOME_RECENT_LIMIT = 12;
export const SUBFORUM_HIGHLIGHT_LIMIT = 3;

/** Newest discussions of all categories (home: 'Aktuelle Diskussionen'). */
export async function listRecentDiscussions(limit = HOME_RECENT_LIMIT): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries().where(visible.discussion()).orderBy(desc(discussions.createdAt)).limit(limit);
  return rows.map(toSummary);
}

/** A member's newest discussions (profile page). */
export async function listDiscussionsByAuthor(authorId: string, limit = 5): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.authorId, authorId), visible.discussion()))
    .orderBy(desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Newest discussions of one category. */
export async function listLatestInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.category, category), visible.discussion()))
    .orderBy(desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Most replied-to discussions of one category; discussions without replies are not "active". */
export async function listMostActiveInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.category, category), gt(discussions.repliesCount, 0), visible.discussion()))
    .orderBy(desc(discussions.repliesCount), desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

export interface SubforumHighlights {
  category: Category;
  latest: DiscussionSummary[];
  mostActive: DiscussionSummary[];
}

/** The three subforum cards of the home page: a fixed number of indexed queries. */
export async function listSubforumHighlights(): Promise<SubforumHighlights[]> {
  return Promise.all(
    subforums.map(async ({ category }) => {
      const [latest, mostActive] = await Promise.all([
        listLatestInCategory(category, SUBFORUM_HIGHLIGHT_LIMIT),
        listMostActiveInCategory(category, SUBFORUM_HIGHLIGHT_LIMIT),
      ]);
      return { category, latest, mostActive };
    }),
  );
}

// ---------------------------------------------------------------------------
// Subforum pages
// ---------------------------------------------------------------------------

export const SUBFORUM_PAGE_SIZE = 25;

export interface DiscussionPage {
  discussions: DiscussionSummary[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * One page of a category, pinned discussions first, then newest. The page's
 * ids come from an index-only scan of the visible-discussions index, and
 * pages in the back half are read from the end backwards, so no page skips
 * more than half of the index and none reads the rows it skips.
 */
export async function listSubforumPage(category: Category, page: number): Promise<DiscussionPage> {
  const inCategory = and(eq(discussions.category, category), visible.discussion());
  const [countRow] = await db
    .select({ value: discussionCounts.visibleCount })
    .from(discussionCounts)
    .where(eq(discussionCounts.category, category));
  const totalCount = countRow?.value ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / SUBFORUM_PAGE_SIZE));
  const offset = (page - 1) * SUBFORUM_PAGE_SIZE;
  const pageSize = Math.min(SUBFORUM_PAGE_SIZE, totalCount - offset);
  const fromEnd = offset > totalCount / 2;
  const forward = [desc(discussions.isPinned), desc(discussions.createdAt), asc(discussions.id)];
  const backward = [asc(discussions.isPinned), asc(discussions.createdAt), desc(discussions.id)];
  const rows =
    pageSize <= 0
      ? []
      : await selectSummaries()
          .where(
            inArray(
              discussions.id,
              db
                .select({ id: discussions.id })
                .from(discussions)
                .where(inCategory)
                .orderBy(...(fromEnd ? backward : forward))
                .limit(pageSize)
                .offset(fromEnd ? totalCount - offset - pageSize : offset),
            ),
          )
          .orderBy(...forward);
  return {
    discussions: rows.map(toSummary),
    totalCount,
    totalPages,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}
