import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { discussionCounts, discussions, discussionTags } from "../../../db/schema";
import { subforums, type Category } from "~/lib/categories";
import { statusCounts, type DiscussionStatus, type StatusCounts } from "~/lib/discussion-status";
import { db } from "~/server/db";
import { selectSummaries, statusScope, toSummary, type DiscussionSummary } from "./discussion-summaries.server";
import { visible } from "~/server/platform";

// Lists of discussions: the home page, the category pages and a member's profile.

export const HOME_RECENT_LIMIT = 12;
export const SUBFORUM_HIGHLIGHT_LIMIT = 3;
export const UNANSWERED_LIMIT = 5;

/** Newest discussions of all categories (home: 'Aktuelle Diskussionen'). */
export async function listRecentDiscussions(limit = HOME_RECENT_LIMIT): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries().where(visible.discussion()).orderBy(desc(discussions.createdAt)).limit(limit);
  return rows.map(toSummary);
}

/**
 * Questions still waiting for a first answer (home: 'Unbeantwortet'), newest first: visible, not solved, no
 * visible comment. Read from discussions_visible_unanswered_idx, which holds just these, so the list costs
 * five index entries however old the newest unanswered ones are (walking the newest discussions instead
 * read 80,000 rows when the last 4,000 unanswered of 100,000 were the oldest).
 */
export async function listUnansweredDiscussions(limit = UNANSWERED_LIMIT): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    // A literal 0, as in the index's predicate: a parameter would not prove that the index covers the query.
    .where(and(visible.discussion(), statusScope("open"), sql`${discussions.repliesCount} = 0`))
    .orderBy(desc(discussions.createdAt))
    .limit(limit);
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
  /** Discussions the chosen filter shows, over all pages. */
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** The filter "Alle / Offen / Gelöst": undefined for all. */
  status: DiscussionStatus | undefined;
  /** What each choice of the filter would show. */
  counts: StatusCounts;
}

/**
 * One page of a category, pinned discussions first, then newest: all of them,
 * or only the open or the solved ones. The page's ids come from an index-only
 * scan of the visible discussions' index (all), or of the open or the solved
 * ones' partial index in the same order, and pages in the back half are read
 * from the end backwards, so no page skips more than half of its index and
 * none reads the rows it skips.
 *
 * One statement counts: the visible ones from discussion_counts, the solved
 * ones from their index; open is the difference.
 */
export async function listSubforumPage(category: Category, page: number, status?: DiscussionStatus): Promise<DiscussionPage> {
  const inCategory = and(eq(discussions.category, category), visible.discussion());
  const solvedInCategory = and(inCategory, statusScope("solved"));
  const [countRow] = await db
    .select({
      visible: discussionCounts.visibleCount,
      solved: sql<number>`(select count(*) from ${discussions} where ${solvedInCategory})`.mapWith(Number),
    })
    .from(discussionCounts)
    .where(eq(discussionCounts.category, category));
  const counts = statusCounts(countRow?.visible ?? 0, countRow?.solved ?? 0);
  const totalCount = counts[status ?? "all"];
  const totalPages = Math.max(1, Math.ceil(totalCount / SUBFORUM_PAGE_SIZE));
  const offset = (page - 1) * SUBFORUM_PAGE_SIZE;
  const pageSize = Math.min(SUBFORUM_PAGE_SIZE, totalCount - offset);
  const fromEnd = offset > totalCount / 2;
  const forward = [desc(discussions.isPinned), desc(discussions.createdAt), asc(discussions.id)];
  const backward = [asc(discussions.isPinned), asc(discussions.createdAt), desc(discussions.id)];
  const listed = status ? and(inCategory, statusScope(status)) : inCategory;
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
                .where(listed)
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
    status,
    counts,
  };
}

// ---------------------------------------------------------------------------
// Tag pages (decision 0053)
// ---------------------------------------------------------------------------

export interface TagDiscussionPage {
  discussions: DiscussionSummary[];
  totalPages: number;
  currentPage: number;
}

/**
 * One page of a tag's visible discussions, newest first, by the subforum's page size. `visibleCount` is the tag's
 * kept count (tags.discussion_count, the visible discussions that carry it), so the page asks no count of its own.
 */
export async function listTagPage(tagId: string, visibleCount: number, page: number): Promise<TagDiscussionPage> {
  const totalPages = Math.max(1, Math.ceil(visibleCount / SUBFORUM_PAGE_SIZE));
  const offset = (page - 1) * SUBFORUM_PAGE_SIZE;
  const order = [desc(discussions.createdAt), asc(discussions.id)];
  const rows =
    offset >= visibleCount
      ? []
      : await selectSummaries()
          .where(
            inArray(
              discussions.id,
              db
                .select({ id: discussions.id })
                .from(discussionTags)
                .innerJoin(discussions, eq(discussions.id, discussionTags.discussionId))
                .where(and(eq(discussionTags.tagId, tagId), visible.discussion()))
                .orderBy(...order)
                .limit(SUBFORUM_PAGE_SIZE)
                .offset(offset),
            ),
          )
          .orderBy(...order);
  return { discussions: rows.map(toSummary), totalPages, currentPage: page };
}
