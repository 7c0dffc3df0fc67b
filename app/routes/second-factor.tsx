import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paths } from "~/lib/paths";
import { clientErrorMessage } from "~/lib/route-errors";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { secondFactorCodeSchema, secondFactorPasswordSchema } from "~/lib/schemas/second-factor";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import {
  authRateRules,
  awaitsSecondFactor,
  checkRateLimits,
  confirmApp,
  pendingAppKey,
  requireUser,
  secondFactorState,
  startApp,
} from "~/server/accounts";
import { fail } from "~/server/platform";
import { dispatch, forwardCookies, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/second-factor";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const [state, pendingKey] = await Promise.all([secondFactorState(viewer.id), pendingAppKey(viewer)]);
  return {
    state,
    pendingKey,
    // Administrators and moderators cannot use their powers without one (decision 0050).
    required: awaitsSecondFactor(viewer, "review"),
    hasFactor: viewer.secondFactor,
  };
}

/** Step one (the password once more) and step two (the first code from the app). */
const setupSchema = z.discriminatedUnion("intent", [
  secondFactorPasswordSchema.extend({ intent: z.literal("start") }),
  secondFactorCodeSchema.extend({ intent: z.literal("confirm") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: setupSchema });
  const intent = submission.payload.intent === "confirm" ? "confirm" : "start";
  const limit = await checkRateLimits([[authRateRules.secondFactorSetupPerMember, viewer.id]]);
  if (!limit.allowed)
    return refuse(
      { ...fail("too-many-requests", texts.tooManyRequests), retryAfter: limit.retryAfter },
      { failed: null, page: ({ message }) => ({ intent, error: message }) },
    );
  if (submission.status !== "success")
    return refuse(fail("invalid"), { failed: null, page: () => ({ intent, result: submission.reply({ hideFields: ["password"] }) }) });
  const page = ({ message }: { message: string | undefined }) => ({
    intent,
    error: message,
    result: submission.reply({ hideFields: ["password"], resetForm: intent === "confirm" }),
  });
  return dispatch(submission.value, {
    start: (input) =>
      respond(startApp(request, context.clientIp, input.password), {
        failed: null,
        fallback: { unexpected: texts.unexpectedError },
        page,
        context: { action: "second factor setup" },
        // Shown this once: the page's next load knows only their hashes.
        success: (started) => ({ intent, started }),
      }),
    confirm: (input) =>
      respond(confirmApp(request, context.clientIp, input.code), {
        failed: null,
        fallback: { unexpected: texts.unexpectedError },
        page,
        context: { action: "second factor confirm" },
        success: ({ setCookie }) =>
          redirectWithToast(
            safeRedirectTarget(input.redirectTo ?? null, paths.secondFactor),
            {
              type: "success",
              title: "Zweiter Faktor eingerichtet",
              description: "Ab jetzt fragt die Anmeldung nach dem Code aus Ihrer App.",
            },
            forwardCookies(setCookie),
          ),
      }),
  });
}

export default function SecondFactorRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { state, required, hasFactor } = loaderData;
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectTarget(searchParams.get("redirectTo"), paths.secondFactor);
  const started = actionData && "started" in actionData ? actionData.started : null;
  const key = started ?? loaderData.pendingKey;
  const error = actionData && "error" in actionData && typeof actionData.error === "string" ? actionData.error : undefined;

  return (
    <AuthShell
      title="Zweiter Faktor"
      description="Mit einem zweiten Faktor genügt Ihr Passwort allein nicht mehr: Bei der Anmeldung fragen wir zusätzlich nach einem Code aus Ihrer Authenticator-App oder nach Ihrem Passkey. Wer Ihr Passwort kennt, kommt so nicht in Ihr Konto."
    >
      <div className="flex flex-col gap-6 text-sm">
        {required && (
          <Alert>
            <AlertTitle>Für Administratoren und Moderatoren Pflicht</AlertTitle>
            <p>
              Ihr Konto kann Beiträge ausblenden und Mitglieder freischalten. Bevor Sie den Admin-Bereich oder die Moderation öffnen,
              richten Sie bitte eine Authenticator-App oder einen Passkey ein. Es dauert etwa zwei Minuten.
            </p>
          </Alert>
        )}
        {hasFactor && (
          <Alert variant="success">
            <AlertTitle>Ihr Konto ist mit einem zweiten Faktor geschützt</AlertTitle>
            <p>
              {state.app === "active" ? `Authenticator-App eingerichtet, ${state.recoveryCodesLeft} Wiederherstellungscodes übrig. ` : ""}
              {state.passkeys > 0 ? `${state.passkeys === 1 ? "Ein Passkey" : `${state.passkeys} Passkeys`} gespeichert.` : ""}
            </p>
          </Alert>
        )}
        {error && (
          <Alert variant="destructive">
            <p>{error}</p>
          </Alert>
        )}

        <section aria-labelledby="app-heading" className="flex flex-col gap-3">
          <h2 id="app-heading" className="text-lg font-semibold">
            Authenticator-App
          </h2>
          {state.app === "active" ? (
            <p>Eingerichtet. Verlieren Sie Ihr Gerät, melden Sie sich mit einem Wiederherstellungscode an.</p>
          ) : key ? (
            <>
              <ol className="list-decimal space-y-2 pl-5">
                <li>
                  Fügen Sie in Ihrer App (z. B. Google Authenticator, Microsoft Authenticator, 1Password) ein Konto hinzu und geben Sie
                  diesen Schlüssel ein, oder{" "}
                  <a href={key.uri} className="text-brand-700 underline">
                    öffnen Sie ihn direkt in der App
                  </a>
                  :
                  <code
                    data-testid="app-key"
                    className="mt-2 block rounded-md bg-muted p-3 font-mono text-base tracking-wider [overflow-wrap:anywhere]"
                  >
                    {key.key.replace(/(.{4})/g, "$1 ").trim()}
                  </code>
                </li>
                <li>Geben Sie den sechsstelligen Code ein, den die App dann anzeigt.</li>
              </ol>
              {started && <RecoveryCodes codes={started.recoveryCodes} />}
              <ConfirmForm
                redirectTo={redirectTo}
                lastResult={actionData?.intent === "confirm" && "result" in actionData ? actionData.result : undefined}
              />
            </>
          ) : (
            <StartForm lastResult={actionData?.intent === "start" && "result" in actionData ? actionData.result : undefined} />
          )}
        </section>

        <section aria-labelledby="passkey-heading" className="flex flex-col gap-3 border-t border-border pt-4">
          <h2 id="passkey-heading" className="text-lg font-semibold">
            Passkey
          </h2>
          <p>
            Ein Passkey liegt auf Ihrem Gerät (Fingerabdruck, Gesichtserkennung oder Geräte-PIN) und ersetzt bei der Anmeldung Passwort und
            Code.
          </p>
          <PasskeyButton ceremony="register" redirectTo={redirectTo} label="Passkey hinzufügen" />
        </section>

        <p className="text-muted-foreground">
          Zugang verloren? Ein anderer Administrator setzt Ihren zweiten Faktor im Admin-Bereich zurück; danach richten Sie einen neuen ein.{" "}
          <Link to={paths.home} className="text-brand-700 underline">
            Zur Startseite
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

function StartForm({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "second-factor-start",
    lastResult,
    constraint: getZodConstraint(secondFactorPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="start" />
      <Field
        id={fields.password.id}
        label="Ihr Passwort"
        errors={fields.password.errors}
        hint="Zur Sicherheit fragen wir es vor der Einrichtung noch einmal."
      >
        <Input {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} autoComplete="current-password" />
      </Field>
      <Button type="submit" disabled={navigation.state !== "idle"}>
        Einrichtung beginnen
      </Button>
    </Form>
  );
}

function ConfirmForm({ redirectTo, lastResult }: { redirectTo: string; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "second-factor-confirm",
    lastResult,
    constraint: getZodConstraint(secondFactorCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorCodeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field id={fields.code.id} label="Code aus der App" errors={fields.code.errors}>
        <Input {...getInputProps(fields.code, { type: "text" })} key={fields.code.key} autoComplete="one-time-code" inputMode="numeric" />
      </Field>
      <Button type="submit" disabled={navigation.state !== "idle"}>
        Code bestätigen
      </Button>
    </Form>
  );
}

/** Shown once, right after the start: afterwards only their hashes exist. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h3 className="font-semibold">Ihre Wiederherstellungscodes</h3>
      <p className="mt-1">
        Jeder Code ersetzt einmal den Code aus der App, falls Sie Ihr Gerät verlieren. Speichern oder drucken Sie sie jetzt: Wir zeigen sie
        nur dieses eine Mal.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AuthShell title={clientErrorMessage(error) ?? texts.unexpectedError}>
      <Link to={paths.home} className="text-brand-700 underline">
        Zur Startseite
      </Link>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Zweiter Faktor", path: paths.secondFactor, noindex: true });
