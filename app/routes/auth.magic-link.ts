import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { auth, authHeaders, authRateRules, awaitsApproval, checkRateLimits, findViewer } from "~/server/accounts";
import { forwardCookies, toastCookieHeader } from "~/server/http";
import type { Route } from "./+types/auth.magic-link";

/** better-auth's error when the session hook refuses a rejected member (auth.server.ts). */
const SESSION_REFUSED = "failed_to_create_session";

/**
 * The link in the magic-link mail: single use, signs the member in. It ends
 * where password sign-in ends: pending members on /pending-approval, rejected
 * members with the same text as at the sign-in form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limit = await checkRateLimits([[authRateRules.emailLinkPerIp, context.clientIp ?? "unknown"]]);
  if (!limit.allowed) return new Response("Zu viele Anfragen.", { status: 429 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const response = await auth.api.magicLinkVerify({
    query: { token, callbackURL: paths.home, errorCallbackURL: `${paths.auth}?mode=magic-link` },
    headers: authHeaders(request, context.clientIp),
    asResponse: true,
  });
  const error = new URL(response.headers.get("Location") ?? paths.home, "http://x").searchParams.get("error");
  if (error) {
    const location =
      error === SESSION_REFUSED ? `${paths.auth}?error=account-rejected` : `${paths.auth}?mode=magic-link&error=invalid-link`;
    return new Response(null, { status: 302, headers: { Location: location } });
  }
  const cookies = response.headers.getSetCookie();
  const headers = forwardCookies(cookies);
  // The new session is only in the answer's cookies yet: read the member from there.
  const session = await auth.api.getSession({ headers: new Headers({ Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") }) });
  const viewer = session ? await findViewer(session.user.id) : null;
  if (!viewer || awaitsApproval(viewer)) {
    headers.set("Location", paths.pendingApproval);
    return new Response(null, { status: 302, headers });
  }
  headers.set("Location", paths.home);
  headers.append("Set-Cookie", await toastCookieHeader("success", texts.welcomeBack));
  return new Response(null, { status: 302, headers });
}
