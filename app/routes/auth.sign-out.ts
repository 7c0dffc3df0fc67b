import { redirect } from "react-router";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { signOut } from "~/server/accounts";
import { forwardCookies, redirectWithToast } from "~/server/http";
import type { Route } from "./+types/auth.sign-out";

/** Signing out changes state, so it is a POST; a GET (prefetch, crawler) just goes home. */
export function loader() {
  return redirect(paths.home);
}

export async function action({ request }: Route.ActionArgs) {
  return redirectWithToast(paths.home, { type: "info", title: texts.signedOut }, forwardCookies(await signOut(request)));
}
