import { createHash } from "node:crypto";
import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import { authorFirstName } from "~/lib/authors";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, discussionTags, profiles } from "../../../db/schema";
import { categoryLabels, type Category } from "~/lib/categories";
import { pageHref, paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { siteIdentity } from "~/server/settings";
import {
  COMMENT_THREADS_PER_PAGE,
  mentionNamesInRichText,
  mentionNamesOf,
  plainTextExcerpt,
  postTextWithNames,
  readTags,
  summaryColumns,
  toMentionNames,
} from "~/server/discussions";
import { db, queryRows } from "~/server/db";
import { env, notModified, visible } from "~/server/platform";
import type { ContentFormat } from "~/lib/rich-text";
import { escapeXml } from "~/lib/xml";

export const FEED_LIMIT = 50;

/** RSS 2.0 of the newest discussions, of all categories, one category, or one tag (decision 0053). */
export async function rssFeed(options: {
  category?: Category;
  /** The tag's id: only discussions that carry it. */
  tagId?: string;
  title: string;
  path: string;
  feedPath: string;
  /** The channel's description; the site's by default. */
  description?: string;
}): Promise<{ xml: string; changedAt: Date | null }> {
  const scope = and(
    options.category ? eq(discussions.category, options.category) : undefined,
    options.tagId
      ? inArray(
          discussions.id,
          db.select({ id: discussionTags.discussionId }).from(discussionTags).where(eq(discussionTags.tagId, options.tagId)),
        )
      : undefined,
  );
  // When the list last changed: the newest change of its discussions (decision 0027), hidden ones too, since hiding
  // one takes it out of the list and moves its change. The same in every process and after a restart.
  const [[changed], rows] = await Promise.all([
    db
      .select({ at: max(discussions.changedAt) })
      .from(discussions)
      .where(scope),
    db
      .select({
        slug: discussions.slug,
        title: discussions.title,
        content: discussions.content,
        mentionNames: mentionNamesOf(discussions.content, "html"),
        category: discussions.category,
        createdAt: discussions.createdAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        tags: summaryColumns.tags,
      })
      .from(discussions)
      .leftJoin(profiles, eq(profiles.id, discussions.authorId))
      .where(and(scope, visible.discussion()))
      .orderBy(desc(discussions.createdAt))
      .limit(FEED_LIMIT),
  ]);
  const changedAt = changed?.at ?? null;

  const items = rows
    .map((row) => {
      const url = `${env.PUBLIC_URL}${paths.discussion(row.slug)}`;
      // The name the discussion page shows.
      const author = authorFirstName(
        row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? "" },
        "Unbekannter Autor",
      );
      return [
        "    <item>",
        `      <title>${escapeXml(row.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${row.createdAt.toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(author)}</dc:creator>`,
        `      <category>${escapeXml(categoryLabels[row.category as Category] ?? row.category)}</category>`,
        // Its tags as further categories, each naming the tag page as its domain (RSS 2.0 <category domain>).
        ...readTags(row.tags).map(
          (tag) => `      <category domain="${escapeXml(`${env.PUBLIC_URL}${paths.tag(tag.slug)}`)}">${escapeXml(tag.name)}</category>`,
        ),
        `      <description>${escapeXml(plainTextExcerpt(mentionNamesInRichText(row.content, row.mentionNames), 300))}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");

  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(options.title)}</title>
    <link>${escapeXml(env.PUBLIC_URL + options.path)}</link>
    <description>${escapeXml(options.description || site.description)}</description>
    <language>de-de</language>
    <atom:link href="${escapeXml(env.PUBLIC_URL + options.feedPath)}" rel="self" type="application/rss+xml"/>
${changedAt ? `    <lastBuildDate>${wholeSeconds(changedAt).toUTCString()}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
  return { xml, changedAt };
}

const c = alias(comments, "c");
const p = alias(profiles, "p");

/**
 * RSS 2.0 of a discussion's newest visible comments, each linking to the page
 * of the discussion that shows it. Hidden comments never go in; a visible
 * reply to a hidden one does, as on the page.
 */
export async function discussionCommentsFeed(discussion: { id: string; slug: string; title: string; changedAt: Date }): Promise<string> {
  const rows = await queryRows<{
    id: string;
    content: string;
    content_format: ContentFormat;
    mention_names: unknown;
    created_at: Date | string;
    parent_id: string | null;
    first_name: string | null;
    position: number | string;
  }>(sql`
    with threads as (
      select ${comments.id}, row_number() over (order by ${comments.createdAt}, ${comments.id}) as position
      from ${comments} where ${comments.discussionId} = ${discussion.id} and ${comments.parentId} is null
    )
    select ${c.id}, ${c.content}, ${c.contentFormat}, ${mentionNamesOf(c.content, "either")} as mention_names, ${c.createdAt}, ${c.parentId}, ${p.firstName}, threads.position
    from ${comments} ${c}
    join threads on threads.id = coalesce(${c.parentId}, ${c.id})
    left join ${profiles} ${p} on ${p.id} = ${c.authorId}
    where ${c.discussionId} = ${discussion.id} and ${visible.comment(c)}
    order by ${c.createdAt} desc, ${c.id} desc
    limit ${FEED_LIMIT}`);
  const discussionPath = paths.discussion(discussion.slug);
  const items = rows
    .map((row) => {
      const createdAt = new Date(row.created_at);
      const page = Math.ceil(Number(row.position) / COMMENT_THREADS_PER_PAGE);
      const url = `${env.PUBLIC_URL}${pageHref(discussionPath, page)}#comment-${row.id}`;
      const author = authorFirstName(row.first_name === null ? null : { firstName: row.first_name, lastName: "" });
      return [
        "    <item>",
        `      <title>${escapeXml(`${row.parent_id ? "Antwort" : "Kommentar"} von ${author}`)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${createdAt.toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(author)}</dc:creator>`,
        `      <description>${escapeXml(postTextWithNames(row.content, row.content_format, toMentionNames(row.mention_names)))}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`Kommentare zu „${discussion.title}“ – ${(await siteIdentity()).name}`)}</title>
    <link>${escapeXml(env.PUBLIC_URL + discussionPath)}</link>
    <description>${escapeXml(`Die neuesten Kommentare der Diskussion „${discussion.title}“.`)}</description>
    <language>de-de</language>
    <atom:link href="${escapeXml(`${env.PUBLIC_URL}${discussionPath}/feed.xml`)}" rel="self" type="application/rss+xml"/>
    <lastBuildDate>${discussion.changedAt.toUTCString()}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}

/** `date` without its milliseconds: HTTP dates have whole seconds, and a 304 compares against what was sent. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * A feed as the answer to a request: a strong ETag over its text and a
 * Last-Modified from the data (its discussions' or its page's last change, decision 0027), and 304 when the
 * reader's copy is current (If-None-Match first; If-Modified-Since only without it, RFC 9110 13.1.3). A change no
 * date records (an author's new name, the forum's) changes the ETag. Guests mostly get it from the page cache,
 * which checks the same headers (server/pages.ts).
 */
export function feedResponse(request: Request, xml: string, changedAt: Date | null): Response {
  const etag = `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`;
  const lastModified = changedAt ? wholeSeconds(changedAt) : null;
  const headers: Record<string, string> = {
    "Content-Type": "application/rss+xml; charset=utf-8",
    "Cache-Control": "public, max-age=900",
    ETag: etag,
    ...(lastModified ? { "Last-Modified": lastModified.toUTCString() } : {}),
  };
  if (notModified(request.headers, etag, lastModified)) return new Response(null, { status: 304, headers });
  return new Response(xml, { headers });
}
