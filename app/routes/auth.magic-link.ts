import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { auth, authHeaders } from "~/server/auth.server";
import { authRateRules, checkRateLimits } from "~/server/rate-limit.server";
import { toastCookieHeader } from "~/server/toast.server";
import type { Route } from "./+types/auth.magic-link";

/** The link in the magic-link mail: single use, signs the member in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limit = await checkRateLimits([[authRateRules.emailLinkPerIp, context.clientIp ?? "unknown"]]);
  if (!limit.allowed) return new Response("Zu viele Anfragen.", { status: 429 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const response = await auth.api.magicLinkVerify({
    query: { token, callbackURL: paths.home, errorCallbackURL: `${paths.auth}?mode=magic-link` },
    headers: authHeaders(request, context.clientIp),
    asResponse: true,
  });
  const location = response.headers.get("Location") ?? paths.home;
  const failed = new URL(location, "http://x").searchParams.has("error");
  const headers = new Headers({ Location: failed ? `${paths.auth}?mode=magic-link&error=invalid-link` : paths.home });
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (!failed) headers.append("Set-Cookie", await toastCookieHeader("success", texts.welcomeBack));
  return new Response(null, { status: 302, headers });
}
