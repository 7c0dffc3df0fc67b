import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { EmailLinkForm } from "~/components/auth/email-link-form";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { useShowToast } from "~/components/toast/use-show-toast";
import { signUpCheckboxes, withUncheckedBoxes } from "~/lib/forms";
import { seoMeta } from "~/lib/seo";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { paths } from "~/lib/paths";
import { emailOnlySchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { texts } from "~/lib/texts";
import { clientErrorMessage } from "~/lib/route-errors";
import { toastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";
import {
  loginErrorText,
  requestMagicLink,
  requestPasswordReset,
  signIn,
  signOut,
  signUp,
} from "~/server/accounts.server";
import { logger } from "~/server/logger.server";
import { awaitsApproval } from "~/server/permissions.server";
import { authRateRules, checkRateLimits, signInDelayMs } from "~/server/rate-limit.server";
import { getViewer } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { readFormData } from "~/server/request-body.server";
import type { Route } from "./+types/auth";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(awaitsApproval(viewer) ? paths.pendingApproval : paths.home);
  return null;
}

function tooManyRequests(intent: string, retryAfter: number) {
  return data(
    { intent, error: texts.tooManyRequests, toast: toastMessage("error", texts.loginFailedTitle, texts.tooManyRequests) },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const ip = context.clientIp ?? "unknown";
  const emailKey = String(formData.get("email") ?? "").trim().toLowerCase();

  switch (intent) {
    case "sign-in": {
      const limit = await checkRateLimits([
        [authRateRules.signInPerIp, ip],
        [authRateRules.signInPerEmailAndIp, `${emailKey}|${ip}`],
      ]);
      if (!limit.allowed) return tooManyRequests(intent, limit.retryAfter);
      const submission = parseWithZod(formData, { schema: signInSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      const delay = await signInDelayMs(emailKey);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

      const result = await signIn(request, context.clientIp, submission.value.email, submission.value.password);
      if (!result.ok) {
        const message = loginErrorText(result.code);
        return data(
          {
            intent,
            result: submission.reply({ hideFields: ["password"] }),
            loginError: message,
            toast: toastMessage("error", texts.loginFailedTitle, message),
          },
          { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
        );
      }
      const headers = new Headers();
      for (const cookie of result.setCookie) headers.append("Set-Cookie", cookie);
      if (awaitsApproval(result.viewer)) return redirect(paths.pendingApproval, { headers });
      return redirectWithToast(safeRedirectTarget(formData.get("redirectTo")), { type: "success", title: texts.welcomeBack }, headers);
    }

    case "sign-up": {
      const limit = await checkRateLimits([
        [authRateRules.signUpPerIp, ip],
        [authRateRules.signUpPerEmail, emailKey],
      ]);
      if (!limit.allowed) return tooManyRequests(intent, limit.retryAfter);
      const submission = parseWithZod(withUncheckedBoxes(formData, signUpCheckboxes), { schema: signUpSchema });
      if (submission.status !== "success") {
        return data({ intent, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
      }
      try {
        await signUp(submission.value);
      } catch (error) {
        logger.error({ err: error }, "sign-up failed");
        return data(
          { intent, error: texts.unexpectedError, toast: toastMessage("error", texts.signUpFailed, texts.unexpectedError) },
          { status: 500 },
        );
      }
      return redirect(paths.emailConfirmation(submission.value.email));
    }

    case "forgot-password":
    case "magic-link": {
      const [perEmail, perIp] =
        intent === "magic-link"
          ? [authRateRules.magicLinkPerEmail, authRateRules.magicLinkPerIp]
          : [authRateRules.resetPerEmail, authRateRules.resetPerIp];
      const limit = await checkRateLimits([
        [perIp, ip],
        [perEmail, emailKey],
      ]);
      if (!limit.allowed) return tooManyRequests(intent, limit.retryAfter);
      const submission = parseWithZod(formData, { schema: emailOnlySchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      try {
        if (intent === "magic-link") await requestMagicLink(request, context.clientIp, submission.value.email);
        else await requestPasswordReset(submission.value.email);
      } catch (error) {
        logger.error({ err: error, intent }, "sending the link failed");
        return data(
          { intent, error: texts.unexpectedError, toast: toastMessage("error", texts.sendFailed, texts.unexpectedError) },
          { status: 500 },
        );
      }
      return data({
        intent,
        sent: true,
        result: submission.reply({ resetForm: true }),
        toast: toastMessage("success", intent === "magic-link" ? texts.magicLinkSent : texts.emailSent),
      });
    }

    case "reset-session": {
      const cookies = await signOut(request).catch(() => [] as string[]);
      const headers = new Headers();
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      return data(
        { intent, toast: toastMessage("info", texts.sessionReset, "Bitte melden Sie sich erneut an.") },
        { headers },
      );
    }

    default:
      return data({ intent, error: texts.unknownError }, { status: 400 });
  }
}

type Mode = "login" | "forgot-password" | "magic-link";

export default function AuthRoute({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "register" ? "register" : "login";
  const modeParam = searchParams.get("mode");
  const mode: Mode = modeParam === "forgot-password" || modeParam === "magic-link" ? modeParam : "login";
  const redirectTo = safeRedirectTarget(searchParams.get("redirectTo"));
  const linkError = searchParams.get("error");
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);

  const resultFor = (intent: string) =>
    actionData?.intent === intent && "result" in actionData ? actionData.result : undefined;
  const errorFor = (intent: string): string | undefined =>
    actionData?.intent === intent && "error" in actionData && typeof actionData.error === "string" ? actionData.error : undefined;
  const loginError =
    actionData?.intent === "sign-in" && "loginError" in actionData && typeof actionData.loginError === "string"
      ? actionData.loginError
      : errorFor("sign-in");

  const title = tab === "register" ? "Registrieren" : mode === "forgot-password" ? "Passwort vergessen" : mode === "magic-link" ? "Magic Link" : "Anmelden";

  return (
    <AuthShell title={title} description="Willkommen in der Community für SEO, SEA und KI-Suche.">
      <nav aria-label="Anmelden oder registrieren" className="mb-6 grid grid-cols-2 rounded-lg bg-muted p-1 text-sm font-medium">
        {(["login", "register"] as const).map((value) => (
          <Link
            key={value}
            to={value === "register" ? "?tab=register" : "?"}
            aria-current={tab === value ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-2 text-center",
              tab === value ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {value === "login" ? "Anmelden" : "Registrieren"}
          </Link>
        ))}
      </nav>
      {linkError && tab === "login" && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {linkError === "account-rejected"
            ? texts.accountRejected
            : `${texts.invalidLink}: Der Anmeldelink ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.`}
        </p>
      )}
      {tab === "register" ? (
        <SignUpForm lastResult={resultFor("sign-up")} error={errorFor("sign-up")} />
      ) : mode === "login" ? (
        <SignInForm lastResult={resultFor("sign-in")} loginError={loginError} redirectTo={redirectTo} />
      ) : (
        <EmailLinkForm
          intent={mode}
          lastResult={resultFor(mode)}
          sent={actionData?.intent === mode && "sent" in actionData}
          error={errorFor(mode)}
        />
      )}
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AuthShell title={clientErrorMessage(error) ?? texts.unexpectedError}>
      <Link to={paths.auth} className="text-brand-700 underline">
        Zurück zur Anmeldung
      </Link>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Anmelden", path: "/auth", noindex: true });
