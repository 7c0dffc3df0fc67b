import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { discussions, discussionTags, tagRedirects, tags } from "../../../db/schema";
import { tagSlug, tagTexts, type TagRef, type TagWithCount } from "~/lib/tags";
import { db, type Database, type Transaction, unqualified } from "~/server/db";
import { canCreateTag, NEW_MEMBER_LIMITS, postingMember, type PostingMember, type Viewer } from "~/server/accounts";
import { fail, ok, type Outcome, visible } from "~/server/platform";

// Tags of discussions (decision 0053): which tags a write names, the discussion's set, the kept counts, the reads.

/** The tag field's name in the discussion forms: a refusal is shown next to it. */
export const TAG_FIELD = "tags";

/**
 * The tags a discussion write names, as rows: existing ones by their slug, missing ones created when the member
 * may (canCreateTag), else refused with the field's German message. `standing` is asked only when a tag is new:
 * the create service has it already, an edit reads it in its transaction.
 */
export async function resolveTags(
  tx: Transaction,
  viewer: Viewer,
  names: readonly string[],
  standing: () => Promise<Pick<PostingMember, "isNew" | "isStaff">> = () => postingMember(viewer, tx),
): Promise<Outcome<string[]>> {
  if (names.length === 0) return ok([]);
  const wanted = names.map((name) => ({ name, slug: tagSlug(name) }));
  const found = await tx
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      inArray(
        tags.slug,
        wanted.map(({ slug }) => slug),
      ),
    );
  const idOf = new Map(found.map((row) => [row.slug, row.id]));
  const missing = wanted.filter(({ slug }) => !idOf.has(slug));
  if (missing.length > 0) {
    if (!canCreateTag(viewer, await standing())) {
      const message = tagTexts.newTagRefused(
        missing.map(({ name }) => name),
        NEW_MEMBER_LIMITS,
      );
      return fail("invalid", message, { [TAG_FIELD]: [message] });
    }
    // A tag created by someone else a moment ago is taken as it is (the unique slug decides, no error).
    await tx
      .insert(tags)
      .values(missing.map(({ name, slug }) => ({ name, slug, createdBy: viewer.id })))
      .onConflictDoNothing({ target: tags.slug });
    const created = await tx
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(
        inArray(
          tags.slug,
          missing.map(({ slug }) => slug),
        ),
      );
    for (const row of created) idOf.set(row.slug, row.id);
  }
  return ok(wanted.map(({ slug }) => idOf.get(slug)!));
}

/**
 * Gives a discussion exactly these tags, in the writing transaction, and sets the counts of every tag that gained
 * or lost it. Answers whether anything changed.
 */
export async function setDiscussionTags(tx: Transaction, discussionId: string, tagIds: readonly string[]): Promise<boolean> {
  const before = (
    await tx.select({ tagId: discussionTags.tagId }).from(discussionTags).where(eq(discussionTags.discussionId, discussionId))
  ).map((row) => row.tagId);
  const removed = before.filter((id) => !tagIds.includes(id));
  const added = tagIds.filter((id) => !before.includes(id));
  if (removed.length === 0 && added.length === 0) return false;
  if (removed.length > 0)
    await tx.delete(discussionTags).where(and(eq(discussionTags.discussionId, discussionId), inArray(discussionTags.tagId, removed)));
  if (added.length > 0)
    await tx
      .insert(discussionTags)
      .values(added.map((tagId) => ({ discussionId, tagId })))
      .onConflictDoNothing();
  await recountTags(tx, [...removed, ...added]);
  return true;
}

/**
 * The counts of these tags, from their rows, in one statement: the visible discussions that carry each. Run where
 * a discussion's tags or its visibility change (hidden, restored, published after review), in that transaction.
 */
export async function recountTags(executor: Database | Transaction, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await recount(executor, inArray(tags.id, [...tagIds]));
}

