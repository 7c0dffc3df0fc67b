import { and, desc, eq } from "drizzle-orm";
import { authorFullName } from "~/lib/authors";
import { discussions, profiles } from "../../db/schema";
import { categoryLabels, type Category } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { db } from "./db.server";
import { isVisible } from "./discussions.server";
import { env } from "./env.server";
import { plainTextExcerpt } from "./sanitize.server";

export const FEED_LIMIT = 50;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);
}

/** RSS 2.0 of the newest discussions, of all categories or one. */
export async function rssFeed(options: { category?: Category; title: string; path: string; feedPath: string }): Promise<string> {
  const rows = await db
    .select({
      slug: discussions.slug,
      title: discussions.title,
      content: discussions.content,
      category: discussions.category,
      createdAt: discussions.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(options.category ? and(eq(discussions.category, options.category), isVisible) : isVisible)
    .orderBy(desc(discussions.createdAt))
    .limit(FEED_LIMIT);

  const items = rows
    .map((row) => {
      const url = `${env.PUBLIC_URL}${paths.discussion(row.slug)}`;
      const author = authorFullName(row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? "" });
      return [
        "    <item>",
        `      <title>${escapeXml(row.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${row.createdAt.toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(author)}</dc:creator>`,
        `      <category>${escapeXml(categoryLabels[row.category as Category] ?? row.category)}</category>`,
        `      <description>${escapeXml(plainTextExcerpt(row.content, 300))}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");

  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(options.title)}</title>
    <link>${escapeXml(env.PUBLIC_URL + options.path)}</link>
    <description>${escapeXml(site.description)}</description>
    <language>de-de</language>
    <atom:link href="${escapeXml(env.PUBLIC_URL + options.feedPath)}" rel="self" type="application/rss+xml"/>
${rows[0] ? `    <lastBuildDate>${rows[0].createdAt.toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
