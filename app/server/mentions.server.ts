import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { profiles } from "../../db/schema";
import { MENTION_LIMIT, MENTION_TOKEN } from "~/lib/mentions";
import { authorFullName } from "~/lib/authors";
import { db, type Database, type Transaction } from "./db.server";
import { sanitizeRichText } from "./sanitize.server";

/**
 * Mentions on a write (decision 0015): only approved members can be mentioned,
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
export async function resolveRichTextMentions(html: string, executor: Database | Transaction): Promise<{ html: string; memberIds: string[] }> {
  const candidates = [...sanitizeRichText(html).matchAll(DATA_MENTION)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
  const mentionable = await mentionableAmong(candidates, executor);
  const clean = sanitizeRichText(html, mentionable);
  return { html: clean, memberIds: mentionedIn(clean) };
}

/** The member ids a stored rich text mentions, each once. */
export function mentionedIn(html: string): string[] {
  return [...new Set([...html.matchAll(DATA_MENTION)].map((match) => match[1] ?? match[2] ?? match[3] ?? ""))];
}

/** A plain-text comment whose `@[Name](id)` tokens are approved members (others become `@Name`), and those ids. */
export async function resolveTextMentions(text: string, executor: Database | Transaction): Promise<{ text: string; memberIds: string[] }> {
  const mentionable = await mentionableAmong([...text.matchAll(MENTION_TOKEN)].map((match) => match[2]!), executor);
  const clean = text.replace(MENTION_TOKEN, (token, name: string, id: string) => (mentionable.has(id) ? token : `@${name}`));
  return { text: clean, memberIds: textMentionsIn(clean) };
}

/** The member ids a stored comment mentions, each once. */
export function textMentionsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_TOKEN)].map((match) => match[2]!))];
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
        or(ilike(profiles.firstName, prefix), ilike(profiles.lastName, prefix), ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, prefix)),
      ),
    )
    .orderBy(asc(profiles.firstName), asc(profiles.lastName), asc(profiles.id))
    .limit(SUGGESTION_LIMIT);
  return rows.map((row) => ({ id: row.id, name: authorFullName(row), avatarUrl: row.avatarUrl }));
}
