import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import { texts } from "~/lib/texts";
import { SAMPLE_COUNT, seedAllSamples, seedSample } from "~/server/demo";
import { checkPermission, getViewer, requirePermission } from "~/server/accounts";
import { fail } from "~/server/platform";
import { firstMessage, readFormData, redirectWithToast, refuse, respond, respondByRedirect } from "~/server/http";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/admin.samples";

export function loader() {
  return redirect(paths.admin);
}

const noSuchSample = "Diese Beispiel-Diskussion gibt es nicht.";

const samplesSchema = z.object({
  index: z
    .string()
    .regex(/^\d{1,2}$/, noSuchSample)
    .transform(Number)
    .pipe(z.number().max(SAMPLE_COUNT - 1, noSuchSample))
    .optional(),
});

/**
 * With `index`: one sample, answered as JSON (the panel's progress display
 * calls this once per discussion). Without: all of them, for the form that
 * is sent before or without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: samplesSchema });
  if (submission.payload.index === undefined) return seedAll(request);
  // JSON for the progress display: its errors go into a toast in the browser.
  const json = {
    failed: null,
    fallback: { invalid: texts.createDiscussionsFailed, unexpected: texts.unexpectedError },
    page: ({ message }: { message?: string }) => ({ error: message }),
  };
  const allowed = checkPermission(await getViewer(request), "seedSamples", {
    unauthenticated: texts.mustBeSignedIn,
    forbidden: texts.accessDenied,
  });
  if (!allowed.ok) return refuse(allowed, json);
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error) ?? noSuchSample), json);
  const index = submission.value.index ?? 0;
  return respond(seedSample(allowed.value, { index }), { ...json, context: { index }, success: ({ slug }) => ({ slug }) });
}

/** The form without JavaScript: a guest signs in first, and the answer is the panel with a toast. */
async function seedAll(request: Request) {
  const viewer = await requirePermission(request, "seedSamples");
  return respondByRedirect(seedAllSamples(viewer), {
    failed: texts.createDiscussionsFailed,
    back: paths.admin,
    context: { action: "seed all samples" },
    success: ({ created }) => redirectWithToast(paths.admin, { type: "success", title: `${created} Beispiel-Diskussionen erstellt` }),
  });
}
