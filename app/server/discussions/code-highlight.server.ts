import hljs from "highlight.js/lib/core";
import apache from "highlight.js/lib/languages/apache";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import nginx from "highlight.js/lib/languages/nginx";
import php from "highlight.js/lib/languages/php";
import plaintext from "highlight.js/lib/languages/plaintext";
import python from "highlight.js/lib/languages/python";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import sanitizeHtml from "sanitize-html";

/**
 * Code blocks highlighted once, on the write (decision 0032): the stored HTML
 * carries highlight.js's `<span class="hljs-…">`, readers get no highlighting
 * JavaScript and a page render pays nothing for it. The languages are the
 * ones marketers paste: JSON-LD, tracking snippets, .htaccess and nginx
 * redirects, SQL for BigQuery, Python scripts, robots/YAML configs.
 */
const languages = { apache, bash, css, javascript, json, markdown, nginx, php, plaintext, python, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
hljs.registerAliases(["html", "htm", "svg"], { languageName: "xml" });
hljs.registerAliases(["htaccess"], { languageName: "apache" });
hljs.registerAliases(["text", "txt", "regex"], { languageName: "plaintext" });

/** A language name as a class may carry it (`language-…`): what the editor and Markdown fences write. */
export const CODE_LANGUAGE = /^[a-z0-9][a-z0-9+#-]{0,29}$/;

/** Guessing among these only: highlight.js's auto-detection over every language calls a German sentence "Bash". */
const AUTO_DETECT = ["json", "xml", "javascript", "css", "sql", "python", "php", "bash", "yaml", "apache", "nginx"];

/** After sanitizing, a code block is exactly this (sanitize-html writes attributes in one form). */
const CODE_BLOCK = /<pre([^>]*)><code(?: class="language-([a-z0-9+#-]+)")?>([\s\S]*?)<\/code><\/pre>/g;

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Code text (with highlight.js's escaping) and the language it was highlighted as. */
function highlight(code: string, requested: string | undefined): { html: string; language: string | undefined } {
  if (requested && hljs.getLanguage(requested)) {
    return { html: hljs.highlight(code, { language: requested, ignoreIllegals: true }).value, language: requested };
  }
  if (requested) return { html: hljs.highlight(code, { language: "plaintext" }).value, language: requested };
  const guess = hljs.highlightAuto(code, AUTO_DETECT);
  // A low relevance is a guess at prose or a one-liner: better plain than wrongly coloured.
  if (guess.language && guess.relevance >= 3) return { html: guess.value, language: guess.language };
  return { html: hljs.highlight(code, { language: "plaintext" }).value, language: undefined };
}

/**
 * Sanitized rich text with each code block's text highlighted anew. Whatever
 * markup arrived inside a block is dropped first: only the text counts, so a
 * writer cannot bring classes or spans of their own.
 */
export function highlightCodeBlocks(sanitized: string): string {
  if (!sanitized.includes("<pre")) return sanitized;
  return sanitized.replace(CODE_BLOCK, (_block, preAttributes: string, language: string | undefined, inner: string) => {
    const code = decodeEntities(sanitizeHtml(inner, { allowedTags: [], allowedAttributes: {} }));
    const highlighted = highlight(code, language);
    // Quotes in text as sanitize-html writes them, so sanitizing the stored HTML again changes nothing.
    const html = highlighted.html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
    const classAttribute = highlighted.language ? ` class="language-${highlighted.language}"` : "";
    return `<pre${preAttributes}><code${classAttribute}>${html}</code></pre>`;
  });
}
