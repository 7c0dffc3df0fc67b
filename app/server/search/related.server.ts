import { and, asc, desc, eq, gt, lte, max, notInArray, sql } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import { categories, isCategory, type Category } from "~/lib/categories";
import { db } from "~/server/db";
import { sharedReads, visible } from "~/server/platform";
import { similarDiscussions, type SimilarDiscussion } from "./similar.server";

/** "Ähnliche Diskussionen" under a discussion: this many links. */
export const RELATED_COUNT = 5;

/** The discussion the list is for: what similarity reads, and its place for the link that reaches deep. */
export interface RelatedSource {
  id: string;
  slug: string;
  title: string;
  content: string;
  category: Category;
}

/**
 * The list under a discussion (decision record 0051), kept like the page's shared part (0042): one read per
 * discussion between its changes, for guests and members alike, dropped with the discussion's own reads
 * (`discussion:<slug>`) and with everything when any discussion is hidden, shown again or deleted (migration
 * 0035 sends '*' then), so a hidden discussion is never linked; a new discussion joins other lists within the
 * kept reads' maximum age.
 */
export function relatedDiscussions(source: RelatedSource): Promise<SimilarDiscussion[]> {
  return sharedReads.read(`discussion ${source.slug} related`, () => findRelated(source), {
    discussion: source.slug,
    weight: (list) => 256 + list.reduce((bytes, item) => bytes + 200 + 2 * item.title.length, 0),
  });
}

/**
 * The most similar discussions but one, and one from further back in the same category: similarity alone links
 * the same few popular threads again and again, while this last link spreads over the whole category (a fixed
 * scattering of the discussion's id over the numbers), so old threads deep in a long subforum get a link from a page crawlers
 * reach. Where similarity finds too few, more of those fill the list.
 */
export async function findRelated(source: RelatedSource): Promise<SimilarDiscussion[]> {
  const similar = await similarDiscussions(source, { limit: RELATED_COUNT - 1, excludeId: source.id, category: source.category });
  const chosen = [...similar];
  chosen.push(...(await spreadOver(source, source.category, RELATED_COUNT - chosen.length, [source.id, ...chosen.map((item) => item.id)])));
  // A category with too few discussions of its own: the others fill the list.
  chosen.push(...(await spreadOver(source, null, RELATED_COUNT - chosen.length, [source.id, ...chosen.map((item) => item.id)])));
  return chosen;
}

const relatedColumns = {
  id: discussions.id,
  slug: discussions.slug,
  title: discussions.title,
  category: discussions.category,
  repliesCount: discussions.repliesCount,
  solved: sql<boolean>`${discussions.solutionCommentId} is not null`,
  createdAt: discussions.createdAt,
};

/** FNV-1a over the discussion's id: a fixed point for each discussion, the points spread evenly over all numbers. */
function scatter(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * `count` visible discussions of the category (of any with null) other than `taken`, from the one at or below a point that the
 * source's id scatters over all discussion numbers (then the ones above it, at the category's start). Each read walks the
 * number index from that point and stops after a handful of rows.
 */
async function spreadOver(source: RelatedSource, category: Category | null, count: number, taken: string[]): Promise<SimilarDiscussion[]> {
  if (count <= 0) return [];
  const [top] = await db.select({ number: max(discussions.number) }).from(discussions);
  const highest = Number(top?.number ?? 0);
  if (highest === 0) return [];
  const point = (scatter(source.id) % highest) + 1;
  const inCategory = (excluded: string[]) =>
    and(category ? eq(discussions.category, category) : undefined, visible.discussion(), notInArray(discussions.id, excluded));
  const below = await db
    .select(relatedColumns)
    .from(discussions)
    .where(and(inCategory(taken), lte(discussions.number, point)))
    .orderBy(desc(discussions.number))
    .limit(count);
  const rows = [...below];
  if (rows.length < count) {
    const above = await db
      .select(relatedColumns)
      .from(discussions)
      .where(and(inCategory([...taken, ...rows.map((row) => row.id)]), gt(discussions.number, point)))
      .orderBy(asc(discussions.number))
      .limit(count - rows.length);
    rows.push(...above);
  }
  return rows.map((row) => ({
    ...row,
    category: isCategory(row.category) ? row.category : categories[3],
    solved: Boolean(row.solved),
  }));
}
