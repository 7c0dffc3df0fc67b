import { conversationParticipants, conversations, messageReports, messages, notifications, reviewItems } from "../../../db/schema";
import { demoConversations, demoMessageReport } from "../../../db/seed/demo-messages";
import { plainTextToHtml } from "~/lib/rich-text";
import type { Database } from "~/server/db";
import { richTextForStorage } from "~/server/discussions";
import { addDemoMessageImage } from "./demo-images.server";
import { HOUR } from "./demo-time.server";

/**
 * Direct messages of the demo (decision 0062): a conversation of two with one message unread for Aylin (her bell
 * shows it, as a new message's notification would, already settled for the mail worker) and one of hers showing a
 * chart, a group with a subject, and one of the group's messages reported, waiting in the review queue with its neighbours.
 */
export async function seedMessagesDemo(db: Database, memberId: (key: string) => string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const messageIds: string[][] = [];
    for (const demo of demoConversations) {
      const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
      const last = demo.messages.at(-1)!;
      const [conversation] = await tx
        .insert(conversations)
        .values({
          subject: demo.subject,
          createdBy: memberId(demo.members[0]!),
          messageCount: demo.messages.length,
          lastMessageAt: at(last.hoursAgo),
          createdAt: at(demo.messages[0]!.hoursAgo),
        })
        .returning({ id: conversations.id });
      const conversationId = conversation!.id;
      const ids = [];
      for (const [index, message] of demo.messages.entries()) {
        const [row] = await tx
          .insert(messages)
          .values({
            conversationId,
            number: index + 1,
            authorId: memberId(message.author),
            content: richTextForStorage(plainTextToHtml(message.content)),
            createdAt: at(message.hoursAgo),
          })
          .returning({ id: messages.id });
        if (message.image) await addDemoMessageImage(tx, memberId(message.author), row!.id, message.image);
        ids.push(row!.id);
      }
      messageIds.push(ids);
      for (const key of demo.members) {
        // Read up to the end, or up to their own last message.
        const ownLast = demo.messages.findLastIndex((message) => message.author === key) + 1;
        const lastReadNumber = demo.readBy.includes(key) ? demo.messages.length : ownLast;
        await tx.insert(conversationParticipants).values({
          conversationId,
          memberId: memberId(key),
          addedBy: key === demo.members[0] ? null : memberId(demo.members[0]!),
          joinedAt: at(demo.messages[0]!.hoursAgo),
          lastReadNumber,
        });
        const unread = demo.messages.length - lastReadNumber;
        if (unread > 0)
          await tx.insert(notifications).values({
            recipientId: memberId(key),
            kind: "message",
            groupKey: `message:${conversationId}`,
            count: unread,
            conversationId,
            actorId: memberId(last.author),
            detail: demo.subject,
            createdAt: at(last.hoursAgo),
            updatedAt: at(last.hoursAgo),
            mailedAt: now,
          });
      }
    }
    const { conversation, message, reporter, reason, hoursAgo } = demoMessageReport;
    const reported = demoConversations[conversation]!.messages[message]!;
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    const [item] = await tx
      .insert(reviewItems)
      .values({ kind: "message", messageId: messageIds[conversation]![message]!, memberId: memberId(reported.author), createdAt: at })
      .returning({ id: reviewItems.id });
    await tx.insert(messageReports).values({
      reviewItemId: item!.id,
      messageId: messageIds[conversation]![message]!,
      reporterId: memberId(reporter),
      reason,
      createdAt: at,
    });
  });
}
