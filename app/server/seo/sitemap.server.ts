import { and, between, desc, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, profiles } from "../../../db/schema";
import { listings } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { escapeXml } from "~/lib/xml";
import { db, queryRows } from "~/server/db";
import { env, visible } from "~/server/platform";
import { TAG_INDEX_THRESHOLD } from "~/lib/tags";
import { indexableTags } from "~/server/tags";

export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
}

/** The pages that exist whatever is posted (spec section 9 for priorities and frequencies). */
export function staticEntries(): SitemapEntry[] {
  return [
    { path: "/", changefreq: "daily", priority: 1.0 },
    // Every category's list, the subforums' and the category pages (which the spec does not know: like a subforum).
    ...listings.map((listing) => ({ path: listing.path, changefreq: "daily" as const, priority: 0.9 })),
    { path: paths.tags, changefreq: "daily", priority: 0.7 },
    { path: paths.members, changefreq: "weekly", priority: 0.8 },
    { path: paths.search, changefreq: "weekly", priority: 0.7 },
    { path: paths.impressum, changefreq: "yearly", priority: 0.3 },
    { path: paths.agb, changefreq: "yearly", priority: 0.3 },
    { path: paths.datenschutz, changefreq: "yearly", priority: 0.3 },
  ];
}

/** A run of discussion numbers, both ends included; a sitemap page lists the visible discussions in one. */
export interface NumberRange {
  first: number;
  last: number;
}

/**
 * The highest discussion number given so far, hidden and deleted ones
 * included: one step down the number index. It bounds how many discussions
 * the sitemap can hold without counting them.
 */
export async function highestDiscussionNumber(): Promise<number> {
  const [row] = await db.select({ value: max(discussions.number) }).from(discussions);
  return row?.value ?? 0;
}

/**
 * The visible discussions numbered within `range`, newest first; lastmod is the
 * page's last visible change (decision 0027), as in its JSON-LD and meta tags.
 * Pages are ranges of the number, never an OFFSET: each page reads one stretch
 * of the number index, however many discussions come before it.
 */
export async function discussionEntries(range: NumberRange): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ slug: discussions.slug, lastmod: discussions.changedAt })
    .from(discussions)
    .where(and(between(discussions.number, range.first, range.last), visible.discussion()))
    .orderBy(desc(discussions.number));
  return rows.map((row) => ({ path: paths.discussion(row.slug), lastmod: new Date(row.lastmod), changefreq: "weekly", priority: 0.8 }));
}

/**
 * Profiles the forum links: members (approved, so their page exists) with at
 * least one visible discussion or visible comment, whose names link to them.
 * lastmod: the profile's own edit or their newest visible post, whichever is later.
 */
export async function profileEntries(limit = SITEMAP_MAX_URLS): Promise<SitemapEntry[]> {
  if (limit <= 0) return [];
  const [p, d, c, cd] = [alias(profiles, "p"), alias(discussions, "d"), alias(comments, "c"), alias(discussions, "cd")];
  // Per member two probes along the author indexes (newest visible discussion, newest visible comment),
  // never a pass over all comments: the sitemap must stay cheap at a million of them.
  const rows = await queryRows<{ id: string; lastmod: Date | string }>(sql`
    select ${p.id}, greatest(${p.updatedAt}, newest_discussion.created_at, newest_comment.created_at) as lastmod
    from ${profiles} ${p}
    left join lateral (
      select ${d.createdAt} from ${discussions} ${d}
      where ${d.authorId} = ${p.id} and ${visible.discussion(d)}
      order by ${d.createdAt} desc limit 1
    ) newest_discussion on true
    left join lateral (
      select ${c.createdAt} from ${comments} ${c} join ${discussions} ${cd} on ${cd.id} = ${c.discussionId}
      where ${c.authorId} = ${p.id} and ${visible.comment(c)} and ${visible.discussion(cd)}
      order by ${c.createdAt} desc limit 1
    ) newest_comment on true
    where ${p.approvalStatus} = 'approved' and (newest_discussion.created_at is not null or newest_comment.created_at is not null)
    order by ${p.id}
    limit ${limit}`);
  return rows.map((row) => ({ path: paths.profile(row.id), lastmod: new Date(row.lastmod), changefreq: "weekly", priority: 0.5 }));
}

/**
 * The fixed pages, home and every category's list with the creation of the newest discussion a guest sees on it
 * as lastmod: what a new discussion changes there. One probe per category along its (category, created_at) index;
 * a list without a visible discussion names none.
 */
