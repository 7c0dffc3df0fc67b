import { and, eq, sql } from "drizzle-orm";
import { comments } from "../../../db/schema";
import type { ThreadState } from "~/lib/live-thread";
import { db } from "~/server/db";
import { isHidden, visible } from "~/server/platform";
import { sharedDiscussionBySlug } from "./discussion-page.server";

/**
 * What an open discussion page learns live (decision 0055): the state every reader sees, from the shared read guests'
 * pages use (decision 0042), plus the sum of the visible comments' "Hilfreich" marks (one small statement over the
 * comments' discussion index). Null for a discussion that is gone or hidden (held ones are stored hidden): its
 * watchers are told nothing. Read once per burst of changes per app server (ThreadWatchers), never per watcher.
 */
export async function liveThreadState(slug: string): Promise<ThreadState | null> {
  const discussion = await sharedDiscussionBySlug(slug);
  if (!discussion || isHidden(discussion)) return null;
  const [marks] = await db
    .select({ helpful: sql<number>`coalesce(sum(${comments.helpfulCount}), 0)`.mapWith(Number) })
    .from(comments)
    .where(and(eq(comments.discussionId, discussion.id), visible.comment()));
  return {
    replies: discussion.repliesCount,
    solved: discussion.solved,
    helpful: discussion.helpful.count + (marks?.helpful ?? 0),
    changedAt: new Date(discussion.changedAt).toISOString(),
  };
}
