import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { data, Link, redirect, useSearchParams } from "react-router";
import { AuthError, AuthShell } from "~/components/auth/auth-shell";
import { EmailLinkForm } from "~/components/auth/email-link-form";
import { SignInForm } from "~/components/auth/sign-in-form";
import { SignUpForm } from "~/components/auth/sign-up-form";
import { useShowToast } from "~/components/toast/use-show-toast";
import { signUpCheckboxes, withUncheckedBoxes } from "~/lib/forms";
import { seoMeta } from "~/lib/seo";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { paths } from "~/lib/paths";
import { emailOnlySchema, signInSchema, signUpSchema } from "~/lib/schemas/auth";
import { signUpGuardFields } from "~/lib/sign-up-guard";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";
import {
  authRateRules,
  awaitsApproval,
  checkRateLimits,
  getViewer,
  issueFormStamp,
  type RateRule,
  readFormStamp,
  requestMagicLink,
  requestPasswordReset,
  screenSignUp,
  signIn,
  signInDelayMs,
  signOut,
  signUp,
} from "~/server/accounts";
import { clientKeyOf, done, fail, waitOutsideGate } from "~/server/platform";
import { dispatch, forwardCookies, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/auth";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer) throw redirect(awaitsApproval(viewer) ? paths.pendingApproval : paths.home);
  // When the sign-up form was handed out, signed: a script that sends it back at once or without it is told apart (decision 0031).
  return { signUpStamp: issueFormStamp() };
}

/** The four forms of the page, told apart by `intent`. */
const authActionSchema = z.discriminatedUnion("intent", [
  signInSchema.extend({ intent: z.literal("sign-in"), redirectTo: z.string().optional() }),
  signUpSchema.safeExtend({ intent: z.literal("sign-up") }),
  emailOnlySchema.extend({ intent: z.literal("forgot-password") }),
  emailOnlySchema.extend({ intent: z.literal("magic-link") }),
  z.object({ intent: z.literal("reset-session") }),
]);
type AuthIntent = z.infer<typeof authActionSchema>["intent"];

/** Each form's rate limits, per address and IP; resetting the session has none. */
const rateRules: Record<AuthIntent, (ip: string, email: string) => Array<[RateRule, string]>> = {
  "sign-in": (ip, email) => [
    [authRateRules.signInPerIp, ip],
    [authRateRules.signInPerEmailAndIp, `${email}|${ip}`],
  ],
  "sign-up": (ip, email) => [
    [authRateRules.signUpPerIp, ip],
    [authRateRules.signUpPerEmail, email],
  ],
  "forgot-password": (ip, email) => [
    [authRateRules.resetPerIp, ip],
    [authRateRules.resetPerEmail, email],
  ],
  "magic-link": (ip, email) => [
    [authRateRules.magicLinkPerIp, ip],
    [authRateRules.magicLinkPerEmail, email],
  ],
  "reset-session": () => [],
};

