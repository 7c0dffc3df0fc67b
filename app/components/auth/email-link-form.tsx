import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { emailOnlySchema } from "~/lib/schemas/auth";

const copy = {
  "forgot-password": {
    intro: "Geben Sie Ihre E-Mail-Adresse ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen.",
    submit: "Link zum Zurücksetzen senden",
    pending: "Wird gesendet...",
    sent: "Falls ein Konto zu dieser Adresse besteht, haben wir Ihnen einen Link zum Zurücksetzen gesendet. Bitte prüfen Sie Ihr Postfach.",
  },
  "magic-link": {
    intro: "Wir senden Ihnen einen Anmeldelink per E-Mail – ganz ohne Passwort.",
    submit: "Magic Link senden",
    pending: "Wird gesendet...",
    sent: "Falls ein Konto zu dieser Adresse besteht, haben wir Ihnen einen Anmeldelink gesendet. Er ist 10 Minuten gültig.",
  },
} as const;

/** The two login modes that only ask for an e-mail address. */
export function EmailLinkForm({
  intent,
  lastResult,
  sent,
  error,
}: {
  intent: "forgot-password" | "magic-link";
  lastResult: SubmissionResult<string[]> | undefined;
  sent: boolean;
  error: string | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: intent,
    lastResult,
    constraint: getZodConstraint(emailOnlySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailOnlySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = copy[intent];

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{text.intro}</p>
      {sent && (
        <Alert variant="success">
          <p>{text.sent}</p>
        </Alert>
      )}
      {error && (
        <Alert variant="destructive">
          <p>{error}</p>
        </Alert>
      )}
      <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value={intent} />
        <Field id={fields.email.id} label="E-Mail" errors={fields.email.errors}>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            autoComplete="email"
            placeholder="name@beispiel.de"
          />
        </Field>
        <Button type="submit" disabled={pending}>
          {pending ? text.pending : text.submit}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/auth">Abbrechen</Link>
        </Button>
      </Form>
    </div>
  );
}
