import { sql, type SQL } from "drizzle-orm";
import { discussions } from "../../../db/schema";
import type { Category } from "~/lib/categories";
import { queryRows } from "~/server/db";
import { sharedReads, visible } from "~/server/platform";
import { similarDiscussionOf, similarDiscussions, type SimilarDiscussion, type SimilarRow } from "./similar.server";

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
 * The list under a discussion (decision record 0054), kept like the page's shared part (0042): one read per
 * discussion between its changes, for guests and members alike, dropped with the discussion's own reads
 * (`discussion:<slug>`) and with everything when any discussion is hidden, shown again or deleted (migration
 * 0036 sends '*' then), so a hidden discussion is never linked; a new discussion joins other lists within the
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
 * scattering of the discussion's id over the numbers), so old threads deep in a long subforum get a link from a page
 * crawlers reach. Where similarity finds too few, more of those fill the list; where the category has too few,
 * other categories do. Two statements.
 */
export async function findRelated(source: RelatedSource): Promise<SimilarDiscussion[]> {
  const similar = await similarDiscussions(source, { limit: RELATED_COUNT - 1, excludeId: source.id, category: source.category });
  return [...similar, ...(await spreadOver(source, RELATED_COUNT - similar.length, [source.id, ...similar.map((item) => item.id)]))];
}

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
 * `count` visible discussions other than `taken`: of the source's category from the one at or below its scattered
 * point downwards, then upwards from it; then, for a category with too few, of all categories the same way. Each of
 * the four parts walks the number index from the point and stops after `count` rows, in one statement.
 */
async function spreadOver(source: RelatedSource, count: number, taken: string[]): Promise<SimilarDiscussion[]> {
  if (count <= 0) return [];
  const d = discussions;
  const point = sql`(select ${scatter(source.id)}::bigint % greatest(max(${d.number}), 1) + 1 from ${d})`;
  const part = (order: number, where: SQL, direction: SQL) => sql`(
    select ${sql.raw(String(order))} as part, ${d.number} as number, ${d.id} as id, ${d.slug} as slug, ${d.title} as title,
      ${d.category} as category, ${d.repliesCount} as replies_count, ${d.solutionCommentId} is not null as solved,
      ${d.createdAt} as created
    from ${d}
    where ${visible.discussion()} and ${d.id} not in (${sql.join(
      taken.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${where}
    order by ${d.number} ${direction}
    limit ${count}
  )`;
  const sameCategory = sql`${d.category} = ${source.category}`;
  const rows = await queryRows<SimilarRow & { part: number }>(sql`
    with point as (select ${point} as at)
    select * from (
      ${part(1, sql`${sameCategory} and ${d.number} <= (select at from point)`, sql`desc`)}
      union all
      ${part(2, sql`${sameCategory} and ${d.number} > (select at from point)`, sql`asc`)}
      union all
      ${part(3, sql`${d.number} <= (select at from point)`, sql`desc`)}
      union all
      ${part(4, sql`${d.number} > (select at from point)`, sql`asc`)}
    ) spread
    order by part, case when part in (1, 3) then -number else number end
  `);
  const chosen = new Map<string, SimilarDiscussion>();
  for (const row of rows) {
    if (chosen.size === count) break;
    if (chosen.has(row.id)) continue;
    chosen.set(row.id, similarDiscussionOf(row));
  }
  return [...chosen.values()];
}
