import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NewPasswordFields } from "./new-password-fields";
import { signUpCheckboxes, withUncheckedBoxes } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { paths } from "~/lib/paths";
import { signUpSchema } from "~/lib/schemas/auth";
import { signUpGuardFields } from "~/lib/sign-up-guard";

const ProofOfWork = lazy(() => import("./proof-of-work"));

export function SignUpForm({
  lastResult,
  error,
  stamp,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  error: string | undefined;
  /** When the form was handed out, signed by the server (decision 0031). */
  stamp: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-up";
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    constraint: getZodConstraint(signUpSchema),
    onValidate: ({ formData }) => parseWithZod(withUncheckedBoxes(formData, signUpCheckboxes), { schema: signUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { newsletter: "on" },
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name={signUpGuardFields.stamp} value={stamp} />
      {/* The honeypot: people neither see nor reach it, screen readers skip it; a script that fills every field fills it. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="sign-up-website">Website (bitte leer lassen)</label>
        <input id="sign-up-website" type="text" name={signUpGuardFields.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p className="text-sm text-muted-foreground">
        Werden Sie Teil von über 2.900 Marketing-Expertinnen und -Experten. Neue Konten werden von einem Administrator freigeschaltet.
      </p>
      {error && (
        <Alert variant="destructive">
          <p>{error}</p>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.firstName.id} label="Vorname" errors={fields.firstName.errors}>
          <Input {...getInputProps(fields.firstName, { type: "text" })} key={fields.firstName.key} autoComplete="given-name" />
        </Field>
        <Field id={fields.lastName.id} label="Nachname" errors={fields.lastName.errors}>
          <Input {...getInputProps(fields.lastName, { type: "text" })} key={fields.lastName.key} autoComplete="family-name" />
        </Field>
      </div>
      <Field id={fields.email.id} label="E-Mail" errors={fields.email.errors}>
        <Input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          placeholder="name@beispiel.de"
        />
      </Field>
      <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabel="Passwort" />
      <div className="flex items-start gap-2">
        <input
          {...getInputProps(fields.newsletter, { type: "checkbox" })}
          key={fields.newsletter.key}
          className="mt-1 size-4 accent-brand-700"
        />
        <label htmlFor={fields.newsletter.id} className="text-sm">
          Ich möchte den Newsletter mit Neuigkeiten aus der Community erhalten.
        </label>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-start gap-2">
          <input {...getInputProps(fields.terms, { type: "checkbox" })} key={fields.terms.key} className="mt-1 size-4 accent-brand-700" />
          <label htmlFor={fields.terms.id} className="text-sm">
            Ich akzeptiere die{" "}
            <Link to={paths.agb} target="_blank" className="text-brand-700 underline">
              Nutzungsbedingungen
            </Link>{" "}
            und habe die{" "}
            <Link to={paths.datenschutz} target="_blank" className="text-brand-700 underline">
              Datenschutzerklärung
            </Link>{" "}
            gelesen.
          </label>
        </div>
        {fields.terms.errors?.length ? (
          <p id={`${fields.terms.id}-error`} className="text-sm text-destructive">
            {fields.terms.errors[0]}
          </p>
        ) : null}
      </div>
      {hydrated && (
        <Suspense fallback={null}>
          <ProofOfWork />
        </Suspense>
      )}
      <Button type="submit" disabled={pending}>
        {pending ? "Wird registriert..." : "Registrieren"}
      </Button>
    </Form>
  );
}
