import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signInSchema } from "~/lib/schemas/auth";
import { texts } from "~/lib/texts";

export function SignInForm({
  lastResult,
  loginError,
  redirectTo,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  loginError: string | undefined;
  redirectTo: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    constraint: getZodConstraint(signInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <div className="flex flex-col gap-4">
      {loginError && (
        <Alert variant="destructive">
          <AlertTitle>{texts.loginFailedTitle}</AlertTitle>
          <p>{loginError}</p>
        </Alert>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field id={fields.email.id} label="E-Mail" errors={fields.email.errors}>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            placeholder="name@beispiel.de"
          />
        </Field>
        <Field id={fields.password.id} label="Passwort" errors={fields.password.errors}>
          <Input {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} autoComplete="current-password" />
        </Field>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Link to="?mode=forgot-password" className="text-brand-700 hover:underline">
            Passwort vergessen?
          </Link>
          <Link to="?mode=magic-link" className="text-brand-700 hover:underline">
            Magic Link
          </Link>
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? "Wird angemeldet..." : "Anmelden"}
        </Button>
      </Form>
      {/* A passkey signs in alone: it is something one has, unlocked by something one is or knows (decision 0050). */}
      <PasskeyButton ceremony="sign-in" redirectTo={redirectTo} label="Mit Passkey anmelden" />
      {loginError && (
        <Form method="post" className="text-center">
          <input type="hidden" name="intent" value="reset-session" />
          <button type="submit" className="text-sm text-muted-foreground underline hover:text-foreground">
            Session zurücksetzen
          </button>
        </Form>
      )}
    </div>
  );
}
