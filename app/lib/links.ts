/** A web address in plain text, as the comment view links it (trailing punctuation stays text). */
export const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** An `href` of an http(s) link in stored rich text (sanitizeRichText writes every attribute in double quotes). */
const HREF_PATTERN = /<a\s[^>]*?href="(https?:[^"]+)"/gi;

/** What the posting rules read of a post: its text and every web address it links to or names. */
export interface PostContent {
  /** The words, without markup. */
  text: string;
  /** The distinct web addresses: link targets and addresses written as text (a comment's are linked when shown). */
  links: string[];
  /** Their host names, lower case, without "www.". */
  domains: string[];
}

function decodeAmpersands(value: string): string {
  return value.replace(/&amp;/g, "&");
}

/** Reads a post's addresses: rich text (a discussion, stored HTML) or plain text (a comment). Mentions link inside the forum and do not count. */
export function postContent(body: string, format: "html" | "text"): PostContent {
  const text = format === "html" ? decodeAmpersands(body.replace(/<[^>]*>/g, " ")) : body;
  const found = [
    ...(format === "html" ? [...body.matchAll(HREF_PATTERN)].map((match) => decodeAmpersands(match[1]!)) : []),
    ...(text.match(URL_PATTERN) ?? []),
  ];
  const links = [...new Set(found.map(normalise).filter((link): link is string => link !== null))];
  const domains = [...new Set(links.map((link) => new URL(link).hostname.replace(/^www\./, "")))];
  return { text, links, domains };
}

/** One spelling per address (a link written as its own text counts once); null for what is no web address. */
function normalise(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