export async function fixedEntries(): Promise<SitemapEntry[]> {
  const rows = await queryRows<{ category: string; newest: Date | string | null }>(sql`
    select listed.category, (
      select ${discussions.createdAt} from ${discussions}
      where ${discussions.category} = listed.category and ${visible.discussion()}
      order by ${discussions.createdAt} desc limit 1
    ) as newest
    from (values ${sql.join(
      listings.map((listing) => sql`(${listing.category}::text)`),
      sql`, `,
    )}) as listed(category)`);
  const newestOf = new Map(rows.filter((row) => row.newest !== null).map((row) => [row.category, new Date(row.newest!)]));
  const newestOverall = [...newestOf.values()].reduce<Date | undefined>((latest, at) => (!latest || at > latest ? at : latest), undefined);
  const listingOf = new Map(listings.map((listing) => [listing.path, listing.category]));
  return staticEntries().map((entry) => {
    const lastmod = entry.path === "/" ? newestOverall : newestOf.get(listingOf.get(entry.path) ?? "");
    return lastmod ? { ...entry, lastmod } : entry;
  });
}

/**
 * The tag pages worth indexing (decision 0053): those with TAG_INDEX_THRESHOLD visible discussions or more; the
 * thinner ones carry noindex and stay out. Their page 1 only, as for the categories.
 */
export async function tagEntries(): Promise<SitemapEntry[]> {
  return (await indexableTags(TAG_INDEX_THRESHOLD)).map((tag) => ({ path: paths.tag(tag.slug), changefreq: "daily", priority: 0.6 }));
}

/** The fixed pages and the tag pages worth indexing. */
async function listEntries(): Promise<SitemapEntry[]> {
  const [fixed, tagged] = await Promise.all([fixedEntries(), tagEntries()]);
  return [...fixed, ...tagged];
}

/** The pages that do not come from discussions: the fixed ones, the tags and the profiles (page 1 of a sitemap index). */
export async function fixedAndProfileEntries(): Promise<SitemapEntry[]> {
  const fixed = await listEntries();
  return [...fixed, ...(await profileEntries(SITEMAP_MAX_URLS - fixed.length))];
}

/**
 * The one-file sitemap: fixed pages, every visible discussion, and as many
 * profiles as there is room for. The layout counts discussions only (one index
 * step); near the 50,000 mark some profiles may wait until the index takes over.
 */
export async function singleSitemapEntries(discussionRange: NumberRange): Promise<SitemapEntry[]> {
  const [fixed, discussionsOnIt] = await Promise.all([listEntries(), discussionEntries(discussionRange)]);
  const profiles = await profileEntries(SITEMAP_MAX_URLS - fixed.length - discussionsOnIt.length);
  return [...fixed, ...discussionsOnIt, ...profiles];
}

export function urlsetXml(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (entry) =>
        `  <url>\n    <loc>${escapeXml(env.PUBLIC_URL + entry.path)}</loc>\n` +
        (entry.lastmod ? `    <lastmod>${entry.lastmod.toISOString()}</lastmod>\n` : "") +
        `    <changefreq>${entry.changefreq}</changefreq>\n    <priority>${entry.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function sitemapIndexXml(pages: number[]): string {
  const items = pages
    .map((page) => `  <sitemap>\n    <loc>${escapeXml(`${env.PUBLIC_URL}/sitemaps/${page}.xml`)}</loc>\n  </sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export type SitemapLayout = { kind: "single"; discussions: NumberRange } | { kind: "index"; pages: number };

/**
 * While every discussion number fits beside the fixed pages, the sitemap is
 * one urlset. Beyond that it becomes an index: page 1 holds the fixed pages and the profiles,
 * page n ≥ 2 the discussions numbered (n − 2) · 50,000 + 1 to (n − 1) · 50,000.
 * A page keeps its discussions when new ones arrive; hidden and deleted ones
 * only leave gaps, so no page ever holds more than 50,000 URLs.
 */
export async function sitemapLayout(): Promise<SitemapLayout> {
  const highest = await highestDiscussionNumber();
  if (highest + staticEntries().length <= SITEMAP_MAX_URLS) return { kind: "single", discussions: { first: 1, last: highest } };
  return { kind: "index", pages: 1 + Math.ceil(highest / SITEMAP_MAX_URLS) };
}

/** The discussion numbers on page `page` (≥ 2) of the sitemap index. */
export function discussionNumbersOnPage(page: number): NumberRange {
  return { first: (page - 2) * SITEMAP_MAX_URLS + 1, last: (page - 1) * SITEMAP_MAX_URLS };
}

/**
 * The pages the index names: the fixed pages and every discussion page with
 * a visible discussion. A urlset must hold at least one URL, so a range whose
 * discussions are all hidden or deleted is left out (its page answers 404).
 * One probe per page, each along the number index until its first visible discussion.
 */
export async function sitemapIndexPages(pages: number): Promise<number[]> {
  if (pages < 2) return [1];
  const rows = await queryRows<{ page: number }>(sql`
    select p::int as page from generate_series(2, ${pages}::int) p
    where exists (select 1 from ${discussions} where ${discussions.number} between (p - 2) * ${SITEMAP_MAX_URLS}::bigint + 1 and (p - 1) * ${SITEMAP_MAX_URLS}::bigint and ${visible.discussion()})
    order by p`);
  return [1, ...rows.map((row) => Number(row.page))];
}

export function xmlResponse(xml: string, contentType = "application/xml; charset=utf-8"): Response {
  return new Response(xml, { headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=900" } });
}
