import { and, eq, sql } from "drizzle-orm";
import { conversationParticipants, messageDrafts } from "../../../db/schema";
import { messageTexts } from "~/lib/messages";
import { refusalText } from "~/lib/moderation";
import { can, canAddParticipant, canReadConversation, postingMember, type Viewer } from "~/server/accounts";
import { defineService } from "~/server/db";
import { done, fail, ok } from "~/server/platform";
import { messageEvents } from "./events.server";
import { currentMembers, lockConversation, participationOf, refuseRecipients, type LockedConversation } from "./message-writes.server";
import { recipientsFor } from "./consent.server";

/**
 * A participant adds a member (decision 0062): while the conversation has room, and only a member who accepts
 * the participant's messages, as for a new conversation. The added member reads the whole conversation, its earlier
 * messages too (as in Discourse's personal messages), all of them unread, and hears of it in the bell. A member who
 * left may be added again; one who blocked the participant may not.
 */
export const addParticipant = defineService<Viewer, { conversationId: string; memberId: string }, LockedConversation, { name: string }>({
  policy: (viewer) => can(viewer, "sendMessages"),
  load: (tx, { conversationId }) => lockConversation(tx, conversationId),
  authorize(viewer, conversation) {
    const mine = participationOf(conversation, viewer);
    if (!canReadConversation(viewer, mine)) return fail("not-found", messageTexts.notFound);
    return (
      canAddParticipant(viewer, mine, currentMembers(conversation).length) ||
      fail("forbidden", refusalText(viewer, messageTexts.tooManyMembers))
    );
  },
  async change(tx, { actor, input: { conversationId, memberId }, loaded: conversation }) {
    if (currentMembers(conversation).includes(memberId))
      return fail("invalid", messageTexts.alreadyIn, { memberId: [messageTexts.alreadyIn] });
    const refused = await refuseRecipients(tx, actor, [memberId], await postingMember(actor, tx));
    if (refused) return refused;
    await tx
      .insert(conversationParticipants)
      .values({ conversationId, memberId, addedBy: actor.id })
      .onConflictDoUpdate({
        target: [conversationParticipants.conversationId, conversationParticipants.memberId],
        set: { leftAt: null, addedBy: actor.id, joinedAt: sql`now()`, lastReadNumber: 0 },
      });
    await messageEvents.emit(tx, "participant.added", { conversationId, memberId, addedBy: actor.id, subject: conversation.subject });
    const [added] = await recipientsFor(actor.id, [memberId], tx);
    return ok({ name: added!.name });
  },
});

/**
 * A participant leaves: the conversation is gone from their list and a 404 for them from now on, their draft with
 * it; the others read on, and their messages stay.
 */
export const leaveConversation = defineService<Viewer, { conversationId: string }, LockedConversation>({
  policy: (viewer) => can(viewer, "readMessages"),
  load: (tx, { conversationId }) => lockConversation(tx, conversationId),
  authorize: (viewer, conversation) =>
    canReadConversation(viewer, participationOf(conversation, viewer)) || fail("not-found", messageTexts.notFound),
  async change(tx, { actor, input: { conversationId } }) {
    await tx
      .update(conversationParticipants)
      .set({ leftAt: sql`now()` })
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.memberId, actor.id)));
    await tx.delete(messageDrafts).where(and(eq(messageDrafts.memberId, actor.id), eq(messageDrafts.conversationId, conversationId)));
    return done;
  },
});
