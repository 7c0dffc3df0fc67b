import type { WatchAction, WatchKind } from "../../../db/schema";
import { MENTION_TOKEN } from "~/lib/mentions";

/**
 * Watched words and domains (decision 0038): the list compiled into a few regular
 * expressions and host sets, and what a post or a sign-up address meets in it.
 * Pure: the list comes from watchlist.server.ts, which compiles it once per
 * process and change.
 */

export interface WatchedTerm {
  kind: WatchKind;
  term: string;
  action: WatchAction;
  replacement: string | null;
}

/** Letters (umlauts and ß included), digits, combining marks and "_": what a word is made of. */
const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}_]`;

/** A word as stored and compared: NFC, small letters, one space between its parts. */
export function normalizeWord(value: string): string {
  return value.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("de");
}

/**
 * A domain as stored and compared: the host of whatever was typed (a URL, "www.…", a bare name), in small ASCII
 * letters (an umlaut domain as its xn-- form, as browsers send it), without "www." and a final dot. Null when it
 * is no host name with at least one dot.
 */
export function normalizeDomain(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return null;
  const withoutMailbox = trimmed.includes("@") && !trimmed.includes("/") ? trimmed.slice(trimmed.lastIndexOf("@") + 1) : trimmed;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(withoutMailbox) ? withoutMailbox : `http://${withoutMailbox}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, "").replace(/^www\./, "");
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) || host.split(".").some((label) => label === "" || label.length > 63)) return null;
  return host;
}

/** The pattern of one word entry: "*" stands for any letters, a space for any run of white space, ß and ss alike. */
function wordPattern(term: string): string {
  // "ss" first, as one token: "Strasse" and "Straße" are one word to a German reader.
  return normalizeWord(term)
    .split(/(ss|ß|\*| )/)
    .map((token) => {
      if (token === "ss" || token === "ß") return "(?:ss|ß)";
      if (token === "*") return `${WORD_CHAR}*`;
      if (token === " ") return String.raw`\s+`;
      return token.replace(/[.*+?^${}()|[\]\\/]/g, String.raw`\$&`);
    })
    .join("");
}

