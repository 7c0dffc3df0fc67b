import type { AppLoadContext } from "react-router";
import { categoryLabels, listings } from "~/lib/categories";
import { authorFirstName, authorProfilePath } from "~/lib/authors";
import { mentionsAsText } from "~/lib/mentions";
import { paths } from "~/lib/paths";
import { appIcons } from "~/lib/seo";
import { site } from "~/lib/site";
import { type AuthorSummary, type CommentView, type DiscussionDetail, htmlToText } from "~/server/discussions";
import type { Contributions, PublicProfile } from "~/server/members";
import { env } from "~/server/platform";

/**
 * Structured data (JSON-LD) following Google's DiscussionForumPosting and
 * BreadcrumbList guidelines. Only what the page itself shows goes in.
 */
/**
 * Puts JSON-LD into the page's <head> (app/entry.server.tsx). Only documents
 * carry it, and only once: not in the loader data, which the page repeats for
 * hydration, nor in client-side navigations, which no crawler makes.
 */
export function addStructuredData(context: AppLoadContext, ...items: Array<Record<string, unknown>>): void {
  context.structuredData?.push(...items);
}

/** The <script> elements for the head; "<" escaped so that no text can end the element. */
export function structuredDataScripts(items: ReadonlyArray<Record<string, unknown>>): string {
  return items.map((item) => `<script type="application/ld+json">${JSON.stringify(item).replace(/</g, "\\u003c")}</script>`).join("");
}

/**
 * The home page's WebSite entry, with the search its form offers (a search
 * engine may show a search box for the forum), and the forum as an
 * Organization with its logo (the tile of the app icons, 512 px) and its operator.
 */
export function websiteJsonLd(): Array<Record<string, unknown>> {
  const organization = { "@id": absolute("/#organization") };
  return [
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.name,
      url: absolute("/"),
      inLanguage: "de-DE",
      publisher: organization,
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${absolute(paths.search)}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      ...organization,
      name: site.name,
      url: absolute("/"),
      logo: absolute(appIcons.at(-1)!.path),
      parentOrganization: { "@type": "Organization", name: site.operator.company, url: absolute(paths.impressum) },
    },
  ];
}

/**
 * The discussions a list page shows, in its order (Google's summary page: each
 * item its position and address; positions go on across the pages).
 */
export function discussionListJsonLd(items: Array<{ slug: string; title: string }>, firstPosition: number): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: firstPosition + index,
      url: absolute(paths.discussion(item.slug)),
      name: item.title,
    })),
  };
}

const absolute = (path: string) => `${env.PUBLIC_URL}${path}`;

/**
 * An author as the page shows them: the first name (spec: discussion page,
 * comments, profile), never more than the reader sees, and the profile the
 * name links to (AuthorLink).
 */
function person(author: AuthorSummary | null, fallback?: string) {
  const name = authorFirstName(author, fallback);
  const path = authorProfilePath(author);
  return path ? { "@type": "Person", name, url: absolute(path) } : { "@type": "Person", name };
}

function counter(type: "CommentAction" | "ViewAction", count: number) {
  return { "@type": "InteractionCounter", interactionType: `https://schema.org/${type}`, userInteractionCount: count };
}

/**
 * `discussion.content` is the HTML the page shows (mentionNamesInRichText, sanitized),
 * `comments` the page's list as listCommentPage gives it. Exactly the
 * comments a guest reads go in: hidden ones and the placeholders standing in
 * for them stay out, and the visible replies of a hidden comment, which the
 * page still shows, become comments of the discussion itself.
 */
export function discussionJsonLd(discussion: DiscussionDetail, comments: CommentView[]) {
  const url = absolute(paths.discussion(discussion.slug));
  const toComment = (comment: CommentView, replies: CommentView[]): Record<string, unknown> => ({
    "@type": "Comment",
    url: `${url}#comment-${comment.id}`,
    text: mentionsAsText(comment.content),
    datePublished: comment.createdAt.toISOString(),
    ...(comment.updatedAt.getTime() !== comment.createdAt.getTime() ? { dateModified: comment.updatedAt.toISOString() } : {}),
    author: person(comment.author, "Unbekannt"),
    ...(replies.length > 0 ? { comment: replies.map((reply) => toComment(reply, [])) } : {}),
  });
  const visible = comments.filter((comment) => comment.hidden === null && !comment.placeholder);
  const visibleIds = new Set(visible.map((comment) => comment.id));
  const topLevel = visible.filter((comment) => comment.parentId === null || !visibleIds.has(comment.parentId));
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": url,
    mainEntityOfPage: url,
    url,
    headline: discussion.title,
    text: htmlToText(discussion.content),
    articleSection: categoryLabels[discussion.category],
    datePublished: discussion.createdAt.toISOString(),
    // The page's last visible change, as in its article:modified_time and the sitemap's lastmod (decision 0027).
    dateModified: discussion.changedAt.toISOString(),
    author: person(discussion.author, "Unbekannter Autor"),
    interactionStatistic: [counter("CommentAction", discussion.repliesCount), counter("ViewAction", discussion.viewsCount)],
    isPartOf: { "@type": "WebSite", name: site.name, url: absolute("/") },
    comment: topLevel.map((comment) =>
      toComment(
        comment,
        visible.filter((c) => c.parentId === comment.id),
      ),
    ),
  };
}

/**
 * A member's ProfilePage with what the page shows: the first name, company,
 * bio, 'Dabei seit', the avatar and the counts of what they wrote.
 */
export function profilePageJsonLd(profile: PublicProfile, contributions: Contributions) {
  const url = absolute(paths.profile(profile.id));
  const image = profile.avatarUrl ? new URL(profile.avatarUrl, `${env.PUBLIC_URL}/`).href : null;
  return {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    dateCreated: profile.createdAt.toISOString(),
    mainEntity: {
      "@type": "Person",
      name: authorFirstName(profile),
      url,
      ...(image ? { image } : {}),
      ...(profile.company ? { worksFor: { "@type": "Organization", name: profile.company } } : {}),
      ...(profile.bio ? { description: profile.bio } : {}),
      agentInteractionStatistic: [
        {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/WriteAction",
          userInteractionCount: contributions.discussions,
        },
        {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/CommentAction",
          userInteractionCount: contributions.comments,
        },
      ],
    },
  };
}

export function breadcrumbJsonLd(items: Array<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absolute(item.path),
    })),
  };
}

/** Home → the category's list (the page's badge links there) → discussion. */
export function discussionBreadcrumbs(discussion: Pick<DiscussionDetail, "category" | "title" | "slug">) {
  const listing = listings.find((candidate) => candidate.category === discussion.category);
  return breadcrumbJsonLd([
    { name: site.name, path: "/" },
    ...(listing ? [{ name: listing.title, path: listing.path }] : []),
    { name: discussion.title, path: paths.discussion(discussion.slug) },
  ]);
}
