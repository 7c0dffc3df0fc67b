import { and, asc, eq, sql } from "drizzle-orm";
import { tags, tagWatches } from "../../../db/schema";
import type { TagWatchLevel } from "~/lib/notifications";
import type { TagRef } from "~/lib/tags";
import { db, defineService, valueRead, type ValueRead } from "~/server/db";
import { done } from "~/server/platform";
import { can, type Viewer } from "~/server/accounts";

/*
 * Watching a tag (decision 0056): like a category's "Beobachten", every new discussion that carries it notifies the
 * member (notifyDiscussion). "Normal" is no row; there is no muted tag.
 */

/** The member's level for a tag, as one of a page's small reads (readValuesTogether). */
export function tagWatchLevelOf(memberId: string, tagId: string): ValueRead<TagWatchLevel> {
  return valueRead(
    sql`select 'watching' from ${tagWatches} where ${and(eq(tagWatches.memberId, memberId), eq(tagWatches.tagId, tagId))}`,
    (raw) => (raw === "watching" ? "watching" : "normal"),
  );
}

/** The tags the member watches, by name (their data export). */
export async function watchedTags(memberId: string): Promise<Array<TagRef & { since: Date }>> {
  return db
    .select({ slug: tags.slug, name: tags.name, since: tagWatches.createdAt })
    .from(tagWatches)
    .innerJoin(tags, eq(tags.id, tagWatches.tagId))
    .where(eq(tagWatches.memberId, memberId))
    .orderBy(asc(tags.name));
}

/** Watches the tag or stops; the tag is locked against a delete or merge in between. */
export const watchTag = defineService<Viewer, { tagId: string; level: TagWatchLevel }, true>({
  policy: (viewer) => can(viewer, "watch"),
  load: async (tx, { tagId }) =>
    (await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId)).for("key share")).length > 0 || null,
  async change(tx, { actor, input: { tagId, level } }) {
    if (level === "watching") await tx.insert(tagWatches).values({ memberId: actor.id, tagId }).onConflictDoNothing();
    else await tx.delete(tagWatches).where(and(eq(tagWatches.memberId, actor.id), eq(tagWatches.tagId, tagId)));
    return done;
  },
});
