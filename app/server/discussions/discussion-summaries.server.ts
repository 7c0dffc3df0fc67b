import { eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { discussions, discussionTags, profiles, tags } from "../../../db/schema";
import type { TagRef } from "~/lib/tags";
import { categories, isCategory, type Category } from "~/lib/categories";
import { db } from "~/server/db";
import type { DiscussionStatus } from "~/lib/discussion-status";

// What every list of discussions shows (home, category pages, profiles, search, feeds, llms.txt), in one shape.

export interface AuthorSummary {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

/** A post's author as the post shows them: with the expertise and experience a reader weighs advice by. */
export interface PostAuthor extends AuthorSummary {
  expertise: string;
  experience: string;
}

export interface DiscussionSummary {
  id: string;
  slug: string;
  title: string;
  category: Category;
  isPinned: boolean;
  repliesCount: number;
  viewsCount: number;
  /** An answer was accepted as the solution ("Gelöst"). */
  solved: boolean;
  createdAt: Date;
  updatedAt: Date;
  author: AuthorSummary | null;
  /** Its tags by name (decision 0053); up to five, read from the primary key of discussion_tags. */
  tags: TagRef[];
}

export const summaryColumns = {
  id: discussions.id,
  slug: discussions.slug,
  title: discussions.title,
  category: discussions.category,
  isPinned: discussions.isPinned,
  repliesCount: discussions.repliesCount,
  viewsCount: discussions.viewsCount,
  solved: sql<boolean>`${discussions.solutionCommentId} is not null`,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  authorId: profiles.id,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
  authorAvatarUrl: profiles.avatarUrl,
  tags: sql<
    TagRef[] | string
  >`coalesce((select json_agg(json_build_object('slug', ${tags.slug}, 'name', ${tags.name}) order by ${tags.name})
    from ${discussionTags} join ${tags} on ${tags.id} = ${discussionTags.tagId}
    where ${discussionTags.discussionId} = ${discussions.id}), '[]'::json)`,
};

/** The tags column as read: node-postgres and PGlite both parse json; a driver that hands back its text is read here. */
export function readTags(value: TagRef[] | string): TagRef[] {
  return typeof value === "string" ? (JSON.parse(value) as TagRef[]) : value;
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function toSummary(row: SummaryRow): DiscussionSummary {
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
    solved: row.solved,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    tags: readTags(row.tags),
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

/** Discussions joined to their authors in the summary shape, hidden ones too: each list adds its own filter and order. */
export function selectSummaries() {
  return db.select(summaryColumns).from(discussions).leftJoin(profiles, eq(profiles.id, discussions.authorId));
}

/**
 * The filter "Offen / Gelöst" as a condition: solved once an answer is accepted (the solution), open until then.
 * Lists and the search use it, so that "solved" means the same everywhere, and the one of the category page
 * matches the predicate of its index (discussions_visible_solved_idx).
 */
export function statusScope(status: DiscussionStatus): SQL {
  return status === "solved" ? isNotNull(discussions.solutionCommentId) : isNull(discussions.solutionCommentId);
}
