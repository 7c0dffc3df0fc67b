/**
 * Discussions as Markdown, for AI search and answer engines that read text
 * rather than pages (/discussion/<slug>.md, or the discussion's URL asked
 * for with Accept: text/markdown). It is what a guest sees on the page:
 * a hidden discussion does not exist, hidden comments are left out (or
 * stay as the page's placeholder when they have visible replies), authors
 * carry the first name the page shows.
 */
import TurndownService from "turndown";
import { URL_PATTERN } from "~/lib/links";
import { mentionsAsText } from "~/lib/mentions";
import { authorFirstName } from "~/lib/authors";
import { categoryHref, categoryLabels } from "~/lib/categories";
import { formatDate, formatReplies } from "~/lib/format";
import { commentPermalink, paths } from "~/lib/paths";
import { listCommentPage, type CommentView } from "./comments.server";
import { getDiscussionBySlug } from "./discussion-detail.server";
import { env, isHidden } from "~/server/platform";
import { mentionNamesInRichText } from "./mentions.server";
import { sanitizeRichText } from "./sanitize.server";
import type { ContentFormat } from "~/lib/rich-text";

/** Comments in one document at most: a long thread stays a readable size, and the note says where the rest is. */
export const MARKDOWN_COMMENT_LIMIT = 500;

const PLACEHOLDER = "Dieser Kommentar wurde von der Moderation ausgeblendet.";

const turndown = new TurndownService({
  headingStyle: "atx",
  bulletListMarker: "-",
  strongDelimiter: "**",
  emDelimiter: "_",
  linkStyle: "inlined",
  // Code blocks as ``` fences with their language (```json); the highlighting spans are left behind.
  codeBlockStyle: "fenced",
  fence: "```",
});

// A post image (decision 0033) as Markdown's image, at its largest width and with the site's address: a reader of the
// Markdown has no page to resolve a path against.
turndown.addRule("post-image", {
  filter: (node) => node.nodeName === "A" && node.getAttribute("data-image") !== null && node.querySelector("img") !== null,
  replacement: (_content, node) => {
    const image = (node as HTMLElement).querySelector("img")!;
    const alt = escapeMarkdown(image.getAttribute("alt") ?? "");
    return `![${alt}](${new URL((node as HTMLElement).getAttribute("href") ?? "", env.PUBLIC_URL).toString()})`;
  },
});

// A link that shows its own address (a web address written as text, which the editor and the textarea link) as
// Markdown's autolink, as a plain-text comment's addresses always were.
turndown.addRule("autolink", {
  // An address with a space or an angle bracket would end the autolink early: such a link keeps Turndown's own form.
  filter: (node) =>
    node.nodeName === "A" &&
    /^https?:\/\/[^\s<>]+$/.test(node.getAttribute("href") ?? "") &&
    node.textContent === node.getAttribute("href"),
  replacement: (_content, node) => `<${(node as HTMLElement).getAttribute("href")}>`,
});

/**
 * The one way a member's words get into Markdown (titles, names, link texts, the text of posts; llms.txt too):
 * Markdown's own characters escaped, and every "<" that could open raw HTML (a tag, a closing tag, a comment, a
 * declaration), which Markdown passes through and a tool that renders it would run: "\<script>" shows as text.
 * An "&" that starts a character reference is escaped too, so "&lt;" reads as typed and not as "<".
 */
const markdownEscape = turndown.escape.bind(turndown);
export function escapeMarkdown(text: string): string {
  return markdownEscape(text)
    .replace(/<(?=[A-Za-z/!?])/g, "\\<")
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, "\\&");
}
// Turndown escapes each text node of rich text with it.
turndown.escape = escapeMarkdown;

/** Rich text (already reduced to p, br, strong, ul, li, a, code, pre, blockquote) as Markdown. */
export function richTextToMarkdown(html: string): string {
  return turndown.turndown(sanitizeRichText(html));
}

/** A comment as Markdown, whichever way it is stored (decision 0040); its content as listCommentPage shows it. */
export function commentToMarkdown(comment: { content: string; contentFormat: ContentFormat }): string {
  return comment.contentFormat === "html" ? richTextToMarkdown(comment.content) : commentTextToMarkdown(comment.content);
}

/** An old plain-text comment as Markdown: its characters escaped, its line breaks kept, its URLs links as on the page. */
export function commentTextToMarkdown(text: string): string {
  return mentionsAsText(text)
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) =>
          line
            .split(URL_PATTERN)
            .map((part, index) => (index % 2 === 1 ? `<${part}>` : escapeMarkdown(part)))
            .join(""),
        )
        .join("  \n"),
    )
    .join("\n\n");
}

export function discussionMarkdownUrl(slug: string): string {
  return `${env.PUBLIC_URL}${paths.discussionMarkdown(slug)}`;
}

