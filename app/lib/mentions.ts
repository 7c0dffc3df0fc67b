/**
 * Mentions (issue 18, decision 0017). Rich text stores a mention as a link to the
 * profile with data-mention; plain-text comments store it as the token
 * `@[Name](profile-id)`, which the page renders as the same link.
 */

/** At most this many members are mentioned per post; further mentions stay text and notify nobody. */
export const MENTION_LIMIT = 10;

/** `@[Name](id)` in a plain-text comment. Names hold no brackets or line breaks; ids are better-auth ids. */
export const MENTION_TOKEN = /@\[([^\][\n]{1,80})\]\(([A-Za-z0-9_-]{1,64})\)/g;

export function mentionToken(name: string, memberId: string): string {
  return `@[${name.replace(/[[\]\n]/g, "")}](${memberId})`;
}

export type TextPart = { kind: "text"; text: string } | { kind: "mention"; name: string; memberId: string };

/** A comment's text as text and mention parts, in order. */
export function splitMentions(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_TOKEN)) {
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "mention", name: match[1]!, memberId: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
