import { and, asc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles } from "../../../db/schema";
import { MENTION_LIMIT, MENTION_TOKEN, mentionToken, withMentionNames, type MentionNames } from "~/lib/mentions";
import { escapeHtml, type ContentFormat } from "~/lib/rich-text";
import { authorFullName } from "~/lib/authors";
import { db, type Database, type Transaction } from "~/server/db";
import { postText, richTextForStorage, sanitizeRichText } from "./sanitize.server";

/**
 * Mentions on a write (decision 0017): only approved members can be mentioned,
 * at most MENTION_LIMIT per post in the order they appear; everything else
 * stays text. The result's memberIds are the ones to notify.
 */

const DATA_MENTION = /data-mention\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** Of these ids (in order, duplicates once), the approved members', up to the limit. */
async function mentionableAmong(ids: string[], executor: Database | Transaction): Promise<Set<string>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Set();
  const rows = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(inArray(profiles.id, distinct), eq(profiles.approvalStatus, "approved")));
  const approved = new Set(rows.map((row) => row.id));
  return new Set(distinct.filter((id) => approved.has(id)).slice(0, MENTION_LIMIT));
}

/** Sanitized rich text whose mentions are approved members, and those members' ids. */
export async function resolveRichTextMentions(
  html: string,
  executor: Database | Transaction,
): Promise<{ html: string; memberIds: string[] }> {
  const candidates = [...sanitizeRichText(html).matchAll(DATA_MENTION)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
  const mentionable = await mentionableAmong(candidates, executor);
  const clean = richTextForStorage(html, mentionable);
  return { html: clean, memberIds: mentionedIn(clean) };
}

/** The member ids a stored rich text mentions, each once. */
export function mentionedIn(html: string): string[] {
  return [...new Set([...html.matchAll(DATA_MENTION)].map((match) => match[1] ?? match[2] ?? match[3] ?? ""))];
}

/** '@Vorname Nachname' typed by hand (no JavaScript, no suggestions): two capitalised words after '@'. */
const TYPED_NAME = /(^|\s)@(\p{Lu}[\p{L}'-]*) (\p{Lu}[\p{L}'-]*)/gu;

/** Typed full names that belong to exactly one approved member become that member's token. */
export async function tokensForTypedNames(text: string, executor: Database | Transaction): Promise<string> {
  const typed = [
    ...new Map([...text.matchAll(TYPED_NAME)].map((match) => [`${match[2]} ${match[3]}`, [match[2]!, match[3]!] as const])).values(),
  ].slice(0, MENTION_LIMIT * 2);
  if (typed.length === 0) return text;
  const rows = await executor
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(
      and(
        eq(profiles.approvalStatus, "approved"),
        or(...typed.map(([first, last]) => and(eq(profiles.firstName, first), eq(profiles.lastName, last)))),
      ),
    );
  const byName = new Map<string, string[]>();
  for (const row of rows)
    byName.set(`${row.firstName} ${row.lastName}`, [...(byName.get(`${row.firstName} ${row.lastName}`) ?? []), row.id]);
  return text.replace(TYPED_NAME, (whole, before: string, first: string, last: string) => {
    const ids = byName.get(`${first} ${last}`);
    return ids?.length === 1 ? `${before}${mentionToken(`${first} ${last}`, ids[0]!)}` : whole;
  });
}

/**
 * A plain-text comment whose `@[Name](id)` tokens are approved members (others become `@Name`), and those ids.
 * A full name typed by hand that names exactly one approved member counts as a mention too.
 */
export async function resolveTextMentions(
  typedText: string,
  executor: Database | Transaction,
): Promise<{ text: string; memberIds: string[] }> {
  const text = await tokensForTypedNames(typedText, executor);
  const mentionable = await mentionableAmong(
    [...text.matchAll(MENTION_TOKEN)].map((match) => match[2]!),
    executor,
  );
  const clean = text.replace(MENTION_TOKEN, (token, name: string, id: string) => (mentionable.has(id) ? token : `@${name}`));
  return { text: clean, memberIds: textMentionsIn(clean) };
}

/** The member ids an old plain-text comment mentions, each once. */
export function textMentionsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_TOKEN)].map((match) => match[2]!))];
}

/** The member ids a stored post mentions, each once, whichever way it is stored. */
export function mentionsIn(content: string, format: ContentFormat): string[] {
  return format === "html" ? mentionedIn(content) : textMentionsIn(content);
}

// Mentions on the page: the names they show.

