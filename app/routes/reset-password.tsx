import { Icon } from "~/components/ui/icon";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Suspense } from "react";
import { Await, Form, Link, useNavigation } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { newPasswordSchema } from "~/lib/schemas/auth";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { authRateRules, checkRateLimits, isPasswordResetTokenValid, resetPassword } from "~/server/accounts";
import { fail } from "~/server/platform";
import { readFormData, refuse, respond } from "~/server/http";
import type { Route } from "./+types/reset-password";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const broken = url.searchParams.has("error") || token === "";
  // Streamed: the page shows "Link wird überprüft..." until the check answers.
  return { token, valid: broken ? Promise.resolve(false) : isPasswordResetTokenValid(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: newPasswordSchema });
  const limit = await checkRateLimits([[authRateRules.newPasswordPerIp, context.clientIp ?? "unknown"]]);
  if (!limit.allowed) {
    return refuse(fail("too-many-requests", texts.tooManyRequests), {
      failed: texts.passwordUpdateFailed,
      page: ({ message }) => ({ status: "error" as const, error: message }),
    });
  }
  if (submission.status !== "success") {
    return refuse(fail("invalid"), {
      failed: null,
      page: () => ({ status: "invalid-input" as const, result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }),
    });
  }
  return respond(resetPassword(submission.value.token, submission.value.password), {
    failed: (failure) => (failure.fieldErrors?.token ? texts.invalidLink : texts.passwordUpdateFailed),
    fallback: { invalid: texts.unknownError, unexpected: texts.unexpectedError },
    page: ({ fieldErrors, message }) => ({ status: fieldErrors?.token ? ("invalid-link" as const) : ("error" as const), error: message }),
    context: { action: "reset password" },
    success: () => ({ status: "success" as const, toast: toastMessage("success", texts.passwordChanged) }),
  });
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);

  if (actionData?.status === "success") return <ResetSuccess />;
  if (actionData?.status === "invalid-link") return <InvalidLink />;

  return (
    <Suspense fallback={<Checking />}>
      <Await resolve={loaderData.valid}>
        {(valid) =>
          valid ? (
            <NewPasswordForm
              token={loaderData.token}
              lastResult={actionData?.status === "invalid-input" ? actionData.result : undefined}
              error={actionData?.status === "error" ? actionData.error : undefined}
            />
          ) : (
            <InvalidLink />
          )
        }
      </Await>
    </Suspense>
  );
}

function Checking() {
  return (
    <AuthShell title="Passwort zurücksetzen">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon name="loader-circle" className="size-4 animate-spin" />
        Link wird überprüft...
      </p>
    </AuthShell>
  );
}

function InvalidLink() {
  return (
    <AuthShell title={texts.invalidLink}>
      <div className="flex flex-col gap-4 text-sm">
        <p>Dieser Link zum Zurücksetzen des Passworts kann nicht verwendet werden. Mögliche Ursachen:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Der Link wurde bereits verwendet.</li>
          <li>Der Link ist abgelaufen (er ist 1 Stunde gültig).</li>
          <li>Der Link ist beschädigt, z. B. weil er beim Kopieren abgeschnitten wurde.</li>
          <li>Die E-Mail-Vorlage ist falsch konfiguriert.</li>
        </ul>
        <Button asChild>
          <Link to={`${paths.auth}?mode=forgot-password`}>Neuen Link anfordern</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.auth}>Zur Anmeldung</Link>
        </Button>
      </div>
    </AuthShell>
  );
}

function NewPasswordForm({
  token,
  lastResult,
  error,
}: {
  token: string;
  lastResult: SubmissionResult<string[]> | undefined;
  error: string | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    constraint: getZodConstraint(newPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthShell title="Neues Passwort festlegen">
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        {error && (
          <Alert variant="destructive">
            <p className="font-semibold">{texts.passwordUpdateFailed}</p>
            <p>{error}</p>
          </Alert>
        )}
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabel="Neues Passwort" />
        <Button type="submit" disabled={pending}>
          {pending ? "Wird gespeichert..." : "Passwort speichern"}
        </Button>
      </Form>
    </AuthShell>
  );
}

function ResetSuccess() {
  return (
    <AuthShell title={texts.passwordChanged}>
      <div className="flex flex-col gap-4 text-sm">
        <p className="flex items-center gap-2">
          <Icon name="circle-check" className="size-5 text-green-700" />
          Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.
        </p>
        <Button asChild>
          <Link to={paths.auth}>Zur Anmeldung</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Zur Startseite</Link>
        </Button>
      </div>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Passwort zurücksetzen", path: "/reset-password", noindex: true });
