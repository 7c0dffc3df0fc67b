import { z } from "zod";
import { paths } from "~/lib/paths";
import { reportFields, reportNoteMissing } from "~/lib/schemas/report";
import { texts } from "~/lib/texts";
import { commentHref, type DiscussionDetail } from "~/server/discussions";
import { reportPost, reportTexts, withdrawReport } from "~/server/moderation";
import { type IntentHandlers, redirectWithToast, respond } from "~/server/http";
import type { Viewer } from "~/server/accounts";
import { ownPostRefusal } from "./discussion.forms";

/**
 * "Melden" under a post and its withdrawal, posted to the discussion page like its other forms; the discussion
 * route parses them with its own and hands them over here.
 */

// The reported comment; without one the report is about the discussion itself.
const commentId = z.uuid({ error: texts.commentNotFound }).optional();

export const reportIntents = [
  z.object({ intent: z.literal("report"), commentId, ...reportFields }),
  z.object({ intent: z.literal("withdraw-report"), commentId }),
] as const;

type ReportInput = z.infer<(typeof reportIntents)[number]>;
export type ReportIntent = ReportInput["intent"];

export function isReportIntent(intent: string): intent is ReportIntent {
  return intent === "report" || intent === "withdraw-report";
}

function isReport(value: { intent: string }): value is Extract<ReportInput, { intent: "report" }> {
  return value.intent === "report";
}

/**
 * "Sonstiges" needs a note: a rule across the report's two fields. The page's combined schema runs it as its
 * superRefine, so it checks a report only once the whole form parsed, as it always did.
 */
export function checkReportNote(value: { intent: string }, context: z.core.$RefinementCtx) {
  const missing = isReport(value) ? reportNoteMissing(value) : null;
  if (missing) context.addIssue({ code: "custom", path: ["note"], message: missing });
}

/** A refused report shows in its own form only (the post's "Melden"); a refused withdrawal only in its toast. */
export function reportRefusal(intent: ReportIntent, payload: Record<string, unknown>, viewer: Viewer | null) {
  const post = typeof payload.commentId === "string" && payload.commentId !== "" ? payload.commentId : "discussion";
  return ownPostRefusal(reportTexts.failed, viewer, (message) => (intent === "report" ? { post, message } : null));
}

/**
 * The two report intents' handlers; the services ask the guardian. Refusals read the form as it was sent (`payload`).
 * The client's address goes with a report: a burst from one network weighs once.
 */
export function reportHandlers(
  viewer: Viewer | null,
  discussion: DiscussionDetail,
  payload: Record<string, unknown>,
  clientIp: string | undefined,
) {
  const here = paths.discussion(discussion.slug);
  const backTo = async (commentId: string | undefined) => (commentId ? await commentHref(discussion, commentId) : here);
  const how = (intent: ReportIntent) => ({ ...reportRefusal(intent, payload, viewer), context: { intent, discussion: discussion.id } });
  return {
    report: ({ commentId, reason, note }) =>
      respond(reportPost(viewer, { discussionId: discussion.id, commentId: commentId ?? null, reason, note, clientIp }), {
        ...how("report"),
        success: async ({ already }) =>
          redirectWithToast(await backTo(commentId), { type: "success", title: already ? reportTexts.already : reportTexts.thanks }),
      }),
    "withdraw-report": ({ commentId }) =>
      respond(withdrawReport(viewer, { discussionId: discussion.id, commentId: commentId ?? null }), {
        ...how("withdraw-report"),
        success: async () => redirectWithToast(await backTo(commentId), { type: "success", title: reportTexts.withdrawn }),
      }),
  } satisfies IntentHandlers<ReportInput>;
}
