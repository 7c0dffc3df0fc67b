import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { auth, authRateRules, checkRateLimits, getViewer } from "~/server/accounts";
import { forwardCookies, redirectWithToast } from "~/server/http";
import type { Route } from "./+types/auth.verify-email";

/**
 * The link in the confirmation mail. better-auth checks the token, marks the
 * address verified and signs the member in; the member then waits for approval.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limit = await checkRateLimits([[authRateRules.emailLinkPerIp, context.clientIp ?? "unknown"]]);
  if (!limit.allowed) return new Response("Zu viele Anfragen.", { status: 429 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const response = await auth.api.verifyEmail({
    query: { token, callbackURL: paths.pendingApproval },
    headers: request.headers,
    asResponse: true,
  });
  const headers = forwardCookies(response.headers, new Headers({ Location: paths.pendingApproval }));
  // An invalid or expired token comes back as ?error=…; the confirmation page explains it.
  const location = response.headers.get("Location");
  if (location && new URL(location, "http://x").searchParams.has("error")) {
    headers.set(
      "Location",
      `/email-confirmation?error=${encodeURIComponent(new URL(location, "http://x").searchParams.get("error") ?? "INVALID_TOKEN")}`,
    );
  } else if (response.headers.getSetCookie().length === 0) {
    // A valid link to an address confirmed before (a second click): better-auth signs no one in, so say why the sign-in form follows.
    const signedIn = (await getViewer(request)) !== null;
    return redirectWithToast(signedIn ? paths.pendingApproval : paths.auth, {
      type: "info",
      title: texts.emailAlreadyConfirmed,
      description: signedIn ? undefined : "Sie können sich anmelden.",
    });
  }
  return new Response(null, { status: 302, headers });
}
