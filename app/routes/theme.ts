import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { THEMES, themeCookie } from "~/lib/theme";
import { fail } from "~/server/platform";
import { readFormData, refuse } from "~/server/http";
import type { Route } from "./+types/theme";

/** Choosing the theme is a POST from the switch; a GET (prefetch, crawler) just goes home. */
export function loader() {
  return redirect(paths.home);
}

const themeSchema = z.object({
  theme: z.enum(THEMES, { message: "Bitte wählen Sie System, Hell oder Dunkel." }),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * Anyone may choose, guests too: the choice is a cookie on their own device,
 * nothing is stored on the server. Without JavaScript the form lands here and
 * goes back to the page it came from; with JavaScript the switch has already
 * recoloured the page, and this answer only makes the next render agree.
 */
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: themeSchema });
  if (submission.status !== "success") {
    return refuse(fail("invalid", submission.error?.theme?.[0]), { failed: "Farbschema nicht geändert" });
  }
  return redirect(safeRedirectTarget(submission.value.redirectTo), { headers: { "Set-Cookie": themeCookie(submission.value.theme) } });
}
