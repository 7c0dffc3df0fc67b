import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthError, AuthShell } from "~/components/auth/auth-shell";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { secondFactorCodeSchema } from "~/lib/schemas/second-factor";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { authRateRules, awaitsApproval, checkRateLimits, completeSignIn, getViewer } from "~/server/accounts";
import { fail } from "~/server/platform";
import { forwardCookies, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/auth.second-factor";

/** Whoever is signed in already has nothing to confirm here. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  if (viewer)
    throw redirect(
      awaitsApproval(viewer) ? paths.pendingApproval : safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo")),
    );
  return null;
}

/**
 * The second step after the password (decision 0050): the app's code or a recovery code. Per client at most
 * secondFactorPerIp tries; better-auth adds five per sign-in and locks the account's codes after ten wrong in a row.
 * Every wrong answer reads alike, whatever the account has set up.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: secondFactorCodeSchema });
  const limit = await checkRateLimits([[authRateRules.secondFactorPerIp, context.clientIp ?? "unknown"]]);
  if (!limit.allowed)
    return refuse(
      { ...fail("too-many-requests", texts.tooManyRequests), retryAfter: limit.retryAfter },
      { failed: null, page: ({ message }) => ({ error: message }) },
    );
  if (submission.status !== "success") return refuse(fail("invalid"), { failed: null, page: () => ({ result: submission.reply() }) });
  const target = safeRedirectTarget(submission.value.redirectTo ?? null);
  return respond(completeSignIn(request, context.clientIp, submission.value.code), {
    failed: null,
    fallback: { unexpected: texts.unexpectedError },
    page: ({ message }) => ({ result: submission.reply({ resetForm: true }), error: message }),
    context: { action: "second factor" },
    success: ({ viewer, setCookie }) => {
      const headers = forwardCookies(setCookie);
      if (awaitsApproval(viewer)) return redirect(paths.pendingApproval, { headers });
      return redirectWithToast(target, { type: "success", title: texts.welcomeBack }, headers);
    },
  });
}

export default function SecondFactorSignInRoute({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get("redirectTo"));
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  const error = actionData && "error" in actionData && typeof actionData.error === "string" ? actionData.error : undefined;
  const [form, fields] = useForm({
    id: "second-factor",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: getZodConstraint(secondFactorCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorCodeSchema }),
    shouldValidate: "onSubmit",
  });

  return (
    <AuthShell title="Bestätigung" description="Ihr Passwort war richtig. Bestätigen Sie die Anmeldung mit Ihrem zweiten Faktor.">
      <div className="flex flex-col gap-6">
        {error && (
          <Alert variant="destructive">
            <AlertTitle>{texts.loginFailedTitle}</AlertTitle>
            <p>{error}</p>
          </Alert>
        )}
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            id={fields.code.id}
            label="Code"
            errors={error ? undefined : fields.code.errors}
            hint="Die sechs Ziffern aus Ihrer Authenticator-App oder einer Ihrer Wiederherstellungscodes."
          >
            <Input
              {...getInputProps(fields.code, { type: "text" })}
              key={fields.code.key}
              autoComplete="one-time-code"
              inputMode="text"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
            />
          </Field>
          <Button type="submit" disabled={pending}>
            {pending ? "Wird geprüft..." : "Bestätigen"}
          </Button>
        </Form>
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">Oder mit einem Passkey dieses Geräts:</p>
          <PasskeyButton ceremony="sign-in" redirectTo={redirectTo} label="Mit Passkey anmelden" />
        </div>
        <p className="text-sm text-muted-foreground">
          Kein Zugriff mehr auf Ihre App, Ihre Wiederherstellungscodes und Ihren Passkey? Eine Administratorin oder ein Administrator kann
          Ihren zweiten Faktor zurücksetzen.{" "}
          <Link to={paths.auth} className="text-brand-700 underline">
            Zurück zur Anmeldung
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AuthError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Anmeldung bestätigen", path: paths.secondFactorSignIn, noindex: true });
