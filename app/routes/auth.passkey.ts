import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { data } from "react-router";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { texts } from "~/lib/texts";
import {
  authRateRules,
  awaitsApproval,
  checkRateLimits,
  getViewer,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  secondFactorTexts,
  signInWithPasskey,
} from "~/server/accounts";
import { fail } from "~/server/platform";
import { forwardCookies, readFormData, refuse, respond, toastCookieHeader } from "~/server/http";
import type { Route } from "./+types/auth.passkey";

/**
 * The browser's two passkey ceremonies (decision 0050), through better-auth's passkey plugin: GET gives the options
 * (and a signed cookie that ties the answer to them), POST checks the authenticator's answer. Creating a passkey needs
 * a signed-in member; signing in with one needs nobody, and names no account. Answers are JSON for the page's script.
 */
type Ceremony = "register" | "sign-in";

function ceremonyOf(request: Request): Ceremony | null {
  const value = new URL(request.url).searchParams.get("ceremony");
  return value === "register" || value === "sign-in" ? value : null;
}

const noStore = { "Cache-Control": "no-store" };

/** Answers for the page's script: no toast, the message only (it shows it under the button). */
const quiet = {
  failed: null,
  fallback: { invalid: secondFactorTexts.passkeyFailed, unauthenticated: texts.mustBeSignedIn, "not-found": texts.unknownError },
  page: ({ message }: { message: string | undefined }) => ({ message }),
};

async function overLimit(clientIp: string | undefined) {
  const limit = await checkRateLimits([[authRateRules.passkeyPerIp, clientIp ?? "unknown"]]);
  return limit.allowed ? null : refuse({ ...fail("too-many-requests", texts.tooManyRequests), retryAfter: limit.retryAfter }, quiet);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ceremony = ceremonyOf(request);
  if (!ceremony) return refuse(fail("not-found"), quiet);
  const refused = await overLimit(context.clientIp);
  if (refused) return refused;
  if (ceremony === "register" && !(await getViewer(request))) return refuse(fail("unauthenticated"), quiet);
  const answer =
    ceremony === "register"
      ? await passkeyRegistrationOptions(request, context.clientIp)
      : await passkeySignInOptions(request, context.clientIp);
  // better-auth refuses a session older than a day for a new passkey: the member signs in again first.
  if (!answer.ok)
    return refuse(
      fail(answer.status === 403 ? "forbidden" : "invalid", answer.status === 403 ? secondFactorTexts.passkeySessionTooOld : undefined),
      quiet,
    );
  // The options and the cookie that ties the answer to them; never stored by anyone on the way.
  return new Response(await answer.text(), {
    headers: forwardCookies(answer.headers, new Headers({ ...noStore, "Content-Type": "application/json" })),
  });
}

/** The authenticator's answer as the browser library gives it (a JSON object), and where to go afterwards. */
const passkeyAnswerSchema = z.object({
  credential: z
    .string()
    .max(64_000)
    .transform((value, ctx) => {
      const parsed = parseCredential(value);
      if (!parsed) ctx.addIssue({ code: "custom", message: secondFactorTexts.passkeyFailed });
      return parsed ?? {};
    }),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const ceremony = ceremonyOf(request);
  const submission = parseWithZod(await readFormData(request), { schema: passkeyAnswerSchema });
  if (!ceremony) return refuse(fail("not-found"), quiet);
  const refused = await overLimit(context.clientIp);
  if (refused) return refused;
  if (submission.status !== "success") return refuse(fail("invalid"), quiet);
  const { credential } = submission.value;
  const target = safeRedirectTarget(submission.value.redirectTo ?? null);
  const how = { ...quiet, context: { action: `passkey ${ceremony}` } };

  if (ceremony === "register") {
    const viewer = await getViewer(request);
    if (!viewer) return refuse(fail("unauthenticated"), quiet);
    return respond(registerPasskey(request, context.clientIp, credential, viewer), {
      ...how,
      success: async ({ setCookie }) => {
        const headers = forwardCookies(setCookie, new Headers(noStore));
        headers.append("Set-Cookie", await toastCookieHeader("success", "Passkey gespeichert"));
        return data({ location: target }, { headers });
      },
    });
  }
  return respond(signInWithPasskey(request, context.clientIp, credential), {
    ...how,
    success: async ({ viewer, setCookie }) => {
      const headers = forwardCookies(setCookie, new Headers(noStore));
      if (awaitsApproval(viewer)) return data({ location: paths.pendingApproval }, { headers });
      headers.append("Set-Cookie", await toastCookieHeader("success", texts.welcomeBack));
      return data({ location: target }, { headers });
    },
  });
}

function parseCredential(value: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
