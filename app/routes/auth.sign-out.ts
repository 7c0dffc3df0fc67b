import { redirect } from "react-router";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { signOut } from "~/server/accounts.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/auth.sign-out";

/** Signing out changes state, so it is a POST; a GET (prefetch, crawler) just goes home. */
export function loader() {
  return redirect(paths.home);
}

export async function action({ request }: Route.ActionArgs) {
  const cookies = await signOut(request);
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(paths.home, { type: "info", title: texts.signedOut }, headers);
}
