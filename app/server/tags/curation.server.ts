import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { discussionTags, tagRedirects, tags, tagWatches } from "../../../db/schema";
import { TAG_DESCRIPTION_MAX_LENGTH, tagNameProblem, tagSlug, tidyTagName } from "~/lib/tags";
import { db, defineService, type Transaction, unqualified } from "~/server/db";
import { can, type Viewer } from "~/server/accounts";
import { done, fail, ok } from "~/server/platform";
import { tagEvents } from "./events.server";
import { recountTags } from "./tags.server";

// Staff curate the tags (/admin/tags, decision 0053): rename, merge, delete, describe. Each is audited.

export interface CuratedTag {
  id: string;
  slug: string;
  name: string;
  description: string;
  discussionCount: number;
}

/** Every tag, the unused ones too (staff's list). */
export async function listTagsForCuration(): Promise<CuratedTag[]> {
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, description: tags.description, discussionCount: tags.discussionCount })
    .from(tags)
    .orderBy(desc(tags.discussionCount), asc(tags.slug));
}

async function loadTag(tx: Transaction, tagId: string): Promise<CuratedTag | null> {
  const [row] = await tx
    .select({ id: tags.id, slug: tags.slug, name: tags.name, description: tags.description, discussionCount: tags.discussionCount })
    .from(tags)
    .where(eq(tags.id, tagId))
    .for("update");
  return row ?? null;
}

/** The old address answers 301 to the tag's page from now on; an address taken back by the tag itself leads nowhere. */
async function keepOldAddress(tx: Transaction, oldSlug: string, tagId: string): Promise<void> {
  await tx.insert(tagRedirects).values({ slug: oldSlug, tagId }).onConflictDoUpdate({ target: tagRedirects.slug, set: { tagId } });
}

/** A new name, and with it a new address when its slug differs; the old one answers 301 (tag_redirects). */
export const renameTag = defineService<Viewer, { tagId: string; name: string }, CuratedTag, { slug: string }>({
  policy: (viewer) => can(viewer, "curateTags"),
  load: (tx, { tagId }) => loadTag(tx, tagId),
  async change(tx, { actor, input, loaded: tag }) {
    const name = tidyTagName(input.name);
    const problem = tagNameProblem(name);
    if (problem) return fail("invalid", problem, { name: [problem] });
    const slug = tagSlug(name);
    if (slug !== tag.slug) {
      const [taken] = await tx
        .select({ name: tags.name })
        .from(tags)
        .where(and(eq(tags.slug, slug), ne(tags.id, tag.id)));
      if (taken) {
        const message = `Das Schlagwort „${taken.name}“ gibt es schon: Führen Sie die beiden zusammen.`;
        return fail("conflict", message, { name: [message] });
      }
      await tx.delete(tagRedirects).where(eq(tagRedirects.slug, slug));
      await keepOldAddress(tx, tag.slug, tag.id);
    }
    await tx.update(tags).set({ name, slug }).where(eq(tags.id, tag.id));
    await tagEvents.emit(tx, "tag.curated", {
      actor,
      action: "tag-rename",
      tagId: tag.id,
      label: name,
      details: `${tag.name} → ${name}`,
    });
    return ok({ slug });
  },
});

/**
 * Tag A into tag B: A's discussions carry B (a discussion with both keeps one), A's watchers watch B (decision 0056),
 * A's addresses lead to B's page for good, and A is gone. B's count is set from its rows.
 */
export const mergeTag = defineService<Viewer, { tagId: string; intoId: string }, { from: CuratedTag; into: CuratedTag }, { slug: string }>({
  policy: (viewer) => can(viewer, "curateTags"),
  async load(tx, { tagId, intoId }) {
    const from = await loadTag(tx, tagId);
    const into = await loadTag(tx, intoId);
    return from && into ? { from, into } : null;
  },
  authorize: (_viewer, { from, into }) => from.id !== into.id || fail("invalid", "Wählen Sie ein anderes Schlagwort zum Zusammenführen."),
  async change(tx, { actor, loaded: { from, into } }) {
    // One statement: every discussion of A gets B, unless it has B already.
    await tx.execute(sql`insert into ${discussionTags} ("discussion_id", "tag_id")
      select ${discussionTags.discussionId}, ${into.id}::uuid from ${discussionTags} where ${discussionTags.tagId} = ${from.id}
      on conflict do nothing`);
    await tx.execute(sql`insert into ${tagWatches} (${unqualified(tagWatches.memberId, tagWatches.tagId, tagWatches.createdAt)})
      select ${tagWatches.memberId}, ${into.id}::uuid, ${tagWatches.createdAt} from ${tagWatches} where ${tagWatches.tagId} = ${from.id}
      on conflict do nothing`);
    await tx.update(tagRedirects).set({ tagId: into.id }).where(eq(tagRedirects.tagId, from.id));
    await tx.delete(tags).where(eq(tags.id, from.id));
    await keepOldAddress(tx, from.slug, into.id);
    await recountTags(tx, [into.id]);
    await tagEvents.emit(tx, "tag.curated", {
      actor,
      action: "tag-merge",
      tagId: into.id,
      label: into.name,
      details: `${from.name} → ${into.name}`,
    });
    return ok({ slug: into.slug });
  },
});

/** Gone from every discussion and every watcher's list (the rows go with it); its page answers 404 (the normal one, noindex). */
export const deleteTag = defineService<Viewer, { tagId: string }, CuratedTag>({
  policy: (viewer) => can(viewer, "curateTags"),
  load: (tx, { tagId }) => loadTag(tx, tagId),
  async change(tx, { actor, loaded: tag }) {
    await tx.delete(tags).where(eq(tags.id, tag.id));
    await tagEvents.emit(tx, "tag.curated", { actor, action: "tag-delete", tagId: tag.id, label: tag.name, details: null });
    return done;
  },
});

/** The text on the tag's page (and its meta description), written by staff. */
export const describeTag = defineService<Viewer, { tagId: string; description: string }, CuratedTag>({
  policy: (viewer) => can(viewer, "curateTags"),
  load: (tx, { tagId }) => loadTag(tx, tagId),
  async change(tx, { actor, input, loaded: tag }) {
    const description = input.description.trim().replace(/\s+/g, " ");
    if (description.length > TAG_DESCRIPTION_MAX_LENGTH) {
      const message = `Die Beschreibung hat höchstens ${TAG_DESCRIPTION_MAX_LENGTH} Zeichen.`;
      return fail("invalid", message, { description: [message] });
    }
    await tx.update(tags).set({ description }).where(eq(tags.id, tag.id));
    await tagEvents.emit(tx, "tag.curated", {
      actor,
      action: "tag-describe",
      tagId: tag.id,
      label: tag.name,
      details: description || null,
    });
    return done;
  },
});
