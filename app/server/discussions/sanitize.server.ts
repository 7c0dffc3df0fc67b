import sanitizeHtml from "sanitize-html";
import { env } from "~/server/platform";
import { shortenAtWord } from "~/lib/format";
import { highlightCodeBlocks } from "./code-highlight.server";
import { IMAGE_SIZES, IMAGE_URL, imageUrl } from "~/lib/post-images";
import { mentionsAsText } from "~/lib/mentions";
import type { ContentFormat } from "~/lib/rich-text";
import { URL_PATTERN } from "~/lib/links";

/**
 * Rich text keeps bold, bullet lists, links, paragraphs, line breaks, inline code, code blocks (with the
 * highlighting spans the write added, decision 0032) and quotes. Everything else becomes text.
 */
const LINK_REL = "nofollow ugc noopener";
const ALLOWED_SCHEMES = ["http", "https", "mailto"];
const ownHost = new URL(env.PUBLIC_URL).host;

/** A path on this site ("/discussion/…#comment-…", what a quote links to); never "//host" or "/\\host". */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** A link target we accept: absolute http(s), mailto or a path on this site, nothing that a browser could run. */
function safeHref(raw: string | undefined): string | null {
  if (!raw) return null;
  const href = raw.trim();
  if (SITE_PATH.test(href)) {
    try {
      const url = new URL(href, env.PUBLIC_URL);
      return url.host === ownHost ? `${url.pathname}${url.search}${url.hash}` : null;
    } catch {
      return null;
    }
  }
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return null;
  try {
    const url = new URL(href);
    return ALLOWED_SCHEMES.includes(url.protocol.replace(":", "")) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A mention's id: better-auth ids are letters, digits, '-' and '_'. */
const MENTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A mention (decision 0017) is exactly `<a href="/profile/<id>" data-mention="<id>">`.
 * Any other shape, or (on a write) an id not in `mentionable`, becomes a plain
 * span: its text stays, it links and notifies nobody. (A span, not a disallowed
 * tag: sanitize-html leaks a renamed-and-discarded tag's name onto later closing tags.)
 */
function mentionTag(attribs: sanitizeHtml.Attributes, mentionable: ReadonlySet<string> | undefined): sanitizeHtml.Tag {
  const id = attribs["data-mention"] ?? "";
  const genuine = MENTION_ID.test(id) && attribs.href === `/profile/${id}` && (mentionable === undefined || mentionable.has(id));
  return genuine ? { tagName: "a", attribs: { href: `/profile/${id}`, "data-mention": id } } : { tagName: "span", attribs: {} };
}

/** A code block's language class ("language-json", "language-c++"). */
const LANGUAGE_CLASS = /^language-[a-z0-9+#_.-]{1,32}$/;

/** A dimension as an image of ours can have it: 1 to 2,000 px. */
const DIMENSION = /^(?:[1-9][0-9]{0,2}|1[0-9]{3}|2000)$/;

/**
 * A post image (decision 0033) is an `<img>` whose every address is one of
 * ours (`/images/{id}/{width}.webp`, one id) with numeric size, lazy and
 * async; anything else (another host, `javascript:`, `data:`, an event
 * handler, a style) is dropped with the element. The write then rebuilds each
 * kept image from its stored record (resolvePostImages).
 */
function imageTag(attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const src = IMAGE_URL.exec(attribs.src ?? "");
  if (!src) return { tagName: "img", attribs: {} };
  const id = src[1]!;
  const kept: sanitizeHtml.Attributes = { src: imageUrl(id, Number(src[2])) };
  const srcset = (attribs.srcset ?? "")
    .split(",")
    .map((entry) => /^(\S+) ([1-9][0-9]{0,3})w$/.exec(entry.trim()))
    .filter((entry) => entry !== null && IMAGE_URL.exec(entry[1]!)?.[1] === id && IMAGE_URL.exec(entry[1]!)?.[2] === entry[2]);
  if (srcset.length > 0) {
    kept.srcset = srcset.map((entry) => `${entry![1]} ${entry![2]}w`).join(", ");
    kept.sizes = IMAGE_SIZES;
  }
  if (DIMENSION.test(attribs.width ?? "") && DIMENSION.test(attribs.height ?? "")) {
    kept.width = attribs.width!;
    kept.height = attribs.height!;
  }
  kept.alt = attribs.alt ?? "";
  kept.loading = "lazy";
  kept.decoding = "async";
  return { tagName: "img", attribs: kept };
}

const options = (mentionable: ReadonlySet<string> | undefined): sanitizeHtml.IOptions => ({
  allowedTags: ["p", "br", "strong", "ul", "li", "a", "span", "code", "pre", "blockquote", "img"],
  allowedAttributes: {
    a: ["href", "rel", "target", "data-mention", "data-image"],
    pre: ["tabindex"],
    blockquote: ["cite"],
    img: ["src", "srcset", "sizes", "width", "height", "alt", "loading", "decoding"],
  },
  // A code block's language, and the highlighting of its words; no other class, so nothing borrows the site's styles.
  // A language is a short word: anything else in it would travel on (the Markdown export's fence names it).
  allowedClasses: { code: [LANGUAGE_CLASS], span: [/^hljs-[a-z0-9_-]{1,40}$/, LANGUAGE_CLASS] },
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesAppliedToAttributes: ["href", "src"],
  // Our image addresses are paths; imageTag checks each against IMAGE_URL.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Their content is code or markup, not text: dropped entirely.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "svg", "math", "iframe", "template", "title", "object", "embed"],
  // A link without a usable target goes, a refused mention (renamed to a span) stays. exclusiveFilter sees the
  // tag as written ("a"); sanitize-html notes the name transformTags gave it in `name`, outside its types.
  // An image whose address is not one of ours goes too.
  exclusiveFilter: (frame) =>
    (frame.tag === "a" && !frame.attribs.href && (frame as sanitizeHtml.IFrame & { name?: string }).name !== "span") ||
    (frame.tag === "img" && !frame.attribs.src),
  transformTags: {
    b: "strong",
    // Reachable by keyboard: a code block wider than the screen scrolls inside itself (axe: scrollable-region-focusable).
    pre: () => ({ tagName: "pre", attribs: { tabindex: "0" } }),
    blockquote: (_tagName, attribs): sanitizeHtml.Tag => {
      const cite = safeHref(attribs.cite);
      return { tagName: "blockquote", attribs: cite && !cite.startsWith("mailto:") ? { cite } : {} };
    },
    img: (_tagName, attribs) => imageTag(attribs),
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      if (attribs["data-mention"] !== undefined) return mentionTag(attribs, mentionable);
      // The link around a post image, to its largest version (works without JavaScript).
      if (attribs["data-image"] !== undefined) {
        return IMAGE_URL.test(attribs.href ?? "")
          ? { tagName: "a", attribs: { href: attribs.href!, "data-image": "" } }
          : { tagName: "a", attribs: {} };
      }
      const href = safeHref(attribs.href);
      // No usable target: the element is dropped by exclusiveFilter below. (Renaming it to a
      // disallowed tag instead makes sanitize-html close the wrong element.)
      if (!href) return { tagName: "a", attribs: {} };
      // Our own pages (a quote's source, another thread) are plain links that search engines follow; what a member
      // links elsewhere is theirs, not ours to vouch for (nofollow ugc), and opens in a tab of its own.
      if (href.startsWith("/") || (!href.startsWith("mailto:") && new URL(href).host === ownHost))
        return { tagName: "a", attribs: { href } };
      const linkAttribs: sanitizeHtml.Attributes = { href, rel: LINK_REL };
      if (!href.startsWith("mailto:")) linkAttribs.target = "_blank";
      return { tagName: "a", attribs: linkAttribs };
    },
  },
});

/**
 * Reduces HTML to the forum's allow-list. Run on every write and again before rendering.
 * A write passes the members it may mention (resolveRichTextMentions); rendering keeps
 * every mention of the right shape, because only a write could have stored it.
 */
export function sanitizeRichText(html: string, mentionable?: ReadonlySet<string>): string {
  return sanitizeHtml(html, options(mentionable)).trim();
}

/**
 * Rich text as it is stored: sanitized, its code blocks highlighted (decision 0032). Every write of a
 * post goes through here; rendering sanitizes again with sanitizeRichText, which keeps the highlighting.
 */
export function richTextForStorage(html: string, mentionable?: ReadonlySet<string>): string {
  const sanitized = sanitizeRichText(html, mentionable);
  const linked = linkAddresses(sanitized);
  // A new link gets its attributes (nofollow ugc, own tab, or none for our own pages) from the one allow-list.
  return highlightCodeBlocks(linked === sanitized ? sanitized : sanitizeRichText(linked, mentionable));
}

/**
 * Web addresses written as text become links, as the editor links one typed before a space or pasted: one typed
 * last in a post, or sent by a client without the editor, stayed text (the posting rules counted it all the same).
 * Not inside a link, inline code or a code block. Works on sanitized HTML, whose tags and text the split below
 * tells apart: every `<` of text is escaped there.
 */
function linkAddresses(html: string): string {
  let inside = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      const tag = /^<(\/?)(a|code|pre)\b/.exec(part);
      if (tag) inside += tag[1] ? -1 : 1;
      if (part.startsWith("<") || inside > 0 || !part.includes("http")) return part;
      // Matched on the text as read, so that an escaped quote or bracket ends an address as the character would.
      return decodeEntities(part)
        .split(URL_PATTERN)
        .map((piece, index) => (index % 2 === 1 ? `<a href="${escapeText(piece)}">${escapeText(piece)}</a>` : escapeText(piece)))
        .join("");
    })
    .join("");
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Rich text as plain text: paragraphs, code blocks and quotes become blank lines, list items "- " lines, links their text. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/li>/gi, "\n")
    .replace(/<\/p>|<\/ul>|<\/pre>|<\/blockquote>/gi, "\n\n");
  return decodeEntities(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** First characters of the text without markup (meta description). */
export function plainTextExcerpt(html: string, length = 160): string {
  const text = decodeEntities(
    sanitizeHtml(html.replace(/<\/(p|li|pre|blockquote)>|<br\s*\/?>/gi, " "), { allowedTags: [], allowedAttributes: {} }),
  )
    .replace(/\s+/g, " ")
    .trim();
  return shortenAtWord(text, length);
}

/**
 * A post's words as a reader reads them, without markup: rich text through htmlToText, an old plain-text comment
 * as it is, mentions as "@Name" either way. For outputs without links (JSON-LD, feeds, excerpts, audit labels).
 */
export function postText(content: string, format: ContentFormat): string {
  return format === "html" ? htmlToText(content) : mentionsAsText(content);
}

/** The first characters of a post's words on one line (a list's excerpt), whichever way it is stored. */
export function postExcerpt(content: string, format: ContentFormat, length = 160): string {
  return format === "html"
    ? plainTextExcerpt(content, length)
    : shortenAtWord(postText(content, "text").replace(/\s+/g, " ").trim(), length);
}
