/**
 * Mentions (decision 0017). Rich text stores a mention as a link to the
 * profile with data-mention; plain-text comments store it as the token
 * `@[Name](profile-id)`, which the page renders as the same link. The name written
 * into either is the writer's: pages show the member's current name instead
 * (withMentionNames, mentionNamesInRichText).
 */

/** At most this many members are mentioned per post; further mentions stay text and notify nobody. */
export const MENTION_LIMIT = 10;

/** `@[Name](id)` in a plain-text comment. Names hold no brackets or line breaks; ids are better-auth ids. */
export const MENTION_TOKEN = /@\[([^\][\n]{1,80})\]\(([A-Za-z0-9_-]{1,64})\)/g;
/** The {1,80} of MENTION_TOKEN. */
const TOKEN_NAME_LIMIT = 80;

/** A full name may be longer than a token holds (60 + 60 characters): it is shortened, or the token would stay raw text. */
export function mentionToken(name: string, memberId: string): string {
  const clean = name.replace(/[[\]\n]/g, "").trim() || "Unbekannt";
  return `@[${clean.length > TOKEN_NAME_LIMIT ? `${clean.slice(0, TOKEN_NAME_LIMIT - 1).trimEnd()}…` : clean}](${memberId})`;
}

/** The current display names of mentioned members, by id; an id that is missing names a member who no longer exists. */
export type MentionNames = ReadonlyMap<string, string>;

/**
 * A comment's text with each mention showing the member's name as it is now,
 * not the name written into the token (which its author could have typed as
 * anything). A mention of a deleted member becomes the plain text it was
 * written as, without a link, as Discourse shows a mention of a missing user.
 */
export function withMentionNames(text: string, names: MentionNames): string {
  return text.replace(MENTION_TOKEN, (_token, typed: string, id: string) => {
    const name = names.get(id);
    return name === undefined ? `@${typed}` : mentionToken(name, id);
  });
}

/** Mentions as the text a reader sees ('@Name'), for outputs without links (feeds, JSON-LD, Markdown). */
export function mentionsAsText(text: string): string {
  return text.replace(MENTION_TOKEN, "@$1");
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

/** The text with each mention token as "@Name": for places that show a post's words without links (a quote). */
export function plainMentions(text: string): string {
  return splitMentions(text)
    .map((part) => (part.kind === "mention" ? `@${part.name}` : part.text))
    .join("");
}
