import { and, eq, sql } from "drizzle-orm";
import { messageDrafts } from "../../../db/schema";
import { draftTexts } from "~/lib/drafts";
import { MESSAGE_MAX_LENGTH, messageTexts } from "~/lib/messages";
import { plainTextToHtml, type ContentFormat } from "~/lib/rich-text";
import { can, canReadConversation, canSendMessage, checkRateLimits, draftSavesPerMember, type Viewer } from "~/server/accounts";
import { defineService, valueRead, type ValueRead } from "~/server/db";
import { htmlToText, sanitizeRichText } from "~/server/discussions";
import { imageIdsIn } from "~/server/images";
import { done, fail, ok } from "~/server/platform";
import { lockConversation, participationOf, type LockedConversation } from "./message-writes.server";

// Drafts of messages (decision 0037, per conversation): what a participant began to write and has not sent, kept
// on the server while they type, so it waits on any device. Sending or leaving removes it.

/** A draft as the thread's form gets it back: sanitised like a message, for the editor and for the plain textarea. */
export interface MessageDraft {
  html: string;
  text: string;
}

/** The member's draft in this conversation, as one of the thread page's small reads. */
export function messageDraftOf(memberId: string, conversationId: string): ValueRead<MessageDraft | null> {
  return valueRead(
    sql`select json_build_object('content', ${messageDrafts.content}, 'contentFormat', ${messageDrafts.contentFormat}) from ${messageDrafts}
      where ${messageDrafts.memberId} = ${memberId} and ${messageDrafts.conversationId} = ${conversationId}`,
    (raw) => {
      if (!raw) return null;
      const row = (typeof raw === "string" ? JSON.parse(raw) : raw) as { content: string; contentFormat: ContentFormat };
      const html = row.contentFormat === "html" ? sanitizeRichText(row.content) : plainTextToHtml(row.content);
      return { html, text: row.contentFormat === "html" ? htmlToText(html) : row.content };
    },
  );
}

/**
 * Keeps what the participant has written so far, replaced on every save; an emptied form removes it. Only in a
 * conversation they may write in; a non-participant's save is a 404 like everything else of the conversation.
 */
export const saveMessageDraft = defineService<
  Viewer,
  { conversationId: string; content: string; contentFormat: ContentFormat },
  LockedConversation,
  { savedAt: Date | null }
>({
  policy: (viewer) => can(viewer, "sendMessages"),
  async prepare(viewer) {
    const limit = await checkRateLimits([[draftSavesPerMember, viewer.id]]);
    return limit.allowed ? ok(undefined) : { ...fail("too-many-requests", draftTexts.tooMany), retryAfter: limit.retryAfter };
  },
  load: (tx, { conversationId }) => lockConversation(tx, conversationId),
  authorize: (viewer, conversation) =>
    canSendMessage(viewer, participationOf(conversation, viewer)) || fail("not-found", messageTexts.notFound),
  async change(tx, { actor, input: { conversationId, content, contentFormat } }) {
    const mine = and(eq(messageDrafts.memberId, actor.id), eq(messageDrafts.conversationId, conversationId));
    const html = contentFormat === "html" ? sanitizeRichText(content) : "";
    const words = contentFormat === "html" ? htmlToText(html) : content.trim();
    if (words.length > MESSAGE_MAX_LENGTH) return fail("invalid", messageTexts.tooLong);
    // A draft that shows an image and no words yet is kept, as a message may be an image alone.
    if (words === "" && imageIdsIn(html).length === 0) {
      await tx.delete(messageDrafts).where(mine);
      return ok({ savedAt: null });
    }
    const [saved] = await tx
      .insert(messageDrafts)
      .values({ memberId: actor.id, conversationId, content, contentFormat })
      .onConflictDoUpdate({
        target: [messageDrafts.memberId, messageDrafts.conversationId],
        set: { content, contentFormat, updatedAt: sql`now()` },
      })
      .returning({ savedAt: messageDrafts.updatedAt });
    return ok({ savedAt: saved!.savedAt });
  },
});

/**
 * "Entwurf verwerfen": the member's own draft in the conversation goes (nothing to do where there is none). Only in a
 * conversation they read: for anyone else it does not exist (a 404), as everything of it.
 */
export const discardMessageDraft = defineService<Viewer, { conversationId: string }, LockedConversation>({
  policy: (viewer) => can(viewer, "readMessages"),
  load: (tx, { conversationId }) => lockConversation(tx, conversationId),
  authorize: (viewer, conversation) =>
    canReadConversation(viewer, participationOf(conversation, viewer)) || fail("not-found", messageTexts.notFound),
  async change(tx, { actor, input: { conversationId } }) {
    await tx.delete(messageDrafts).where(and(eq(messageDrafts.memberId, actor.id), eq(messageDrafts.conversationId, conversationId)));
    return done;
  },
});
