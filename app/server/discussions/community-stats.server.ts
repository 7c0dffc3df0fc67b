import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussionCounts, discussions, events, profiles } from "../../../db/schema";
import { categories, isCategory, type Category } from "~/lib/categories";
import { db, queryRows } from "~/server/db";
import { visible } from "~/server/platform";

// The home page's community statistics: totals, per category and the last seven days.

export interface CommunityStats {
  totalDiscussions: number;
  totalMembers: number;
  totalEvents: number;
  discussionsByCategory: Record<Category, number>;
  weeklyStats: { newMembers: number; newDiscussions: number; newEvents: number; activeDiscussions: number };
}

const d = alias(discussions, "d");

export async function getCommunityStats(now = new Date()): Promise<CommunityStats> {
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const [totals] = await queryRows<Record<string, string | number>>(sql`
    select
      (select count(*) from ${profiles} where ${profiles.approvalStatus} = 'approved') as total_members,
      (select count(*) from ${events}) as total_events,
      (select count(*) from ${profiles} where ${profiles.approvalStatus} = 'approved' and ${profiles.createdAt} > ${since}::timestamptz) as new_members,
      (select count(*) from ${discussions} where ${visible.discussion()} and ${discussions.createdAt} > ${since}::timestamptz) as new_discussions,
      (select count(*) from ${events} where ${events.createdAt} > ${since}::timestamptz) as new_events,
      -- The week's ids first, then one primary-key lookup each for the hidden check: as a scalar subquery it
      -- stays a lookup per id, where a join or EXISTS lets the planner hash every discussion of the forum.
      (select count(*) from (
        select ${discussions.id} from ${discussions} where ${discussions.createdAt} > ${since}::timestamptz or ${discussions.updatedAt} > ${since}::timestamptz
        union
        select ${comments.discussionId} from ${comments} where ${comments.createdAt} > ${since}::timestamptz and ${visible.comment()}
      ) week where (select ${visible.discussion(d)} from ${discussions} ${d} where ${d.id} = week.id)) as active_discussions`);
  const perCategory = await db.select({ category: discussionCounts.category, value: discussionCounts.visibleCount }).from(discussionCounts);
  const discussionsByCategory = Object.fromEntries(categories.map((c) => [c, 0])) as Record<Category, number>;
  for (const row of perCategory) if (isCategory(row.category)) discussionsByCategory[row.category] = row.value;
  const n = (key: string) => Number(totals?.[key] ?? 0);
  return {
    totalDiscussions: Object.values(discussionsByCategory).reduce((sum, value) => sum + value, 0),
    totalMembers: n("total_members"),
    totalEvents: n("total_events"),
    discussionsByCategory,
    weeklyStats: {
      newMembers: n("new_members"),
      newDiscussions: n("new_discussions"),
      newEvents: n("new_events"),
      activeDiscussions: n("active_discussions"),
    },
  };
}