/** Every comment a guest sees, page after page as the discussion shows them (with the page: its permalink), up to `limit`. */
async function visibleComments(discussionId: string, limit: number): Promise<{ comments: PagedComment[]; complete: boolean }> {
  const collected: PagedComment[] = [];
  for (let page = 1; ; page++) {
    const { comments, totalPages } = await listCommentPage(discussionId, page, { includeHidden: false });
    collected.push(...comments.map((comment) => ({ ...comment, page })));
    if (collected.length > limit) return { comments: collected.slice(0, limit), complete: false };
    if (page >= totalPages) return { comments: collected, complete: true };
  }
}

type PagedComment = CommentView & { page: number };

function commentHeading(comment: PagedComment): string {
  const kind = comment.parentId === null ? "Kommentar" : "Antwort";
  const level = comment.parentId === null ? "###" : "####";
  if (comment.placeholder) return `${level} ${kind}`;
  const edited = new Date(comment.updatedAt).getTime() !== new Date(comment.createdAt).getTime();
  return `${level} ${kind} von ${escapeMarkdown(authorFirstName(comment.author))} (${formatDate(comment.createdAt)}${edited ? ", bearbeitet" : ""})${comment.isSolution ? " – Lösung" : ""}`;
}

/** Where a post is and when it was written, for a reader that cites it: its permalink, its ISO date, its "Hilfreich" count. */
function postFacts(permalink: string, createdAt: Date, helpfulCount: number): string {
  return [`<${permalink}>`, createdAt.toISOString(), ...(helpfulCount > 0 ? [`${helpfulCount} × hilfreich`] : [])].join(" · ");
}

const absolute = (path: string) => `${env.PUBLIC_URL}${path}`;

/**
 * The discussion as a guest may read it, or null when a guest would get 'Diskussion nicht gefunden'. The accepted
 * solution follows the question, as the page quotes it there, so a reader has the answer first; then every comment
 * with its permalink and ISO date.
 */
export async function discussionMarkdown(slug: string, limit = MARKDOWN_COMMENT_LIMIT): Promise<string | null> {
  const discussion = await getDiscussionBySlug(slug);
  if (!discussion || isHidden(discussion)) return null;
  const pageUrl = absolute(paths.discussion(discussion.slug));
  const { comments, complete } = await visibleComments(discussion.id, limit);
  const edited = new Date(discussion.updatedAt).getTime() !== new Date(discussion.createdAt).getTime();
  const { solution } = discussion;
  const lines = [
    `# ${escapeMarkdown(discussion.title)}`,
    "",
    `- Kategorie: [${categoryLabels[discussion.category]}](${env.PUBLIC_URL}${categoryHref(discussion.category)})`,
    ...(discussion.tags.length > 0
      ? [`- Schlagwörter: ${discussion.tags.map((tag) => `[${escapeMarkdown(tag.name)}](${absolute(paths.tag(tag.slug))})`).join(", ")}`]
      : []),
    `- Von: ${escapeMarkdown(authorFirstName(discussion.author, "Unbekannter Autor"))}`,
    `- Veröffentlicht: ${formatDate(discussion.createdAt)} (${discussion.createdAt.toISOString()})${edited ? ` (bearbeitet ${formatDate(discussion.updatedAt)})` : ""}`,
    `- ${formatReplies(discussion.repliesCount)}`,
    ...(discussion.helpful.count > 0 ? [`- ${discussion.helpful.count} × hilfreich`] : []),
    `- Status: ${solution ? "gelöst" : "offen"}`,
    `- Seite: <${pageUrl}>`,
    "",
    richTextToMarkdown(mentionNamesInRichText(discussion.content, discussion.mentionNames)),
    "",
  ];
  if (solution) {
    lines.push(
      "## Lösung",
      "",
      `Von ${escapeMarkdown(authorFirstName(solution.author))} (${formatDate(solution.createdAt)}), als Lösung markiert: ${postFacts(absolute(commentPermalink(discussion.slug, solution.page, solution.commentId)), solution.createdAt, solution.helpfulCount)}`,
      "",
      commentToMarkdown(solution),
      "",
    );
  }
  if (comments.length > 0) {
    lines.push("## Kommentare", "");
    for (const comment of comments) {
      lines.push(commentHeading(comment), "");
      if (comment.placeholder) lines.push(`_${PLACEHOLDER}_`, "");
      else
        lines.push(
          postFacts(absolute(commentPermalink(discussion.slug, comment.page, comment.id)), comment.createdAt, comment.helpful.count),
          "",
          commentToMarkdown(comment),
          "",
        );
    }
  }
  if (!complete) {
    lines.push(`_Diese Fassung enthält die ersten ${limit} Kommentare. Alle Kommentare stehen auf <${pageUrl}>._`, "");
  }
  return lines.join("\n");
}
