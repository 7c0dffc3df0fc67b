import type { AppLoadContext } from "react-router";
import { categoryLabels, listings } from "~/lib/categories";
import { authorFirstName, authorProfilePath } from "~/lib/authors";
import { experienceLabels, expertiseLabels } from "~/lib/members";
import { commentPermalink, pageHref, paths } from "~/lib/paths";
import { appIcons } from "~/lib/seo";
import type { SiteIdentity } from "~/lib/schemas/settings";
import {
  type AuthorSummary,
  type CommentView,
  type DiscussionDetail,
  htmlToText,
  postText,
  type SolutionQuote,
} from "~/server/discussions";
import type { Contributions, PublicProfile } from "~/server/members";
import { env } from "~/server/platform";

/**
 * Structured data (JSON-LD) following Google's DiscussionForumPosting, QAPage,
 * ProfilePage and BreadcrumbList guidelines. Only what the page itself shows goes in.
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
export function websiteJsonLd(site: SiteIdentity): Array<Record<string, unknown>> {
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
      parentOrganization: { "@type": "Organization", name: site.company, url: absolute(paths.impressum) },
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

/** A list page of its own (the tags, a tag's discussions): a CollectionPage whose main entity is the list it shows. */
export function collectionPageJsonLd(page: { name: string; description: string; path: string }, list: Record<string, unknown>) {
  const { "@context": _context, ...mainEntity } = list;
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: page.name,
    description: page.description,
    url: absolute(page.path),
    inLanguage: "de-DE",
    mainEntity,
  };
}

