import { data, redirect } from "react-router";
import { texts } from "~/lib/texts";
import { SAMPLE_COUNT, seedAllSamples, seedSample } from "~/server/admin.server";
import { can } from "~/server/permissions.server";
import { getViewer } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { paths } from "~/lib/paths";
import { readFormData } from "~/server/request-body.server";
import type { Route } from "./+types/admin.samples";

export function loader() {
  return redirect(paths.admin);
}

/**
 * With `index`: one sample, answered as JSON (the panel's progress display
 * calls this once per discussion). Without: all of them, for the form that
 * is sent before or without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const formData = await readFormData(request);
  const rawIndex = formData.get("index");
  const single = typeof rawIndex === "string";

  if (!viewer) return single ? data({ error: texts.mustBeSignedIn }, { status: 401 }) : redirect(`${paths.auth}?redirectTo=${paths.admin}`);
  if (!can(viewer, "seedSamples")) return data({ error: texts.accessDenied }, { status: 403 });

  if (single) {
    const index = Number(rawIndex);
    if (!/^\d{1,2}$/.test(rawIndex) || index >= SAMPLE_COUNT) return data({ error: "Diese Beispiel-Diskussion gibt es nicht." }, { status: 400 });
    const outcome = await seedSample(viewer, index);
    if (!outcome.ok) return data({ error: outcome.message ?? texts.createDiscussionsFailed }, { status: 400 });
    return { slug: outcome.value.slug };
  }
  const outcome = await seedAllSamples(viewer);
  if (!outcome.ok) return redirectWithToast(paths.admin, { type: "error", title: texts.createDiscussionsFailed, description: outcome.message });
  return redirectWithToast(paths.admin, { type: "success", title: `${outcome.value.created} Beispiel-Diskussionen erstellt` });
}
