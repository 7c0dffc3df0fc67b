import { and, desc, eq, gt } from "drizzle-orm";
import { discussions, profiles } from "../../db/schema";
import { categories, isCategory, subforums, type Category } from "~/lib/categories";
import { db } from "./db.server";

export const HOME_RECENT_LIMIT = 12;
export const SUBFORUM_HIGHLIGHT_LIMIT = 3;

export interface AuthorSummary {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

export interface DiscussionSummary {
  id: string;
  slug: string;
  title: string;
  category: Category;
  isPinned: boolean;
  repliesCount: number;
  viewsCount: number;
  createdAt: Date;
  updatedAt: Date;
  author: AuthorSummary | null;
}

const summaryColumns = {
  id: discussions.id,
  slug: discussions.slug,
  title: discussions.title,
  category: discussions.category,
  isPinned: discussions.isPinned,
  repliesCount: discussions.repliesCount,
  viewsCount: discussions.viewsCount,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  authorId: profiles.id,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
  authorAvatarUrl: profiles.avatarUrl,
};

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): DiscussionSummary {
  // The check constraint guarantees the category; the guard keeps the type honest.
  const category = isCategory(row.category) ? row.category : categories[3];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category,
    isPinned: row.isPinned,
    repliesCount: row.repliesCount,
    viewsCount: row.viewsCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author:
      row.authorId === null
        ? null
        : {
            id: row.authorId,
            firstName: row.authorFirstName ?? "",
            lastName: row.authorLastName ?? "",
            avatarUrl: row.authorAvatarUrl,
          },
  };
}

function selectSummaries() {
  return db.select(summaryColumns).from(discussions).leftJoin(profiles, eq(profiles.id, discussions.authorId));
}

/** Newest discussions of all categories (home: 'Aktuelle Diskussionen'). */
export async function listRecentDiscussions(limit = HOME_RECENT_LIMIT): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries().orderBy(desc(discussions.createdAt)).limit(limit);
  return rows.map(toSummary);
}

/** Newest discussions of one category. */
export async function listLatestInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(eq(discussions.category, category))
    .orderBy(desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Most replied-to discussions of one category; discussions without replies are not "active". */
export async function listMostActiveInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.category, category), gt(discussions.repliesCount, 0)))
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
