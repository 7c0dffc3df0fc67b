import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { draftTexts } from "~/lib/drafts";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { messageDraftSchema } from "~/lib/schemas/message";
import { texts } from "~/lib/texts";
import { getViewer } from "~/server/accounts";
import { discardMessageDraft, saveMessageDraft } from "~/server/messages";
import { fail } from "~/server/platform";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/messages.draft";

/** Nothing to show here: the draft waits in its conversation's form. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(paths.conversation(params.id));
}

/** The page's script reads the answer: no toast, the message only (it shows "Entwurf nicht gespeichert"). */
const quiet = {
  failed: null,
  fallback: { forbidden: texts.permissionDenied, "not-found": messageTexts.notFound, invalid: texts.unknownError },
  page: ({ message }: { message: string | undefined }) => ({ error: message ?? texts.unknownError }),
};

/**
 * A conversation's draft (decisions 0037, 0062): "save" from the thread's script while the participant types, answered
 * in JSON; "discard" the button "Entwurf verwerfen", a plain form that goes back to the thread with a toast.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const submission = parseWithZod(await readFormData(request), { schema: messageDraftSchema });
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error) ?? texts.unknownError), quiet);
  const conversationId = params.id;
  const back = submission.value.intent === "discard" ? safeRedirectTarget(submission.value.back, paths.conversation(conversationId)) : "";
  return dispatch(submission.value, {
    save: ({ content, contentFormat }) =>
      respond(saveMessageDraft(viewer, { conversationId, content, contentFormat }), {
        ...quiet,
        context: { action: "save message draft" },
        success: ({ savedAt }) => ({ savedAt: savedAt?.toISOString() ?? null }),
      }),
    // A conversation the member does not take part in answers 404, as everything of it.
    discard: () =>
      !viewer
        ? redirect(`${paths.auth}?redirectTo=${encodeURIComponent(back)}`)
        : respond(discardMessageDraft(viewer, { conversationId }), {
            failed: draftTexts.failed,
            fallback: { unexpected: texts.unexpectedError, "not-found": messageTexts.notFound },
            context: { action: "discard message draft" },
            success: () => redirectWithToast(back, { type: "success", title: draftTexts.discarded }),
          }),
  });
}
