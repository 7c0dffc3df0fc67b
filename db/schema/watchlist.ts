import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";

/** Watched words and domains (app/server/watchlist). */

/**
 * Watched words and domains: what the forum does when a post contains a
 * word, links to a domain, or a sign-up comes from an e-mail domain on the list. Terms are stored normalised
 * (app/server/watchlist): words in small letters (NFC), domains as ASCII host names without "www.".
 * Each process keeps the list compiled and drops it on a NOTIFY "watchlist" (migration's trigger).
 */
export const watchKinds = ["word", "link-domain", "email-domain"] as const;
export type WatchKind = (typeof watchKinds)[number];
export const watchActions = ["block", "hold", "replace"] as const;
export type WatchAction = (typeof watchActions)[number];

export const watchedTerms = pgTable(
  "watched_terms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: watchKinds }).notNull(),
    term: text("term").notNull(),
    action: text("action", { enum: watchActions }).notNull(),
    /** The text a "replace" word becomes; null for every other action. */
    replacement: text("replacement"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("watched_terms_kind_term_key").on(t.kind, t.term),
    check("watched_terms_kind_check", sql`${t.kind} in ('word', 'link-domain', 'email-domain')`),
    check("watched_terms_action_check", sql`${t.action} in ('block', 'hold', 'replace')`),
    // Only words are replaced, and a sign-up is refused or not: an e-mail domain only blocks.
    check(
      "watched_terms_kind_action_check",
      sql`(${t.kind} = 'word' or ${t.action} <> 'replace') and (${t.kind} <> 'email-domain' or ${t.action} = 'block')`,
    ),
    check("watched_terms_replacement_check", sql`(${t.action} = 'replace') = (${t.replacement} is not null)`),
  ],
);
