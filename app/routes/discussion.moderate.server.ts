import { z } from "zod";
import { lockReasonSchema, moderationReasonSchema } from "~/lib/schemas/admin";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { commentHref, type DiscussionDetail } from "~/server/discussions";
import { moderateComment, moderateDiscussion, type CommentModeration, type DiscussionModeration } from "~/server/moderation";
import { type Failure, type Outcome } from "~/server/platform";
import { type IntentHandlers, redirectWithToast, respond } from "~/server/http";
import type { Viewer } from "~/server/accounts";
import type { FormErrors } from "~/components/discussions/comment-section";

/**
 * The moderation bar's forms (pin, lock, hide, restore), posted to the
 * discussion page like its other forms so they work without JavaScript; the
 * discussion route parses them with its own and hands them over here.
 */

// The id goes into a uuid column: anything else is a comment that cannot exist.
const commentId = z.uuid({ error: texts.commentNotFound });

export const moderationIntents = [
  z.object({ intent: z.literal("pin") }),
  z.object({ intent: z.literal("unpin") }),
  z.object({ intent: z.literal("lock"), reason: lockReasonSchema.shape.reason }),
  z.object({ intent: z.literal("unlock") }),
  z.object({ intent: z.literal("hide-discussion"), reason: moderationReasonSchema.shape.reason }),
  z.object({ intent: z.literal("restore-discussion") }),
  z.object({ intent: z.literal("hide-comment"), commentId, reason: moderationReasonSchema.shape.reason }),
  z.object({ intent: z.literal("restore-comment"), commentId }),
] as const;

type ModerationInput = z.infer<(typeof moderationIntents)[number]>;
export type ModerationIntent = ModerationInput["intent"];

export const moderationFailed = "Die Moderationsaktion ist fehlgeschlagen";

const moderationToasts: Record<ModerationIntent, string> = {
  pin: "Diskussion angepinnt",
  unpin: "Diskussion nicht mehr angepinnt",
  lock: "Diskussion gesperrt",
  unlock: "Diskussion entsperrt",
  "hide-discussion": "Diskussion ausgeblendet",
  "restore-discussion": "Diskussion wiederhergestellt",
  "hide-comment": "Kommentar ausgeblendet",
  "restore-comment": "Kommentar wiederhergestellt",
};

export function isModerationIntent(intent: string): intent is ModerationIntent {
  return Object.hasOwn(moderationToasts, intent);
}

/** The comment a failed moderation form belongs to, so its thread shows the error. */
export function moderationTarget(payload: Record<string, unknown>): string | null {
  const id = payload.commentId;
  return (payload.intent === "hide-comment" || payload.intent === "restore-comment") && commentId.safeParse(id).success
    ? (id as string)
    : null;
}

/** What the page shows for a refused moderation form: the reason form's error when the reason was wrong. */
export function moderationRefusal(intent: ModerationIntent, target: string | null, withReasonError = false) {
  return {
    failed: moderationFailed,
    fallback: {
      forbidden: texts.permissionDenied,
      "not-found": target ? texts.commentNotFound : texts.discussionNotFound,
      invalid: texts.unknownError,
    },
    page: ({ message }: Failure & { message: string | undefined }) => {
      const moderationError = withReasonError && message ? { intent: intent as string, message } : null;
      // The discussion's reason form shows its own error, not the comment box too; a comment's reason form reads `content`.
      const shown = moderationError && target === null ? null : (message ?? null);
      return { errors: { form: shown, content: shown, target, draft: null as FormErrors["draft"] }, moderationError };
    },
  };
}

/** One handler per moderation intent, each the action of that name; the service asks the guardian. */
export function moderationHandlers(
  viewer: Viewer | null,
  discussion: DiscussionDetail,
): IntentHandlers<ModerationInput, ReturnType<typeof moderate>> {
  const onDiscussion = (input: ModerationInput & { intent: DiscussionModeration["action"]; reason?: string }) =>
    moderate(discussion, input, moderateDiscussion(viewer, { discussionId: discussion.id, action: input.intent, reason: input.reason }));
  const onComment = (input: ModerationInput & { intent: CommentModeration["action"]; commentId: string; reason?: string }) =>
    moderate(
      discussion,
      input,
      moderateComment(viewer, { discussionId: discussion.id, commentId: input.commentId, action: input.intent, reason: input.reason }),
    );
  return {
    pin: onDiscussion,
    unpin: onDiscussion,
    lock: onDiscussion,
    unlock: onDiscussion,
    "hide-discussion": onDiscussion,
    "restore-discussion": onDiscussion,
    "hide-comment": onComment,
    "restore-comment": onComment,
  };
}

function moderate(discussion: DiscussionDetail, input: ModerationInput, outcome: Promise<Outcome>) {
  const target = "commentId" in input ? input.commentId : null;
  return respond(outcome, {
    ...moderationRefusal(input.intent, target),
    context: { intent: input.intent, discussion: discussion.id },
    success: async () =>
      redirectWithToast(target ? await commentHref(discussion, target) : paths.discussion(discussion.slug), {
        type: "success",
        title: moderationToasts[input.intent],
      }),
  });
}
