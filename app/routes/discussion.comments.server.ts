import { z } from "zod";
import { heldTexts } from "~/lib/moderation";
import { watchLevels } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { createCommentSchema, updateCommentSchema, updateDiscussionSchema } from "~/lib/schemas/discussion";
import { texts } from "~/lib/texts";
import type { Viewer } from "~/server/accounts";
import { commentHref, createComment, type DiscussionDetail, updateComment, updateDiscussion } from "~/server/discussions";
import { watchDiscussion, watchSavedTitle } from "~/server/notifications";
import { type Outcome } from "~/server/platform";
import { type IntentHandlers, redirectWithToast, respond } from "~/server/http";
import { postFormRefusal } from "./discussion.forms";

/**
 * The discussion page's writing forms: the author's edit of the discussion, a new comment or reply, a comment's
 * edit, and the watch switch. Parsed with the page's other forms; handled here.
 */

export const commentIntents = [
  updateDiscussionSchema.extend({ intent: z.literal("update-discussion") }),
  createCommentSchema.extend({ intent: z.literal("create-comment") }),
  updateCommentSchema.extend({ intent: z.literal("update-comment") }),
  z.object({ intent: z.literal("watch"), level: z.enum(watchLevels, { error: "Bitte wählen Sie, wie Sie die Diskussion verfolgen." }) }),
] as const;

type CommentInput = z.infer<(typeof commentIntents)[number]>;
export type CommentIntent = CommentInput["intent"];

const failedTitles: Record<CommentIntent, string> = {
  "update-discussion": texts.updateDiscussionFailed,
  "create-comment": texts.createCommentFailed,
  "update-comment": texts.updateCommentFailed,
  watch: "Beobachtung nicht gespeichert",
};

/** A refused form shows in the form it came from: a reply's under its parent, a comment's edit at the comment, the rest at the discussion. */
export function commentRefusal(intent: CommentIntent, payload: Record<string, unknown>, viewer: Viewer | null) {
  const target = intent === "create-comment" ? payload.parentId : intent === "update-comment" ? payload.commentId : "discussion";
  return postFormRefusal(failedTitles[intent], viewer, payload, target);
}

/**
 * The four writing intents' handlers; the services ask the guardian. Refusals read the form as it was sent
 * (`payload`): the text goes back into its form untrimmed, as the member typed it.
 */
export function commentHandlers(viewer: Viewer | null, discussion: DiscussionDetail, payload: Record<string, unknown>) {
  const here = paths.discussion(discussion.slug);
  const how = (intent: CommentIntent) => ({ ...commentRefusal(intent, payload, viewer), context: { intent, discussion: discussion.id } });
  // An edit goes back to what it changed: the comment where it stands, or the discussion.
  const write = (intent: CommentIntent, work: Promise<Outcome<{ id: string } | null>>, success: string) =>
    respond(work, {
      ...how(intent),
      success: async (value) =>
        redirectWithToast(value ? await commentHref(discussion, value.id) : here, { type: "success", title: success }),
    });
  return {
    "update-discussion": (input) =>
      write("update-discussion", updateDiscussion(viewer, { discussionId: discussion.id, ...input }), texts.discussionUpdated),
    // The service counts a new member's comments (decision 0035) and keeps a refused text as a draft.
    "create-comment": (input) =>
      respond(createComment(viewer, { discussionId: discussion.id, ...input }), {
        ...how("create-comment"),
        // A held comment waits for a moderator: its author is told so, and finds it on the page marked as waiting.
        success: async ({ id, held }) =>
          redirectWithToast(
            await commentHref(discussion, id),
            held ? { type: "info", title: heldTexts.notice } : { type: "success", title: texts.commentCreated },
          ),
      }),
    "update-comment": (input) =>
      write("update-comment", updateComment(viewer, { discussionId: discussion.id, ...input }), texts.commentUpdated),
    watch: ({ level }) =>
      respond(watchDiscussion(viewer, { discussionId: discussion.id, level }), {
        ...commentRefusal("watch", payload, viewer),
        success: () => redirectWithToast(here, { type: "success", title: watchSavedTitle[level] }),
      }),
  } satisfies IntentHandlers<CommentInput>;
}