/** Passwords never come back into the form. */
const hiddenFields: Record<AuthIntent, string[]> = {
  "sign-in": ["password"],
  "sign-up": ["password", "confirmPassword"],
  "forgot-password": [],
  "magic-link": [],
  "reset-session": [],
};

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(withUncheckedBoxes(await readFormData(request), signUpCheckboxes), { schema: authActionSchema });
  const raw = submission.payload.intent;
  const intent = typeof raw === "string" && Object.hasOwn(rateRules, raw) ? (raw as AuthIntent) : null;
  if (intent === null)
    return refuse(fail("invalid", texts.unknownError), {
      failed: null,
      page: ({ message }) => ({ intent: String(raw ?? ""), error: message }),
    });
  const ip = context.clientIp ?? "unknown";
  const emailKey = (typeof submission.payload.email === "string" ? submission.payload.email : "").trim().toLowerCase();
  const limit = await checkRateLimits(rateRules[intent](ip, emailKey));
  if (!limit.allowed) {
    return refuse(
      { ...fail("too-many-requests", texts.tooManyRequests), retryAfter: limit.retryAfter },
      { failed: texts.loginFailedTitle, page: ({ message }) => ({ intent, error: message }) },
    );
  }
  const reply = () => submission.reply({ hideFields: hiddenFields[intent] });
  // A sign-up sent back for a correction keeps its stamp: the time to fill it in counts from the first page.
  const signUpStamp = intent === "sign-up" ? keptStamp(submission.payload[signUpGuardFields.stamp]) : undefined;
  if (submission.status !== "success")
    return refuse(fail("invalid"), { failed: null, page: () => ({ intent, result: reply(), signUpStamp }) });
  const unexpected = (failed: string) => ({
    failed,
    fallback: { unexpected: texts.unexpectedError },
    page: ({ message }: { message?: string }) => ({ intent, error: message }),
  });

  return dispatch(submission.value, {
    "sign-in": async (input) => {
      // The slow-down is a wait on purpose: it must not keep a request slot from other visitors' pages.
      await waitOutsideGate(await signInDelayMs(emailKey));
      return respond(signIn(request, context.clientIp, input.email, input.password), {
        failed: texts.loginFailedTitle,
        page: ({ message }) => ({ intent, result: reply(), loginError: message }),
        success: (step) => {
          const headers = forwardCookies(step.setCookie);
          const target = safeRedirectTarget(input.redirectTo ?? null);
          // The password was right; the code or a passkey comes next (decision 0050).
          if ("secondFactorDue" in step)
            return redirect(`${paths.secondFactorSignIn}?redirectTo=${encodeURIComponent(target)}`, { headers });
          const { viewer } = step;
          if (awaitsApproval(viewer)) return redirect(paths.pendingApproval, { headers });
          return redirectWithToast(target, { type: "success", title: texts.welcomeBack }, headers);
        },
      });
    },
    "sign-up": (input) =>
      respond(
        screenSignUp({
          email: input.email,
          client: clientKeyOf(ip),
          stamp: submission.payload[signUpGuardFields.stamp],
          honeypot: submission.payload[signUpGuardFields.honeypot],
          proof: submission.payload[signUpGuardFields.proof],
        }).then((screened) => (screened.ok ? signUp(input, screened.value).then(() => done) : screened)),
        {
          ...unexpected(texts.signUpFailed),
          page: ({ message }) => ({ intent, result: reply(), error: message, signUpStamp }),
          context: { intent },
          success: () => redirect(paths.emailConfirmation(input.email)),
        },
      ),
    "forgot-password": (input) =>
      respond(
        requestPasswordReset(input.email).then(() => done),
        {
          ...unexpected(texts.sendFailed),
          context: { intent },
          success: () => ({
            intent,
            sent: true,
            result: submission.reply({ resetForm: true }),
            toast: toastMessage("success", texts.emailSent),
          }),
        },
      ),
    "magic-link": (input) =>
      respond(
        requestMagicLink(request, context.clientIp, input.email).then(() => done),
        {
          ...unexpected(texts.sendFailed),
          context: { intent },
          success: () => ({
            intent,
            sent: true,
            result: submission.reply({ resetForm: true }),
            toast: toastMessage("success", texts.magicLinkSent),
          }),
        },
      ),
    "reset-session": async () => {
      const cookies = await signOut(request).catch(() => [] as string[]);
      return data(
        { intent, toast: toastMessage("info", texts.sessionReset, "Bitte melden Sie sich erneut an.") },
        { headers: forwardCookies(cookies) },
      );
    },
  });
}

/** The stamp a returned form keeps, if it is ours and still valid; otherwise the page's new one applies. */
function keptStamp(value: unknown): string | undefined {
  return typeof value === "string" && readFormStamp(value).state === "valid" ? value : undefined;
}

type Mode = "login" | "forgot-password" | "magic-link";

export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "register" ? "register" : "login";
  const modeParam = searchParams.get("mode");
  const mode: Mode = modeParam === "forgot-password" || modeParam === "magic-link" ? modeParam : "login";
  const redirectTo = safeRedirectTarget(searchParams.get("redirectTo"));
  const linkError = searchParams.get("error");
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);

  const resultFor = (intent: string) => (actionData?.intent === intent && "result" in actionData ? actionData.result : undefined);
  const errorFor = (intent: string): string | undefined =>
    actionData?.intent === intent && "error" in actionData && typeof actionData.error === "string" ? actionData.error : undefined;
  const loginError =
    actionData?.intent === "sign-in" && "loginError" in actionData && typeof actionData.loginError === "string"
      ? actionData.loginError
      : errorFor("sign-in");

  const title =
    tab === "register"
      ? "Registrieren"
      : mode === "forgot-password"
        ? "Passwort vergessen"
        : mode === "magic-link"
          ? "Magic Link"
          : "Anmelden";

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
        <SignUpForm
          lastResult={resultFor("sign-up")}
          error={errorFor("sign-up")}
          stamp={
            (actionData?.intent === "sign-up" && "signUpStamp" in actionData ? actionData.signUpStamp : undefined) ?? loaderData.signUpStamp
          }
        />
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
  return <AuthError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { title: "Anmelden", path: "/auth", noindex: true });
