import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { conversationParticipants, memberBlocks, messagePreferences, profiles } from "../../../db/schema";
import { authorFullName } from "~/lib/authors";
import { messageTexts } from "~/lib/messages";
import { acceptsMessagesFrom, can, type MessageRecipient, type Viewer } from "~/server/accounts";
import { db, defineService, type Database, type Transaction } from "~/server/db";
import { done, ok } from "~/server/platform";

// Consent (decision 0062): whom a member takes messages from. A block works both ways and is told to nobody; the
// blocked member reads only "kann keine Nachrichten empfangen", as for any other refusal.

const b = alias(memberBlocks, "b");
const mine = alias(conversationParticipants, "mine");
const theirs = alias(conversationParticipants, "theirs");

/** A recipient with their name, as a refusal names them. */
export type NamedRecipient = MessageRecipient & { name: string };

/**
 * What the consent rule (acceptsMessagesFrom) needs to know of each of these members for this writer, in one
 * statement: approved, blocked either way, "only known members", and whether the two share a conversation (now or
 * before, whoever left). Members that do not exist are missing from the answer.
 */
export async function recipientsFor(
  writerId: string,
  memberIds: readonly string[],
  executor: Database | Transaction = db,
): Promise<NamedRecipient[]> {
  if (memberIds.length === 0) return [];
  const rows = await executor
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      approved: sql<boolean>`${profiles.approvalStatus} = 'approved'`,
      blocked: sql<boolean>`exists (select 1 from ${memberBlocks} ${b}
        where (${b.blockerId} = ${profiles.id} and ${b.blockedId} = ${writerId}) or (${b.blockerId} = ${writerId} and ${b.blockedId} = ${profiles.id}))`,
      knownMembersOnly: sql<boolean>`coalesce(${messagePreferences.knownMembersOnly}, false)`,
      known: sql<boolean>`exists (select 1 from ${conversationParticipants} ${mine} join ${conversationParticipants} ${theirs}
        on ${theirs.conversationId} = ${mine.conversationId} and ${theirs.memberId} = ${profiles.id}
        where ${mine.memberId} = ${writerId})`,
    })
    .from(profiles)
    .leftJoin(messagePreferences, eq(messagePreferences.memberId, profiles.id))
    .where(inArray(profiles.id, [...new Set(memberIds)]));
  return rows.map((row) => ({ ...row, name: authorFullName(row) }));
}

/**
 * Whether this writer may write to the member, and if not the one text every refusal shows. For the profile's
 * "Nachricht senden"; the writes ask the same rule again with what they locked.
 */
export async function messagingWith(
  viewer: Viewer,
  memberId: string,
): Promise<{ accepts: boolean; blockedByMe: boolean; name: string } | null> {
  const [recipient] = await recipientsFor(viewer.id, [memberId]);
  if (!recipient) return null;
  const [own] = await db
    .select({ id: memberBlocks.blockedId })
    .from(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, viewer.id), eq(memberBlocks.blockedId, memberId)));
  return { accepts: acceptsMessagesFrom(viewer, recipient), blockedByMe: own !== undefined, name: recipient.name };
}

/** The refusal for members who do not accept this writer's messages: the first one by name, several together. */
export function refusalFor(refused: readonly NamedRecipient[]): string {
  return refused.length === 1 ? messageTexts.cannotReceive(refused[0]!.name) : messageTexts.cannotReceiveSome;
}

/**
 * Blocks or unblocks a member: a blocked member can neither start a conversation with the blocker nor add them to
 * one, nor write to them in a conversation of the two; nor the blocker to them. Any member let in may, a silenced one
 * too (it protects them). Never oneself; a member who does not exist is a 404.
 */
export const setBlock = defineService<Viewer, { memberId: string; blocked: boolean }, { name: string }, { name: string }>({
  policy: (viewer, { memberId }) => can(viewer, "readMessages") && memberId !== viewer.id,
  load: async (tx, { memberId }) => {
    const [row] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.id, memberId));
    return row ? { name: authorFullName(row) } : null;
  },
  async change(tx, { actor, input: { memberId, blocked }, loaded }) {
    if (blocked) await tx.insert(memberBlocks).values({ blockerId: actor.id, blockedId: memberId }).onConflictDoNothing();
    else await tx.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, actor.id), eq(memberBlocks.blockedId, memberId)));
    return ok({ name: loaded.name });
  },
});

/** The member's own consent setting ("Nachrichten nur von Mitgliedern, mit denen ich schon geschrieben habe"). */
export const setMessagePreferences = defineService<Viewer, { knownMembersOnly: boolean }, true>({
  policy: (viewer) => can(viewer, "readMessages"),
  load: async () => true,
  async change(tx, { actor, input: { knownMembersOnly } }) {
    await tx
      .insert(messagePreferences)
      .values({ memberId: actor.id, knownMembersOnly })
      .onConflictDoUpdate({ target: messagePreferences.memberId, set: { knownMembersOnly, updatedAt: sql`now()` } });
    return done;
  },
});

/** The member's consent setting and the members they blocked, for their settings card. */
export async function messageSettingsOf(
  memberId: string,
): Promise<{ knownMembersOnly: boolean; blocked: Array<{ id: string; name: string }> }> {
  const [preference] = await db
    .select({ knownMembersOnly: messagePreferences.knownMembersOnly })
    .from(messagePreferences)
    .where(eq(messagePreferences.memberId, memberId));
  const blocked = await db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(memberBlocks)
    .innerJoin(profiles, eq(profiles.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, memberId))
    .orderBy(profiles.firstName, profiles.lastName);
  return {
    knownMembersOnly: preference?.knownMembersOnly ?? false,
    blocked: blocked.map((row) => ({ id: row.id, name: authorFullName(row) })),
  };
}