/**
 * The ids a stored text mentions, as a PostgreSQL regular expression (one capture group). Each is a superset of
 * what the page reads as a mention (MENTION_TOKEN, the sanitizer's mention link): an id read too many costs a name
 * nobody shows, one missed would show its mention as a deleted member's.
 */
const MENTIONED_ID = {
  text: String.raw`\]\(([A-Za-z0-9_-]{1,64})\)`,
  html: String.raw`data-mention="([A-Za-z0-9_-]{1,64})"`,
  /** A comment, stored in either format (decision 0040): the union of both. */
  either: String.raw`(?:\]\(|data-mention=")([A-Za-z0-9_-]{1,64})[)"]`,
} as const;

/**
 * A column for the select that loads `content`: the current names of the members it mentions (the text written
 * into a mention is the writer's, who could put another name on a member's link; the name shown must be the
 * member's). In the same statement as the content, so a page reads its names without a query of its own and
 * without one per post; a deleted member's id has no row and comes back missing.
 */
export function mentionNamesOf(content: SQLWrapper, format: keyof typeof MENTIONED_ID): SQL<MentionNames> {
  const m = alias(profiles, "m");
  return sql`(select coalesce(json_agg(json_build_array(${m.id}, ${m.firstName}, ${m.lastName})), '[]'::json) from ${profiles} ${m}
    where ${m.id} in (select (regexp_matches(${content}, ${MENTIONED_ID[format]}, 'g'))[1]))`.mapWith(toMentionNames);
}

/** The value of mentionNamesOf as the driver returns it (for raw queries, which do not map columns). */
export function toMentionNames(raw: unknown): MentionNames {
  const rows = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<[string, string, string]> | null;
  return new Map((rows ?? []).map(([id, firstName, lastName]) => [id, authorFullName({ firstName, lastName })]));
}

/**
 * A mention link in stored rich text. Every write sanitized it, which keeps data-mention on genuine mentions only
 * and lets no link nest in another: a mention's text ends at the first "</a>".
 */
const MENTION_LINK = /<a [^>]*data-mention="([A-Za-z0-9_-]{1,64})"[^>]*>([\s\S]*?)<\/a>/g;

/**
 * Stored rich text with each mention showing the member's current name
 * instead of the text it was written with, and a deleted member's mention as
 * its plain text without a link (as a comment's, withMentionNames). Not
 * sanitized here: HTML for the page goes through sanitizeRichText as always
 * (the link written here is one it keeps), text outputs strip every tag; a
 * search page's fifty snippets would pay for a second sanitizing each.
 */
export function mentionNamesInRichText(html: string, names: MentionNames): string {
  return html.replace(MENTION_LINK, (_link, id: string, written: string) => {
    const name = names.get(id);
    return name === undefined ? written : `<a href="/profile/${id}" data-mention="${id}">${escapeHtml(`@${name}`)}</a>`;
  });
}

/**
 * A stored post as the page shows it, with the current names of the members it mentions: rich text sanitised
 * again (decision 0032: stored HTML is never trusted), an old plain-text comment with its tokens renamed
 * (withMentionNames; React escapes it on the page).
 */
export function postWithNames(content: string, format: ContentFormat, names: MentionNames): string {
  return format === "html" ? sanitizeRichText(mentionNamesInRichText(content, names)) : withMentionNames(content, names);
}

/** A stored post's words with the current names of the members it mentions, without markup (postText). */
export function postTextWithNames(content: string, format: ContentFormat, names: MentionNames): string {
  return format === "html" ? postText(mentionNamesInRichText(content, names), "html") : postText(withMentionNames(content, names), "text");
}

/** One member offered after '@': the full name as on the members page, the avatar, the id the mention stores. */
export interface MemberSuggestion {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export const SUGGESTION_LIMIT = 8;

/** Approved members whose first name, last name or full name starts with the query (case-insensitive), by name. */
export async function suggestMembers(query: string): Promise<MemberSuggestion[]> {
  const prefix = `${query.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(
      and(
        eq(profiles.approvalStatus, "approved"),
        or(
          ilike(profiles.firstName, prefix),
          ilike(profiles.lastName, prefix),
          ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, prefix),
        ),
      ),
    )
    .orderBy(asc(profiles.firstName), asc(profiles.lastName), asc(profiles.id))
    .limit(SUGGESTION_LIMIT);
  return rows.map((row) => ({ id: row.id, name: authorFullName(row), avatarUrl: row.avatarUrl }));
}
