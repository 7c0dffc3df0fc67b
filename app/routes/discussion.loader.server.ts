import type { AppLoadContext } from "react-router";
import { authorFirstName } from "~/lib/authors";
import { shortenAtWord } from "~/lib/format";
import { commentPermalink, paths } from "~/lib/paths";
import { pageTextKeys } from "~/lib/page-text";
import { quoteHtml, quoteText } from "~/lib/rich-text";
import type { QuotePrefill, ReplyDraft } from "~/components/discussions/comment-section";
import { can, canRead, canReport, notFoundUnless, type Viewer } from "~/server/accounts";
import { hiddenByReportsTexts } from "~/lib/moderation";
import { texts } from "~/lib/texts";
import {
  type CommentView,
  type DiscussionDetail,
  getDiscussionBySlug,
  htmlToText,
  listCommentPage,
  postText,
  type ReplyDraftView,
  replyHref,
  sharedCommentPage,
  sharedDiscussionBySlug,
  type SolutionQuote,
} from "~/server/discussions";
import { textForPage } from "~/server/seo";
import { discussionStatementOf } from "~/server/legal";
import { env, isHeld, isHidden, isHiddenByReports } from "~/server/platform";

/**
 * Helpers of the discussion page's loader: the page of comments this reader sees, and what the page adds per
 * post and per member (the report state, the saved reply, a quote asked for without JavaScript).
 */

/**
 * The discussion this request may see: hidden ones exist only for staff and its author (held or hidden). A page
 * for anyone but staff shows the copy guests see, kept between changes (`shared`, decision 0042); staff's page
 * (every marker's name) and every action read the database.
 */
export async function loadDiscussion(slug: string, viewer: Viewer | null, { shared }: { shared: boolean }) {
  const discussion = shared
    ? await sharedDiscussionBySlug(slug)
    : await getDiscussionBySlug(slug, { allNames: can(viewer, "seeWhoMarked") });
  // Reports hid it and the moderation has not decided: every reader gets the same placeholder, still a 404 for crawlers.
  const gone = discussion && isHiddenByReports(discussion) ? hiddenByReportsTexts.placeholder : texts.discussionNotFound;
  return notFoundUnless(discussion && canRead(viewer, discussion) ? discussion : null, gone);
}

/** Characters of the accepted answer quoted under the question. */
const SOLUTION_QUOTE_LENGTH = 480;

/** The accepted answer under the question: shortened (the whole answer is in the thread), with a link to its page. */
export function solutionShown(context: AppLoadContext, slug: string, solution: SolutionQuote) {
  return {
    commentId: solution.commentId,
    author: solution.author,
    createdAt: solution.createdAt,
    excerpt: textForPage(
      context,
      pageTextKeys.solution,
      shortenAtWord(postText(solution.content, solution.contentFormat), SOLUTION_QUOTE_LENGTH),
    ),
    href: commentPermalink(slug, solution.page, solution.commentId),
  };
}

/**
 * Its author's notice that the moderation hid the discussion, with the way to the reasons and the objection
 * (decision 0048); null for everyone else (staff read the moderation's own notice, and nobody else reaches the page).
 */
export async function ownHiddenNotice(viewer: Viewer | null, discussion: DiscussionDetail) {
  if (!viewer || !isHidden(discussion) || isHeld(discussion) || can(viewer, "moderate")) return null;
  return { statementId: await discussionStatementOf(viewer.id, discussion.id), byReports: isHiddenByReports(discussion) };
}

/** "Melden" on a post: null where this viewer may not report it, else whether they already did. */
export function reportState(viewer: Viewer | null, post: { authorId: string | null; hiddenAt: Date | null }, reported: boolean) {
  return reported || canReport(viewer, post) ? { reported } : null;
}

/** The member's saved reply to this discussion, and where a reply to a comment continues. */
export function replyDraftFor(discussion: { id: string; slug: string }, saved: ReplyDraftView | null): ReplyDraft {
  return {
    discussionId: discussion.id,
    saved: saved && { parentId: saved.parentId, text: saved.text, html: saved.html },
    continueHref: saved ? replyHref(discussion.slug, saved.parentId, saved.parentPage) : null,
  };
}

/** Characters of a post that "Zitieren" without JavaScript puts into the form (?quote=): a quote, not a copy. */
const QUOTE_LENGTH = 1500;

/**
 * "Zitieren" without JavaScript (?quote=discussion or a comment of this page): the post's words as a quote for the
 * new comment's form, in both of its shapes (the textarea's "> " lines, the editor's blockquote). Null for a post
 * that is not on the page for everyone (hidden, held, a placeholder).
 */
export function quotedPost(
  asked: string | null,
  discussion: { slug: string; content: string; author: DiscussionDetail["author"] },
  comments: CommentView[],
  page: number,
): QuotePrefill | null {
  if (!asked) return null;
  const comment = comments.find((candidate) => candidate.id === asked && !candidate.placeholder && !candidate.hidden && !candidate.held);
  const source =
    asked === "discussion"
      ? { author: authorFirstName(discussion.author), href: paths.discussion(discussion.slug), text: htmlToText(discussion.content) }
      : comment
        ? {
            author: authorFirstName(comment.author),
            href: commentPermalink(discussion.slug, page, comment.id),
            text: postText(comment.content, comment.contentFormat),
          }
        : null;
  if (!source) return null;
  const shortened = { ...source, text: shortenAtWord(source.text, QUOTE_LENGTH) };
  return { text: quoteText(shortened, env.PUBLIC_URL), html: quoteHtml(shortened) };
}

/**
 * A page of the comments as this reader sees it: staff with the hidden ones and every marker's name, the author of
 * a held comment with it marked as waiting (their own read); everyone else the page guests see (decision 0042).
 */
export async function loadCommentPage(discussion: { id: string; slug: string }, page: number, viewer: Viewer | null, ownCopy: boolean) {
  if (ownCopy)
    return listCommentPage(discussion.id, page, {
      includeHidden: can(viewer, "moderate"),
      helpfulRead: { allNames: can(viewer, "seeWhoMarked") },
    });
  const shared = await sharedCommentPage(discussion, page);
  return viewer && shared.withheldAuthorIds.includes(viewer.id)
    ? listCommentPage(discussion.id, page, { includeHidden: false, heldOf: viewer.id })
    : shared;
}
