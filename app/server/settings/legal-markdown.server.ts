import MarkdownIt from "markdown-it";
import markdownItAttrs from "markdown-it-attrs";
import sanitizeHtml from "sanitize-html";
import { legalTextPlaceholders, type SiteSettings } from "~/lib/schemas/settings";

/**
 * The legal texts' Markdown as HTML (decision 0049), on the server only. markdown-it with `html: false` writes any
 * HTML typed into the text as text, and refuses javascript:, vbscript:, file: and data: links; sanitize-html then
 * keeps only the elements below, whatever the parser or a later plugin let through. A heading may carry its anchor
 * as `{#id}` (markdown-it-attrs, ids only); a table scrolls inside its own box on a phone, as the pages' tables do.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
markdown.use(markdownItAttrs, { allowedAttributes: ["id"] });
// Only the links the sanitiser keeps become links; any other stays text as typed.
markdown.validateLink = (url) => safeHref(url) !== null;

// A table gets the box that scrolls sideways (app.css .table-scroll), named after the heading above it, and focusable
// so that a keyboard can scroll it.
markdown.renderer.rules.table_open = (tokens, index) => {
  let label = "Tabelle";
  for (let at = index - 1; at >= 0; at--) {
    if (tokens[at]!.type === "heading_open") {
      label = tokens[at + 1]?.content.replace(/\s*\{#[^}]*\}\s*$/, "") || label;
      break;
    }
  }
  return `<div class="table-scroll" role="region" aria-label="${markdown.utils.escapeHtml(label)}" tabindex="0"><table>\n`;
};
markdown.renderer.rules.table_close = () => "</table></div>\n";

const ANCHOR = /^[a-z][a-z0-9-]{0,40}$/;
const HEADINGS = ["h2", "h3", "h4"];

/** A link to a path on this site or an absolute http(s) or mailto address; anything else loses its link. */
function safeHref(href: string | undefined): string | null {
  const value = (href ?? "").trim();
  if (/^\/(?![/\\])/.test(value) || /^#[a-z][a-z0-9-]*$/.test(value)) return value;
  if (/^(https?:\/\/|mailto:)/i.test(value)) {
    try {
      return new URL(value).toString();
    } catch {
      return null;
    }
  }
  return null;
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    ...HEADINGS,
    "p",
    "br",
    "strong",
    "em",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "hr",
    "div",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    div: ["class", "role", "aria-label", "tabindex"],
    th: ["style"],
    td: ["style"],
  },
  allowedClasses: { div: ["table-scroll"] },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "svg", "math", "iframe", "template"],
  transformTags: {
    // A page's one h1 is its title: a "#" heading in the text becomes the next level.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      // An <a> without href rather than another element: sanitize-html would carry a renamed tag onto later closing tags.
      return { tagName, attribs: href ? { href } : {} };
    },
    ...Object.fromEntries(
      HEADINGS.map((heading) => [
        heading,
        (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => ({
          tagName,
          attribs: attribs.id && ANCHOR.test(attribs.id) ? { id: attribs.id } : {},
        }),
      ]),
    ),
    div: (tagName, attribs): sanitizeHtml.Tag =>
      attribs.class === "table-scroll"
        ? { tagName, attribs: { class: "table-scroll", role: "region", "aria-label": attribs["aria-label"] ?? "Tabelle", tabindex: "0" } }
        : { tagName, attribs: {} },
  },
};

/** {{Forum}} and {{Betreiber}} as the settings say; written as text, so a name cannot add Markdown. */
function fillPlaceholders(text: string, settings: Pick<SiteSettings, "forumName" | "company">): string {
  return text.replace(/\{\{(Forum|Betreiber)\}\}/g, (placeholder) =>
    settings[legalTextPlaceholders[placeholder as keyof typeof legalTextPlaceholders]].replace(/[\\`*_[\]#|~<>&{}!]/g, "\\$&"),
  );
}

/** A legal text as the page shows it: placeholders filled, Markdown rendered, the HTML sanitised. */
export function renderLegalMarkdown(text: string, settings: Pick<SiteSettings, "forumName" | "company">): string {
  return sanitizeHtml(markdown.render(fillPlaceholders(text, settings)), sanitizeOptions);
}
