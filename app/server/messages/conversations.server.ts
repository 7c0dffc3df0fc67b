import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { conversationParticipants, conversations, messages, profiles } from "../../../db/schema";
import { authorFullName } from "~/lib/authors";
import { CONVERSATIONS_PER_PAGE, MESSAGES_PER_PAGE, messageTexts } from "~/lib/messages";
import { mentionNamesOf, plainTextExcerpt, postWithNames } from "~/server/discussions";
import { db, queryRows, valueRead, type Database, type Transaction, type ValueRead } from "~/server/db";
import { imagesAsText } from "~/server/images";
import { hiddenFromPublic, isHidden, logger, readableConversation } from "~/server/platform";

// What a participant reads of their conversations (decision 0062). Every read here goes through the one scope of
// the visibility module, readableConversation: a conversation exists for its participants only.

const c = alias(conversations, "c");
const p = alias(conversationParticipants, "p");
const op = alias(conversationParticipants, "op");
const pr = alias(profiles, "pr");
const m = alias(messages, "msg");
const a = alias(profiles, "msg_author");

/** A member as a conversation names them; null for a deleted account ("Gelöschtes Mitglied"). */
export interface ConversationMember {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/** What a deleted member's message is signed with (the issue's words, for messages; posts say "Gelöschter Benutzer"). */
export const memberName = (member: ConversationMember | null) => member?.name ?? messageTexts.deletedMember;

/** The conversation's current participants but the reader, oldest first, as JSON. */
const othersOf = (conversationId: SQL, memberId: string) => sql`(select coalesce(json_agg(json_build_object('id', ${pr.id},
    'firstName', ${pr.firstName}, 'lastName', ${pr.lastName}, 'avatarUrl', ${pr.avatarUrl}) order by ${op.joinedAt}, ${pr.id}), '[]'::json)
  from ${conversationParticipants} ${op} join ${profiles} ${pr} on ${pr.id} = ${op.memberId}
  where ${op.conversationId} = ${conversationId} and ${op.memberId} <> ${memberId} and ${op.leftAt} is null)`;

type MemberJson = { id: string; firstName: string; lastName: string; avatarUrl: string | null };
const toMembers = (raw: unknown): ConversationMember[] =>
  ((typeof raw === "string" ? JSON.parse(raw) : raw) as MemberJson[] | null)?.map((row) => ({
    id: row.id,
    name: authorFullName(row),
    avatarUrl: row.avatarUrl,
  })) ?? [];

export interface ConversationListItem {
  id: string;
  subject: string | null;
  /** The other participants (none left: only the reader is still in it). */
  others: ConversationMember[];
  lastMessageAt: Date;
  /** Messages the reader has not read yet (their own count as read). */
  unread: number;
  /** The newest message, in one line. */
  last: { author: string; own: boolean; excerpt: string } | null;
}

export interface ConversationList {
  conversations: ConversationListItem[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/** One page of the member's conversations, newest activity first, unread ones counted (two statements). */
export async function listConversations(memberId: string, page: number): Promise<ConversationList> {
  const [counted] = await queryRows<{ value: number | string }>(
    sql`select count(*) as value from ${conversationParticipants} ${p}
      where ${p.memberId} = ${memberId} and ${readableConversation(p.conversationId, memberId)}`,
  );
  const total = Number(counted?.value ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / CONVERSATIONS_PER_PAGE));
  if (page > totalPages) return { conversations: [], total, totalPages, currentPage: page };
  const rows = await queryRows<{
    id: string;
    subject: string | null;
    last_message_at: string | Date;
    unread: number | string;
    others: unknown;
    last: { authorId: string | null; firstName: string | null; lastName: string | null; content: string; hidden: boolean } | null;
  }>(
    sql`select ${c.id}, ${c.subject}, ${c.lastMessageAt}, greatest(${c.messageCount} - ${p.lastReadNumber}, 0) as unread,
        ${othersOf(sql`${c.id}`, memberId)} as others,
        (select json_build_object('authorId', ${m.authorId}, 'firstName', ${a.firstName}, 'lastName', ${a.lastName},
            'content', left(${m.content}, 2000), 'hidden', ${hiddenFromPublic.message(m)})
          from ${messages} ${m} left join ${profiles} ${a} on ${a.id} = ${m.authorId}
          where ${m.conversationId} = ${c.id} and ${m.number} = ${c.messageCount}) as last
      from ${conversationParticipants} ${p} join ${conversations} ${c} on ${c.id} = ${p.conversationId}
      where ${p.memberId} = ${memberId} and ${readableConversation(p.conversationId, memberId)}
      order by ${c.lastMessageAt} desc, ${c.id} desc
      limit ${CONVERSATIONS_PER_PAGE} offset ${(page - 1) * CONVERSATIONS_PER_PAGE}`,
  );
  return {
    total,
    totalPages,
    currentPage: page,
    conversations: rows.map((row) => {
      const last = typeof row.last === "string" ? (JSON.parse(row.last) as typeof row.last) : row.last;
      return {
        id: row.id,
        subject: row.subject,
        others: toMembers(row.others),
        lastMessageAt: new Date(row.last_message_at),
        unread: Number(row.unread),
        last: last && {
          author:
            last.authorId === null ? messageTexts.deletedMember : authorFullName({ firstName: last.firstName!, lastName: last.lastName! }),
          own: last.authorId === memberId,
          excerpt: last.hidden ? messageTexts.hidden : plainTextExcerpt(imagesAsText(last.content), 120),
        },
      };
    }),
  };
}

/** How many of the member's conversations have unread messages: the sidebar's number, as one of a page's small reads. */
export function unreadConversationsOf(memberId: string): ValueRead<number> {
  return valueRead(
    sql`select count(*) from ${conversationParticipants} ${p} join ${conversations} ${c} on ${c.id} = ${p.conversationId}
      where ${p.memberId} = ${memberId} and ${p.lastReadNumber} < ${c.messageCount} and ${readableConversation(p.conversationId, memberId)}`,
    (raw) => Number(raw ?? 0),
  );
}

export interface MessageView {
  id: string;
  number: number;
  author: ConversationMember | null;
  /** Sanitised again for the page, mentions with their current names; empty when the moderation hid it. */
  html: string;
  hidden: boolean;
  createdAt: Date;
  edited: boolean;
}

export interface ConversationThread {
  id: string;
  subject: string | null;
  others: ConversationMember[];
  messageCount: number;
  /** The reader's read position before this visit: the first message above it is the first new one. */
  lastReadNumber: number;
  messages: MessageView[];
  totalPages: number;
  currentPage: number;
}

/**
 * One page of a conversation for a participant (page 1: the newest MESSAGES_PER_PAGE, older ones on later pages),
 * oldest first on the page; null for anyone who does not take part in it. Two statements.
 */
export async function conversationThread(memberId: string, conversationId: string, page: number): Promise<ConversationThread | null> {
  const [head] = await queryRows<{ id: string; subject: string | null; message_count: number; last_read_number: number; others: unknown }>(
    sql`select ${c.id}, ${c.subject}, ${c.messageCount}, ${p.lastReadNumber}, ${othersOf(sql`${c.id}`, memberId)} as others
      from ${conversations} ${c} join ${conversationParticipants} ${p} on ${p.conversationId} = ${c.id} and ${p.memberId} = ${memberId}
      where ${c.id} = ${conversationId} and ${readableConversation(c.id, memberId)}`,
  );
  if (!head) return null;
  const count = Number(head.message_count);
  const totalPages = Math.max(1, Math.ceil(count / MESSAGES_PER_PAGE));
  const newest = count - (page - 1) * MESSAGES_PER_PAGE;
  const rows =
    page > totalPages
      ? []
      : await db
          .select({
            id: m.id,
            number: m.number,
            authorId: m.authorId,
            firstName: a.firstName,
            lastName: a.lastName,
            avatarUrl: a.avatarUrl,
            content: m.content,
            mentionNames: mentionNamesOf(m.content, "html"),
            hiddenAt: m.hiddenAt,
            createdAt: m.createdAt,
            editedAt: m.editedAt,
          })
          .from(m)
          .leftJoin(a, sql`${a.id} = ${m.authorId}`)
          .where(
            sql`${m.conversationId} = ${conversationId} and ${m.number} between ${Math.max(1, newest - MESSAGES_PER_PAGE + 1)} and ${newest}`,
          )
          .orderBy(m.number);
  return {
    id: head.id,
    subject: head.subject,
    others: toMembers(head.others),
    messageCount: count,
    lastReadNumber: Number(head.last_read_number),
    totalPages,
    currentPage: page,
    messages: rows.map((row) => ({
      id: row.id,
      number: row.number,
      author:
        row.authorId === null
          ? null
          : {
              id: row.authorId,
              name: authorFullName({ firstName: row.firstName ?? "", lastName: row.lastName ?? "" }),
              avatarUrl: row.avatarUrl,
            },
      html: isHidden(row) ? "" : postWithNames(row.content, "html", row.mentionNames),
      hidden: isHidden(row),
      createdAt: row.createdAt,
      edited: row.editedAt !== null,
    })),
  };
}

/**
 * The reader has seen the conversation up to this message: their position moves forward only. A plain write of the
 * page that read it, as a discussion's read position: a failure costs the reader nothing but the mark.
 */
export async function markConversationRead(memberId: string, conversationId: string, upTo: number): Promise<void> {
  try {
    await db
      .update(conversationParticipants)
      .set({ lastReadNumber: sql`greatest(${conversationParticipants.lastReadNumber}, ${upTo})` })
      .where(
        sql`${conversationParticipants.conversationId} = ${conversationId} and ${conversationParticipants.memberId} = ${memberId}
          and ${conversationParticipants.lastReadNumber} < ${upTo}`,
      );
  } catch (error) {
    logger.warn({ err: error, conversationId }, "conversation not marked read");
  }
}

/** A member's place in a conversation, as the guardian needs it; null when they never took part. */
export async function participationIn(
  executor: Database | Transaction,
  conversationId: string,
  memberId: string,
): Promise<{ leftAt: Date | null; lastReadNumber: number } | null> {
  const [row] = await executor
    .select({ leftAt: p.leftAt, lastReadNumber: p.lastReadNumber })
    .from(p)
    .where(sql`${p.conversationId} = ${conversationId} and ${p.memberId} = ${memberId}`);
  return row ?? null;
}

/** The one conversation of exactly these two members, both still in it, without a subject: where "Nachricht senden" leads. */
export async function directConversationWith(memberId: string, otherId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`select ${c.id} from ${conversationParticipants} ${p} join ${conversations} ${c} on ${c.id} = ${p.conversationId}
      where ${p.memberId} = ${memberId} and ${c.subject} is null
        and ${readableConversation(c.id, memberId)} and ${readableConversation(c.id, otherId)}
        and (select count(*) from ${conversationParticipants} ${op} where ${op.conversationId} = ${c.id}) = 2
      order by ${c.lastMessageAt} desc limit 1`,
  );
  return row?.id ?? null;
}
