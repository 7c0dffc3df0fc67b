import { URL_PATTERN } from "./links";
import { MENTION_TOKEN } from "./mentions";

/**
 * How a post's text is stored: "html" is rich text from the editor (sanitised on the write, decision 0032),
 * "text" the plain text comments were stored as before they took rich text (decision 0040), rendered as it
 * always was. A form says the same of what it sends: the editor sends "html", its textarea stand-in "text".
 */
export type ContentFormat = "html" | "text";

/** Text as HTML that shows it as it is. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

/** A stretch of text without mentions: escaped, its web addresses links (as a plain-text comment always showed them). */
function linkedText(text: string): string {
  return text
    .split(URL_PATTERN)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

/** One line: mention tokens `@[Name](id)` become mention links (decision 0017), the rest linked text. */
function lineToHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(MENTION_TOKEN)) {
    html += linkedText(line.slice(last, match.index));
    html += `<a href="/profile/${match[2]!}" data-mention="${match[2]!}">@${escapeHtml(match[1]!)}</a>`;
    last = match.index + match[0].length;
  }
  return html + linkedText(line.slice(last));
}

/** A quoted line ("> Text", as e-mail and Markdown write it) without its marker; null for any other line. */
function unquoted(line: string): string | null {
  const match = /^\s*>\s?(.*)$/.exec(line);
  return match ? match[1]! : null;
}

/** A text quoted from a post ("Zitieren"): the quoted words, who wrote them, and the post's address. */
export interface QuoteSource {
  text: string;
  author: string;
  /** The quoted post's address on this site ("/discussion/…#comment-…"). */
  href: string;
}

/** The words of a quote as paragraphs and line breaks. */
function quotedParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * A quote as rich text: a blockquote that cites its post, its first line "Aylin schrieb:" a link to the post,
 * then the quoted words. The editor inserts it (with an empty paragraph after it to answer in); the textarea's
 * form of it (quoteText) comes out of plainTextToHtml as the same markup.
 */
export function quoteHtml({ text, author, href }: QuoteSource): string {
  const source = escapeHtml(href);
  return `<blockquote cite="${source}"><p><a href="${source}">${escapeHtml(author)} schrieb:</a></p>${quotedParagraphs(text)}</blockquote>`;
}

/** The line a quote starts with in plain text: "> Aylin schrieb: https://…/discussion/…#comment-…". */
const QUOTE_HEADER = /^(.{1,120}) schrieb: (\S+)$/;

/**
 * A quote as plain text, for the textarea without JavaScript (the server's "?quote=", decision 0040): e-mail's
 * "> " lines after a header naming the author and the post's full address (`origin` is the site's).
 */
export function quoteText({ text, author, href }: QuoteSource, origin: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split("\n")
    .map((line) => (line.trim() === "" ? ">" : `> ${line}`));
  return [`> ${author.replace(/\s+/g, " ")} schrieb: ${origin}${href}`, ...lines].join("\n");
}

/** A quote paragraph's lines as HTML: a header that names a post of this site (quoteText) becomes quoteHtml's. */
function quoteToHtml(lines: string[], origin: string | undefined): string {
  const header = origin === undefined ? null : QUOTE_HEADER.exec(lines[0] ?? "");
  const href = header?.[2]?.startsWith(`${origin}/`) ? header[2].slice(origin!.length) : null;
  if (header && href !== null) return quoteHtml({ author: header[1]!, href, text: lines.slice(1).join("\n") });
  return `<blockquote><p>${lines.map(lineToHtml).join("<br>")}</p></blockquote>`;
}

/**
 * Plain text as rich text: what the textarea sends without JavaScript (and what it holds when the editor takes
 * over), and an old plain-text comment opened in the editor. Blank lines make paragraphs, line breaks stay,
 * web addresses and mention tokens become links, and a paragraph whose every line starts with "> " is a quote
 * (with `origin`, the site's address, a quote of one of its posts as quoteText wrote it cites that post).
 * Everything is escaped here; the server sanitises the result like any post anyway.
 */
export function plainTextToHtml(text: string, { origin }: { origin?: string } = {}): string {
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => {
      const lines = paragraph.split("\n");
      const quoted = lines.map(unquoted);
      if (quoted.every((line) => line !== null)) return quoteToHtml(quoted as string[], origin);
      return `<p>${lines.map(lineToHtml).join("<br>")}</p>`;
    })
    .join("");
}
