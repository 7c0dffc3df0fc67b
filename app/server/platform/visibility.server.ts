import { type Column, isNotNull, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, conversationParticipants, discussions, messages } from "../../../db/schema";

/**
 * What only staff may see (decision 0028): a discussion or a comment the
 * moderation hid, and everything inside a hidden discussion. Every read of
 * what the public sees filters through these scopes, and every loaded row is
 * judged by `isHidden`; tests/unit/visibility.test.ts fails when code outside
 * this file writes the rule by hand (`hidden_at is null`, `isNull(….hiddenAt)`,
 * `.hiddenAt !== null`), so a new query, feed or count cannot forget it.
 * Each scope takes the table or an alias of it, for joins and subqueries.
 *
 * A post held for review (decision 0035) is stored hidden, `held_at` saying why: these scopes, the partial
 * indexes, the category counts and the reply counts leave it out without a condition of their own.
 */
type Moderated = { hiddenAt: Column };

export const visible = {
  discussion: (table: Moderated = discussions): SQL => isNull(table.hiddenAt),
  comment: (table: Moderated = comments): SQL => isNull(table.hiddenAt),
  /** A direct message the moderation did not hide after a report (its participants see a placeholder instead). */
  message: (table: Moderated = messages): SQL => isNull(table.hiddenAt),
};

/** The opposite scopes, for staff's views and for marking what a reader's notification points to as gone. */
export const hiddenFromPublic = {
  discussion: (table: Moderated = discussions): SQL => isNotNull(table.hiddenAt),
  comment: (table: Moderated = comments): SQL => isNotNull(table.hiddenAt),
  message: (table: Moderated = messages): SQL => isNotNull(table.hiddenAt),
};

const reader = alias(conversationParticipants, "conversation_reader");

/**
 * A conversation is readable by its participants only (decision 0062): the member takes part in it and has not
 * left it. Not staff, not its former participants, never a guest: every read of a conversation, its messages, its
 * notifications and its images filters through this scope, so no list, mail or page can show one to anyone else.
 * `conversationId` is a column (or SQL) of the query it goes into, `memberId` the reader's id.
 */
export function readableConversation(conversationId: SQLWrapper, memberId: string | SQLWrapper): SQL {
  return sql`exists (select 1 from ${conversationParticipants} ${reader}
    where ${reader.conversationId} = ${conversationId} and ${reader.memberId} = ${memberId} and ${reader.leftAt} is null)`;
}

/** A loaded participation that still counts: the member has not left the conversation. */
export function isParticipating(participation: { leftAt: Date | null } | null | undefined): boolean {
  return participation !== null && participation !== undefined && participation.leftAt === null;
}

/** The forum's own reason on a post that members' reports hid (decision 0029), until a moderator decides. */
export const HIDDEN_BY_REPORTS_REASON = "Automatisch ausgeblendet: mehrfach gemeldet, wartet auf die Moderation";

/**
 * A loaded post that members' reports hid and no moderator has decided on: readers see a placeholder in
 * its place, its author reads and edits it. Reports hide with no one in `hidden_by` and the forum's own reason; a
 * moderator's decision to hide it writes their name there (takeOverHidden), and held posts are the posting rules'.
 */
export function isHiddenByReports(row: {
  hiddenAt: Date | null;
  hiddenBy: string | null;
  heldAt: Date | null;
  hiddenReason: string | null;
}): boolean {
  return isHidden(row) && !isHeld(row) && row.hiddenBy === null && row.hiddenReason === HIDDEN_BY_REPORTS_REASON;
}

/** Posts that wait for a moderator's approval (decision 0035): the review's reads and the publishing write. */
export const heldForReview = {
  discussion: (table: { heldAt: Column } = discussions): SQL => isNotNull(table.heldAt),
  comment: (table: { heldAt: Column } = comments): SQL => isNotNull(table.heldAt),
};

/** A loaded discussion or comment that only staff may see. */
export function isHidden(row: { hiddenAt: Date | null }): boolean {
  return row.hiddenAt !== null;
}

/**
 * A loaded post that waits for a moderator's approval (decision 0035): hidden from everyone but staff and its
 * author, who sees it marked as waiting.
 */
export function isHeld(row: { heldAt: Date | null }): boolean {
  return row.heldAt !== null;
}
