import { redirect } from "react-router";
import { z } from "zod";
import { paths } from "~/lib/paths";
import { POST_CHOICE_PATTERN, readPostChoice } from "~/lib/post-choice";
import { texts } from "~/lib/texts";
import { helpfulTexts, markSolution, setHelpful, solutionTexts } from "~/server/answers";
import { commentHref, type DiscussionDetail } from "~/server/discussions";
import { type IntentHandlers, redirectWithToast, respond } from "~/server/http";
import type { Viewer } from "~/server/accounts";
import { ownPostRefusal, postFormRefusal } from "./discussion.forms";

/**
 * The answers' forms of the discussion page: "Hilfreich" (the one form every post's button submits, decision
 * 0029) and the solution, chosen or taken back. Parsed with the page's other forms; handled here.
 */

export const answerIntents = [
  z.object({
    intent: z.literal("helpful"),
    // "<comment id>:true" or "discussion:false": the post and the state its button asks for.
    helpful: z.string().regex(POST_CHOICE_PATTERN, { error: texts.unknownError }),
    // Sent by the page's script: it wants the new count as data, not the page again.
    stay: z.literal("1").optional(),
  }),
  z.object({ intent: z.literal("mark-solution"), commentId: z.uuid({ error: texts.commentNotFound }) }),
  z.object({ intent: z.literal("unmark-solution") }),
] as const;

type AnswerInput = z.infer<(typeof answerIntents)[number]>;
export type AnswerIntent = AnswerInput["intent"];

export function isAnswerIntent(intent: string): intent is AnswerIntent {
  return intent === "helpful" || intent === "mark-solution" || intent === "unmark-solution";
}

/**
 * A refused "Hilfreich" says so in its toast: no form on the page is to blame. A refused solution is placed like a
 * post form's error: at the comment it names, or, taken back, at the discussion.
 */
export function answerRefusal(intent: AnswerIntent, payload: Record<string, unknown>, viewer: Viewer | null) {
  if (intent === "helpful") return ownPostRefusal(helpfulTexts.failed, viewer, () => null);
  return postFormRefusal(solutionTexts.failed, viewer, payload, intent === "mark-solution" ? payload.commentId : "discussion");
}

/** The three answer intents' handlers; the services ask the guardian. Refusals read the form as it was sent (`payload`). */
export function answerHandlers(viewer: Viewer | null, discussion: DiscussionDetail, payload: Record<string, unknown>) {
  const here = paths.discussion(discussion.slug);
  const how = (intent: AnswerIntent) => ({ ...answerRefusal(intent, payload, viewer), context: { intent, discussion: discussion.id } });
  return {
    helpful: ({ helpful, stay }) => {
      const { commentId, on: marked } = readPostChoice(helpful);
      return respond(setHelpful(viewer, { discussionId: discussion.id, commentId, marked }), {
        ...how("helpful"),
        // The script keeps the page and shows the count; a plain form goes back to the post it marked.
        success: async (value) => (stay ? { helpful: value } : redirect(commentId ? await commentHref(discussion, commentId) : here)),
      });
    },
    "mark-solution": ({ commentId }) =>
      respond(markSolution(viewer, { discussionId: discussion.id, commentId }), {
        ...how("mark-solution"),
        success: () => redirectWithToast(here, { type: "success", title: solutionTexts.marked }),
      }),
    "unmark-solution": () =>
      respond(markSolution(viewer, { discussionId: discussion.id, commentId: null }), {
        ...how("unmark-solution"),
        success: () => redirectWithToast(here, { type: "success", title: solutionTexts.unmarked }),
      }),
  } satisfies IntentHandlers<AnswerInput>;
}
