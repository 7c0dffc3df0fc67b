import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { memberBlocks, notifications, notificationSettings, profiles } from "../../../db/schema";
import { db, unqualified, type Transaction } from "~/server/db";
import { logger, readableConversation } from "~/server/platform";
import { GROUP_UPSERT, orPushed } from "./notification-fanout.server";

// The notifications of direct messages (decision 0062): one row per conversation while unread, no items, the
// conversation's own visibility deciding whether it is shown (only to who still takes part in it).

/** The notification row `n` (the same alias as notificationRow), for the fragments below. */
const n = alias(notifications, "n");
const p = alias(profiles, "p");
const s = alias(notificationSettings, "s");
const b = alias(memberBlocks, "b");

/** A row about messages. */
export const isMessageRow = sql`${n.kind} = 'message'`;
/** A row about messages whose recipient still takes part in the conversation: counted, listed, mailed. */
export const readableMessageRow = sql`(${isMessageRow} and ${readableConversation(n.conversationId, n.recipientId)})`;

/**
 * A message in a conversation tells each of the given participants, one unread row per conversation that counts up
 * ("3 neue Nachrichten"), so the bell groups it, the mail worker bundles it after its delay, and the push worker sends
 * it to the member's devices where they chose so (decision 0060; on by default, as for what is addressed to them). Only who still takes
 * part in it (the visibility scope), never the writer, never a member who blocked the writer. The row names who
 * wrote and the subject, never a word of the message.
 */
export async function notifyMessage(
  tx: Transaction,
  input: { conversationId: string; actorId: string; recipientIds: readonly string[]; subject: string | null },
): Promise<void> {
  const recipients = input.recipientIds.filter((id) => id !== input.actorId);
  if (recipients.length === 0) return;
  const { conversationId, actorId } = input;
  await tx.execute(sql`
    insert into ${notifications} (${unqualified(notifications.recipientId, notifications.kind, notifications.groupKey, notifications.conversationId, notifications.actorId, notifications.detail, notifications.shown)})
    select ${p.id}, 'message', ${`message:${conversationId}`}, ${conversationId}::uuid, ${actorId}, ${input.subject}, coalesce(${s.inPage}, true)
    from ${profiles} ${p}
    left join ${notificationSettings} ${s} on ${s.memberId} = ${p.id} and ${s.kind} = 'message'
    where ${p.id} in (${sql.join(
      recipients.map((id) => sql`${id}`),
      sql`, `,
    )})
      and ${readableConversation(sql`${conversationId}::uuid`, p.id)}
      and not exists (select 1 from ${memberBlocks} ${b} where ${b.blockerId} = ${p.id} and ${b.blockedId} = ${actorId})
      and (coalesce(${s.inPage}, true) or (coalesce(${s.email}, true) and ${p.newsletterSubscribed}) ${orPushed(sql`'message'`)})
    ${GROUP_UPSERT}
  `);
}

/**
 * The member read the conversation: its notification is read, in one statement (the bell counts down live). A plain
 * write of the page that read it, as markNotificationsReadHere; a failure costs the reader nothing but the mark.
 */
export async function markMessageNotificationsRead(memberId: string, conversationId: string): Promise<void> {
  try {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.recipientId, memberId),
          eq(notifications.conversationId, conversationId),
          eq(notifications.kind, "message"),
          isNull(notifications.readAt),
        ),
      );
  } catch (error) {
    logger.warn({ err: error, conversationId }, "notifications of a read conversation not marked read");
  }
}
