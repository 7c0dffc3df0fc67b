import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { messageSettingsSchema } from "~/lib/schemas/message";
import { texts } from "~/lib/texts";
import { requirePermission } from "~/server/accounts";
import { setBlock, setMessagePreferences } from "~/server/messages";
import { dispatch, redirectWithToast, respondByRedirect, readFormData } from "~/server/http";
import type { Route } from "./+types/messages.settings";

/** Nothing to show here: the settings are on the member's profile. */
export function loader() {
  return redirect(paths.messages);
}

/**
 * Blocking a member and the consent setting (decision 0062), from a profile or a thread: plain forms that go back
 * where they came from with a toast, with and without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "readMessages");
  const submission = parseWithZod(await readFormData(request), { schema: messageSettingsSchema });
  if (submission.status !== "success") return redirectWithToast(paths.messages, { type: "error", title: texts.unknownError });
  const back = safeRedirectTarget(submission.value.back, paths.messages);
  const how = {
    failed: "Einstellung nicht gespeichert",
    fallback: { forbidden: texts.permissionDenied, "not-found": "Dieses Mitglied gibt es nicht.", unexpected: texts.unexpectedError },
    back,
  };
  return dispatch(submission.value, {
    block: ({ memberId }) =>
      respondByRedirect(setBlock(viewer, { memberId, blocked: true }), {
        ...how,
        success: ({ name }) => redirectWithToast(back, { type: "success", title: messageTexts.blocked(name) }),
      }),
    unblock: ({ memberId }) =>
      respondByRedirect(setBlock(viewer, { memberId, blocked: false }), {
        ...how,
        success: ({ name }) => redirectWithToast(back, { type: "success", title: messageTexts.unblocked(name) }),
      }),
    preferences: ({ knownMembersOnly }) =>
      respondByRedirect(setMessagePreferences(viewer, { knownMembersOnly: knownMembersOnly === "on" }), {
        ...how,
        success: () => redirectWithToast(back, { type: "success", title: messageTexts.preferencesSaved }),
      }),
  });
}