/** One expression for many words, each its own group so a match tells which entry it was; longer entries first. */
function wordsExpression(terms: readonly string[]): RegExp | null {
  if (terms.length === 0) return null;
  const alternatives = terms.map((term) => `(${wordPattern(term)})`);
  return new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join("|")})(?!${WORD_CHAR})`, "giu");
}

function byLengthDescending<T extends { term: string }>(entries: T[]): T[] {
  return [...entries].sort((a, b) => b.term.length - a.term.length || a.term.localeCompare(b.term));
}

/** Whether a host is the domain or one of its subdomains: its suffixes looked up in the set. */
function matchingDomain(host: string, domains: ReadonlySet<string>): string | null {
  let rest = host;
  for (;;) {
    if (domains.has(rest)) return rest;
    const dot = rest.indexOf(".");
    if (dot === -1) return null;
    rest = rest.slice(dot + 1);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function escapeText(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

/** Tags that separate words; the others (bold, links, mentions) sit inside a word's letters without breaking them. */
const BLOCK_TAG = /^<\/?(p|br|li|ul|ol|div|h[1-6]|blockquote|pre)\b/i;

/** The text a reader sees in sanitized rich text, so that "Back<strong>links</strong>" is one word here too. */
function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, (tag) => (BLOCK_TAG.test(tag) ? " " : "")));
}

/** Links written as text: what the comment view turns into links, and "www." names, which readers follow as well. */
const TEXT_LINK = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"'/]+/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const MAILTO = /^mailto:[^@?]*@([^?]+)/i;

/** The hosts a post links to: its links' targets (mail addresses' domains included) and the URLs in its text. */
export function linkedHosts(parts: { html?: string; text?: string[] }): string[] {
  const hosts = new Set<string>();
  const add = (target: string) => {
    const mail = MAILTO.exec(target);
    const host = normalizeDomain(mail ? mail[1]! : target);
    if (host) hosts.add(host);
  };
  if (parts.html) {
    for (const match of parts.html.matchAll(HREF)) add(decodeEntities(match[1] ?? match[2] ?? ""));
    for (const match of htmlText(parts.html).matchAll(TEXT_LINK)) add(match[0]);
  }
  for (const text of parts.text ?? []) for (const match of text.matchAll(TEXT_LINK)) add(match[0]);
  return [...hosts];
}

/** What the list found in a post. `found` names what the member wrote (their spelling) or linked to. */
export interface PostFindings {
  blockedWords: string[];
  blockedDomains: string[];
  heldWords: string[];
  heldDomains: string[];
}

export interface PostParts {
  title?: string;
  /** Sanitized rich text (a discussion's body). */
  html?: string;
  /** Plain text (a comment). */
  text?: string;
}

export interface ScreenedPost {
  findings: PostFindings;
  /** The parts with "replace" words replaced; unchanged parts are returned as they came. */
  title?: string;
  html?: string;
  text?: string;
}

function uniqueFound(values: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = normalizeWord(value);
    if (!seen.has(key)) seen.set(key, value.normalize("NFC").replace(/\s+/g, " ").trim());
  }
  return [...seen.values()];
}

export class WatchList {
  private readonly block: RegExp | null;
  private readonly hold: RegExp | null;
  private readonly replace: RegExp | null;
  private readonly replacements: string[];
  private readonly blockedDomains: ReadonlySet<string>;
  private readonly heldDomains: ReadonlySet<string>;
  private readonly emailDomains: ReadonlySet<string>;
  readonly size: number;

  constructor(entries: readonly WatchedTerm[]) {
    const words = (action: WatchAction) => byLengthDescending(entries.filter((entry) => entry.kind === "word" && entry.action === action));
    const domains = (kind: WatchKind, action: WatchAction) =>
      new Set(entries.filter((entry) => entry.kind === kind && entry.action === action).map((entry) => entry.term));
    this.block = wordsExpression(words("block").map((entry) => entry.term));
    this.hold = wordsExpression(words("hold").map((entry) => entry.term));
    const replaced = words("replace");
    this.replace = wordsExpression(replaced.map((entry) => entry.term));
    this.replacements = replaced.map((entry) => entry.replacement ?? "");
    this.blockedDomains = domains("link-domain", "block");
    this.heldDomains = domains("link-domain", "hold");
    this.emailDomains = domains("email-domain", "block");
    this.size = entries.length;
  }

  /** Whether sign-ups from this address's domain (or a subdomain of it) are refused. */
  blocksEmail(email: string): boolean {
    const at = email.lastIndexOf("@");
    if (at === -1) return false;
    const domain = normalizeDomain(email.slice(at + 1));
    return domain !== null && matchingDomain(domain, this.emailDomains) !== null;
  }

  /**
   * Block and hold are looked for in what the member wrote, replace words are then replaced: a replacement
   * cannot bring in a blocked word, and a held post is held for what its author wrote.
   */
  screen(post: PostParts): ScreenedPost {
    const plainText = post.text?.replace(MENTION_TOKEN, " ");
    const texts = [post.title, post.html === undefined ? undefined : htmlText(post.html), plainText].filter(
      (part): part is string => part !== undefined,
    );
    const wordsIn = (expression: RegExp | null) =>
      expression ? uniqueFound(texts.flatMap((text) => [...text.normalize("NFC").matchAll(expression)].map((match) => match[0]))) : [];
    const hosts = linkedHosts({ html: post.html, text: [post.title ?? "", plainText ?? ""] });
    const domainsIn = (set: ReadonlySet<string>) =>
      set.size === 0 ? [] : [...new Set(hosts.flatMap((host) => (matchingDomain(host, set) ? [host] : [])))];
    const findings: PostFindings = {
      blockedWords: wordsIn(this.block),
      blockedDomains: domainsIn(this.blockedDomains),
      heldWords: wordsIn(this.hold),
      heldDomains: domainsIn(this.heldDomains),
    };
    return {
      findings,
      ...(post.title === undefined ? {} : { title: this.replaceInText(post.title) }),
      ...(post.html === undefined ? {} : { html: this.replaceInHtml(post.html) }),
      ...(post.text === undefined ? {} : { text: this.replaceInComment(post.text) }),
    };
  }

  /** The replacement of the entry whose group matched (one group per entry, in the expression's order). */
  private replacementFor(groups: unknown[]): string {
    const index = groups.findIndex((group) => typeof group === "string");
    return this.replacements[index] ?? "";
  }

  private replaceInText(text: string): string {
    const expression = this.replace;
    if (!expression) return text;
    const normalized = text.normalize("NFC");
    if (!normalized.match(expression)) return text;
    return normalized.replace(expression, (...args: unknown[]) => this.replacementFor(args.slice(1, 1 + this.replacements.length)));
  }

  /** A comment's mention tokens ("@[Name](id)") are a member's name, not the author's words: left as they are. */
  private replaceInComment(text: string): string {
    if (!this.replace) return text;
    let result = "";
    let from = 0;
    for (const token of text.matchAll(MENTION_TOKEN)) {
      result += this.replaceInText(text.slice(from, token.index)) + token[0];
      from = token.index + token[0].length;
    }
    return result + this.replaceInText(text.slice(from));
  }

  /**
   * Replaces in the text between tags only, never in a tag or a link's address, and not in a mention (a member's
   * name, which the page shows as it is now anyway). Sanitized HTML escapes "<" and ">" in attribute values, so
   * every "<…>" is a tag.
   */
  private replaceInHtml(html: string): string {
    if (!this.replace) return html;
    let inMention = false;
    return html
      .split(/(<[^>]*>)/)
      .map((part) => {
        if (part.startsWith("<")) {
          if (/^<a\b[^>]*\bdata-mention\b/i.test(part)) inMention = true;
          else if (/^<\/a\b/i.test(part)) inMention = false;
          return part;
        }
        if (inMention || part === "") return part;
        const decoded = decodeEntities(part);
        const replaced = this.replaceInText(decoded);
        return replaced === decoded ? part : escapeText(replaced);
      })
      .join("");
  }
}

/** What the member is told when their post is refused: what was found, in their own spelling. */
export function blockedPostText(findings: PostFindings): string | null {
  const quote = (values: string[]) => values.map((value) => `„${value}“`).join(", ");
  const parts: string[] = [];
  if (findings.blockedWords.length > 0)
    parts.push(
      findings.blockedWords.length === 1
        ? `Der Begriff ${quote(findings.blockedWords)} ist in diesem Forum nicht erlaubt.`
        : `Die Begriffe ${quote(findings.blockedWords)} sind in diesem Forum nicht erlaubt.`,
    );
  if (findings.blockedDomains.length > 0)
    parts.push(
      findings.blockedDomains.length === 1
        ? `Links zu ${findings.blockedDomains[0]} sind in diesem Forum nicht erlaubt.`
        : `Links zu ${findings.blockedDomains.join(", ")} sind in diesem Forum nicht erlaubt.`,
    );
  if (parts.length === 0) return null;
  return `Ihr Beitrag wurde nicht gespeichert. ${parts.join(" ")} Bitte ändern Sie den Text und senden Sie ihn erneut.`;
}

/** Why a post waits for review, one line per finding, for the moderation team. */
export function heldPostReasons(findings: PostFindings): string[] {
  return [
    ...findings.heldWords.map((word) => `Beobachteter Begriff „${word}“`),
    ...findings.heldDomains.map((domain) => `Link zu einer beobachteten Domain (${domain})`),
  ];
}
