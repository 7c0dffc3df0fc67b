import { sharedReads } from "~/server/platform";
import { listCommentPage, type CommentPage } from "./comments.server";
import { getDiscussionBySlug, type DiscussionDetail } from "./discussion-detail.server";
import { mentionNamesInRichText } from "./mentions.server";
import { plainTextExcerpt, sanitizeRichText } from "./sanitize.server";

/**
 * The discussion page's shared part (decision record 0042): the discussion and a page of its comments as guests
 * see them, which is what every member but staff sees too. Kept in this process between changes like home's and
 * the categories' lists (sharedReads: a change to the discussion, its comments or its marks drops it, from any
 * process, at commit), so a member's discussion page asks the database only for what is theirs: their own marks,
 * bookmarks, reports, watch level and draft (one statement), and a write where they read something new. Staff,
 * who see hidden comments and every marker's name, read their own; so does the author of a held comment, whom
 * the shared page names in `withheldAuthorIds`.
 */
export function sharedDiscussionBySlug(slug: string): Promise<DiscussionDetail | null> {
  return sharedReads.read(`discussion ${slug}`, () => getDiscussionBySlug(slug), {
    discussion: slug,
    weight: (discussion) => 2_048 + 2 * (discussion ? discussion.content.length + (discussion.solution?.content.length ?? 0) : 0),
  });
}

/**
 * After a write to the discussion in this process: its kept reads are dropped here and now, so that the writer's
 * next page (the redirect, a script's revalidation) shows the write even before the database's message arrives.
 * Other processes learn of it from that message, at commit, before the writer's next request can reach them.
 */
export function forgetSharedDiscussion(slug: string): void {
  sharedReads.forget(`discussion:${slug}`);
}

const pageTexts = new WeakMap<DiscussionDetail, { content: string; excerpt: string }>();

/**
 * The discussion's text as its page shows it (sanitised, each mention with the member's current name) and its
 * first words for the description. Worked out once per read of the discussion: the shared one is read once
 * between changes, so members' pages do not sanitise the same HTML again on every request.
 */
export function discussionPageText(discussion: DiscussionDetail): { content: string; excerpt: string } {
  let text = pageTexts.get(discussion);
  if (!text) {
    const content = sanitizeRichText(mentionNamesInRichText(discussion.content, discussion.mentionNames));
    text = { content, excerpt: plainTextExcerpt(content) };
    pageTexts.set(discussion, text);
  }
  return text;
}

/** A page of the discussion's comments as guests see them: see sharedDiscussionBySlug. */
export function sharedCommentPage(discussion: { id: string; slug: string }, page: number): Promise<CommentPage> {
  return sharedReads.read(
    `discussion ${discussion.slug} comments ${page}`,
    () => listCommentPage(discussion.id, page, { includeHidden: false }),
    {
      discussion: discussion.slug,
      weight: ({ comments }) => 1_024 + comments.reduce((bytes, comment) => bytes + 600 + 2 * comment.content.length, 0),
    },
  );
}