/** The tags of /tags as an ItemList: each its page, in the page's order. */
export function tagListJsonLd(items: Array<{ slug: string; name: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: absolute(paths.tag(item.slug)),
      name: item.name,
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

type Interaction = "CommentAction" | "ViewAction" | "LikeAction" | "AcceptAction" | "WriteAction";

function counter(type: Interaction, count: number, name?: string) {
  return {
    "@type": "InteractionCounter",
    ...(name ? { name } : {}),
    interactionType: `https://schema.org/${type}`,
    userInteractionCount: count,
  };
}

/**
 * `discussion.content` is the HTML the page shows (mentionNamesInRichText, sanitized),
 * `comments` the page's list as listCommentPage gives it, `page` the comment page they are on (their permalinks).
 * Exactly the comments a guest reads go in: hidden ones and the placeholders standing in for them stay out.
 * Every count is the one the page shows: "Hilfreich" (helpful.count, 0 for what shows none) and the answers.
 *
 * A question with an accepted answer is a QAPage (Google's Q&A guidelines): the solution, which the page quotes
 * under the question on every comment page, is the acceptedAnswer; the other answers of this page are
 * suggestedAnswers, and replies their comments. An open one stays a DiscussionForumPosting.
 */
export function discussionJsonLd(discussion: DiscussionDetail, comments: CommentView[], page: number, site: SiteIdentity) {
  const visible = comments.filter((comment) => comment.hidden === null && !comment.placeholder);
  return discussion.solution
    ? qaPageJsonLd(discussion, discussion.solution, visible, page, site)
    : forumPostingJsonLd(discussion, visible, page, site);
}

function forumPostingJsonLd(discussion: DiscussionDetail, visible: CommentView[], page: number, site: SiteIdentity) {
  const url = absolute(paths.discussion(discussion.slug));
  // The visible replies of a hidden comment, which the page still shows, become comments of the discussion itself.
  const visibleIds = new Set(visible.map((comment) => comment.id));
  const topLevel = visible.filter((comment) => comment.parentId === null || !visibleIds.has(comment.parentId));
  const toComment = (comment: CommentView, replies: CommentView[]): Record<string, unknown> => ({
    "@type": "Comment",
    url: absolute(commentPermalink(discussion.slug, page, comment.id)),
    text: postText(comment.content, comment.contentFormat),
    datePublished: comment.createdAt.toISOString(),
    ...(comment.updatedAt.getTime() !== comment.createdAt.getTime() ? { dateModified: comment.updatedAt.toISOString() } : {}),
    author: person(comment.author, "Unbekannt"),
    interactionStatistic: counter("LikeAction", comment.helpful.count),
    ...(replies.length > 0 ? { comment: replies.map((reply) => toComment(reply, [])) } : {}),
  });
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
    interactionStatistic: [
      counter("CommentAction", discussion.repliesCount),
      counter("ViewAction", discussion.viewsCount),
      counter("LikeAction", discussion.helpful.count),
    ],
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
 * The answers are the visible comments that start a thread on this page (a reply to a hidden comment stands alone
 * there, and so here), except the asker's own follow-ups, which are comments of the question; a reply is a comment of
 * the post it replies to. answerCount counts the answers over all pages (SolutionQuote.answerCount), not the page's
 * "Antworten", which counts every comment.
 */
function qaPageJsonLd(discussion: DiscussionDetail, solution: SolutionQuote, visible: CommentView[], page: number, site: SiteIdentity) {
  const url = absolute(paths.discussion(discussion.slug));
  const permalink = (commentId: string, onPage: number) => absolute(commentPermalink(discussion.slug, onPage, commentId));
  const onPage = new Set(visible.map((comment) => comment.id));
  const startsThread = (comment: CommentView) => comment.parentId === null || !onPage.has(comment.parentId);
  const byAsker = (comment: CommentView) => discussion.authorId !== null && comment.author?.id === discussion.authorId;
  const post = (type: "Answer" | "Comment", comment: CommentView): Record<string, unknown> => ({
    "@type": type,
    "@id": permalink(comment.id, page),
    url: permalink(comment.id, page),
    text: postText(comment.content, comment.contentFormat),
    dateCreated: comment.createdAt.toISOString(),
    datePublished: comment.createdAt.toISOString(),
    ...(comment.updatedAt.getTime() !== comment.createdAt.getTime() ? { dateModified: comment.updatedAt.toISOString() } : {}),
    author: person(comment.author, "Unbekannt"),
    upvoteCount: comment.helpful.count,
  });
  /** A post with the replies to it on this page (the accepted answer is never one of them: it is the answer). */
  const withReplies = (item: Record<string, unknown>, commentId: string) => {
    const replies = visible.filter((reply) => reply.parentId === commentId && reply.id !== solution.commentId);
    return replies.length > 0 ? { ...item, commentCount: replies.length, comment: replies.map((reply) => post("Comment", reply)) } : item;
  };
  const inThread = visible.find((comment) => comment.id === solution.commentId);
  const accepted = inThread
    ? withReplies(post("Answer", inThread), inThread.id)
    : {
        "@type": "Answer",
        "@id": permalink(solution.commentId, solution.page),
        url: permalink(solution.commentId, solution.page),
        text: postText(solution.content, solution.contentFormat),
        dateCreated: solution.createdAt.toISOString(),
        datePublished: solution.createdAt.toISOString(),
        author: person(solution.author, "Unbekannt"),
        upvoteCount: solution.helpfulCount,
      };
  const threads = visible.filter((comment) => startsThread(comment) && comment.id !== solution.commentId);
  const suggested = threads.filter((comment) => !byAsker(comment)).map((comment) => withReplies(post("Answer", comment), comment.id));
  const followUps = threads.filter(byAsker).map((comment) => withReplies(post("Comment", comment), comment.id));
  return {
    "@context": "https://schema.org",
    "@type": "QAPage",
    url: absolute(pageHref(paths.discussion(discussion.slug), page)),
    inLanguage: "de-DE",
    isPartOf: { "@type": "WebSite", name: site.name, url: absolute("/") },
    mainEntity: {
      "@type": "Question",
      "@id": url,
      url,
      name: discussion.title,
      text: htmlToText(discussion.content),
      answerCount: solution.answerCount,
      upvoteCount: discussion.helpful.count,
      dateCreated: discussion.createdAt.toISOString(),
      datePublished: discussion.createdAt.toISOString(),
      // The page's last visible change, as in its article:modified_time and the sitemap's lastmod (decision 0027).
      dateModified: discussion.changedAt.toISOString(),
      author: person(discussion.author, "Unbekannter Autor"),
      acceptedAnswer: accepted,
      ...(suggested.length > 0 ? { suggestedAnswer: suggested } : {}),
      ...(followUps.length > 0 ? { commentCount: followUps.length, comment: followUps } : {}),
    },
  };
}

/**
 * A member's ProfilePage with what the page shows: the first name, company, bio, 'Dabei seit', the avatar, the
 * expertise (knowsAbout; "Allgemein" is the forum's subject as a whole, Online-Marketing) and experience (the
 * occupation's description), the counts of what they wrote (agentInteractionStatistic: WriteAction for
 * discussions, CommentAction for comments) and the reputation others gave them (interactionStatistic, what
 * others did with their posts: LikeAction for "Hilfreich erhalten", AcceptAction for "Lösungen", the answers an
 * asker accepted, as a Question's acceptedAnswer).
 */
export function profilePageJsonLd(profile: PublicProfile, contributions: Contributions) {
  const url = absolute(paths.profile(profile.id));
  const image = profile.avatarUrl ? new URL(profile.avatarUrl, `${env.PUBLIC_URL}/`).href : null;
  const expertise = expertiseLabels[profile.expertise];
  const experience = experienceLabels[profile.experience];
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
      ...(expertise ? { knowsAbout: profile.expertise === "general" ? "Online-Marketing" : expertise } : {}),
      ...(expertise
        ? {
            hasOccupation: {
              "@type": "Occupation",
              name: `Online-Marketing (${expertise})`,
              ...(experience ? { description: experience } : {}),
            },
          }
        : {}),
      interactionStatistic: [
        counter("LikeAction", profile.helpfulReceived, "Hilfreich erhalten"),
        counter("AcceptAction", profile.solutionsCount, "Lösungen"),
      ],
      agentInteractionStatistic: [counter("WriteAction", contributions.discussions), counter("CommentAction", contributions.comments)],
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
export function discussionBreadcrumbs(discussion: Pick<DiscussionDetail, "category" | "title" | "slug">, site: SiteIdentity) {
  const listing = listings.find((candidate) => candidate.category === discussion.category);
  return breadcrumbJsonLd([
    { name: site.name, path: "/" },
    ...(listing ? [{ name: listing.title, path: listing.path }] : []),
    { name: discussion.title, path: paths.discussion(discussion.slug) },
  ]);
}
