import { defineEvents } from "~/server/platform";
import type { Viewer } from "~/server/accounts";

/**
 * What "Hilfreich" and a solution announce in their transaction (decision 0021): the notifications domain tells
 * the post's author, the moderation's audit log keeps what staff chose for someone else's question.
 */
export const answerEvents = defineEvents<{
  "helpful.marked": { discussionId: string; commentId: string | null; authorId: string; actor: Viewer };
  "solution.marked": {
    discussion: { id: string; title: string; authorId: string | null };
    /** The comment now the solution, or null when the choice was taken back. */
    commentId: string | null;
    commentAuthorId: string | null;
    actor: Viewer;
  };
}>("answers", {
  "helpful.marked": ["notifications"],
  "solution.marked": ["notifications", "moderation"],
});