/** recountTags for the tags of one discussion, after its visibility changed. */
export async function recountTagsOf(executor: Database | Transaction, discussion: { id: string } | { slug: string }): Promise<void> {
  const discussionId =
    "id" in discussion
      ? sql`${discussion.id}::uuid`
      : sql`(select ${discussions.id} from ${discussions} where ${discussions.slug} = ${discussion.slug})`;
  await recount(
    executor,
    sql`${tags.id} in (select ${discussionTags.tagId} from ${discussionTags} where ${discussionTags.discussionId} = ${discussionId})`,
  );
}

async function recount(executor: Database | Transaction, which: SQL | undefined): Promise<void> {
  await executor.execute(sql`update ${tags} set ${unqualified(tags.discussionCount)} = (
      select count(*) from ${discussionTags} join ${discussions} on ${discussions.id} = ${discussionTags.discussionId}
      where ${discussionTags.tagId} = ${tags.id} and ${visible.discussion()}
    )::int
    where ${which}`);
}

/** A discussion's tags, by name (the edit form's field). */
export async function tagsOfDiscussion(discussionId: string, executor: Database | Transaction = db): Promise<TagRef[]> {
  return executor
    .select({ slug: tags.slug, name: tags.name })
    .from(discussionTags)
    .innerJoin(tags, eq(tags.id, discussionTags.tagId))
    .where(eq(discussionTags.discussionId, discussionId))
    .orderBy(asc(tags.name));
}

export const TAG_SUGGESTION_LIMIT = 8;

/**
 * Tags whose name or slug begins with what was typed (or has a word beginning with it), busiest first: the
 * suggestions of the tag field. The typed text is a pattern's literal part (its % and _ escaped).
 */
export async function suggestTags(query: string, limit = TAG_SUGGESTION_LIMIT): Promise<TagWithCount[]> {
  const typed = query.trim().slice(0, 40);
  if (typed === "") return [];
  const literal = typed.replace(/[\\%_]/g, (char) => `\\${char}`);
  const slug = tagSlug(typed).replace(/[\\%_]/g, (char) => `\\${char}`);
  return db
    .select({ slug: tags.slug, name: tags.name, discussionCount: tags.discussionCount })
    .from(tags)
    .where(or(ilike(tags.name, `${literal}%`), ilike(tags.name, `% ${literal}%`), ...(slug ? [sql`${tags.slug} like ${`${slug}%`}`] : [])))
    .orderBy(desc(tags.discussionCount), asc(tags.name))
    .limit(limit);
}

/** Every tag that has visible discussions, busiest first (/tags). */
export async function listTags(): Promise<TagWithCount[]> {
  return db
    .select({ slug: tags.slug, name: tags.name, discussionCount: tags.discussionCount })
    .from(tags)
    .where(gt(tags.discussionCount, 0))
    .orderBy(desc(tags.discussionCount), asc(tags.slug));
}

export interface TagDetail extends TagWithCount {
  id: string;
  description: string;
}

/**
 * The tag of a tag page: the tag itself, or where an old slug leads since a rename or merge (`movedTo`, answered
 * with a 301), or null.
 */
export async function tagAt(slug: string): Promise<{ tag: TagDetail } | { movedTo: string } | null> {
  const [row] = await db
    .select({
      id: tags.id,
      slug: tags.slug,
      name: tags.name,
      description: tags.description,
      discussionCount: tags.discussionCount,
    })
    .from(tags)
    .where(eq(tags.slug, slug));
  if (row) return { tag: row };
  const [moved] = await db
    .select({ slug: tags.slug })
    .from(tagRedirects)
    .innerJoin(tags, eq(tags.id, tagRedirects.tagId))
    .where(eq(tagRedirects.slug, slug));
  return moved ? { movedTo: moved.slug } : null;
}

/** Tags worth a place in the sitemap and llms.txt: at least this many visible discussions. */
export async function indexableTags(threshold: number): Promise<Array<TagWithCount & { description: string }>> {
  return db
    .select({ slug: tags.slug, name: tags.name, discussionCount: tags.discussionCount, description: tags.description })
    .from(tags)
    .where(sql`${tags.discussionCount} >= ${threshold}`)
    .orderBy(desc(tags.discussionCount), asc(tags.slug));
}
