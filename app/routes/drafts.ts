import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { draftActionSchema, draftTexts } from "~/lib/schemas/draft";
import { texts } from "~/lib/texts";
import { checkPermission, getViewer } from "~/server/accounts";
import { discardOwnDraft, saveDraft } from "~/server/discussions";
import { fail } from "~/server/platform";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond, respondByRedirect } from "~/server/http";
import type { Route } from "./+types/drafts";

/** Nothing to show here: the drafts are listed on the member's profile. */
export function loader() {
  return redirect(paths.home);
}

/** The page's script reads the answer: no toast, the message only (it shows "Entwurf nicht gespeichert"). */
const quiet = {
  failed: null,
  fallback: { forbidden: texts.permissionDenied, "not-found": texts.discussionNotFound, invalid: texts.unknownError },
  page: ({ message }: { message: string | undefined }) => ({ error: message ?? texts.unknownError }),
};

/**
 * Drafts (decision 0034). "save" comes from the page's script while the member types and answers JSON;
 * "discard" is the button "Entwurf verwerfen", a plain form that goes back to its page with a toast.
 * Cross-site posts never get here (server/pipeline.ts refuses them by Origin, app/server/http/csrf.server.ts).
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const submission = parseWithZod(await readFormData(request), { schema: draftActionSchema });
  const allowed = checkPermission(viewer, "comment", { unauthenticated: texts.mustBeSignedIn, forbidden: texts.permissionDenied });
  if (submission.status !== "success") {
    return refuse(fail("invalid", firstMessage(submission.error) ?? texts.unknownError), quiet);
  }
  const back = submission.value.intent === "discard" ? safeRedirectTarget(submission.value.back, paths.home) : paths.home;
  return dispatch(submission.value, {
    save: ({ intent: _intent, ...input }) =>
      allowed.ok
        ? respond(saveDraft(allowed.value, input), {
            ...quiet,
            context: { action: "save draft" },
            success: ({ savedAt }) => ({ savedAt: savedAt?.toISOString() ?? null }),
          })
        : refuse(allowed, quiet),
    // A guest has no drafts: signing in leads back to the page the button was on.
    discard: ({ discussionId }) =>
      !viewer
        ? redirect(`${paths.auth}?redirectTo=${encodeURIComponent(back)}`)
        : respondByRedirect(discardOwnDraft(viewer, { discussionId: discussionId ?? null }), {
            failed: draftTexts.failed,
            fallback: { unexpected: texts.unexpectedError },
            back,
            context: { action: "discard draft" },
            success: () => redirectWithToast(back, { type: "success", title: draftTexts.discarded }),
          }),
  });
}
