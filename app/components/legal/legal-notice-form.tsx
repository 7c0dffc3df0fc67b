import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { NOTICE_EXPLANATION_MAX_LENGTH, noticeGroundLabels, noticeGrounds } from "~/lib/legal";
import { paths } from "~/lib/paths";
import { legalNoticeSchema } from "~/lib/schemas/legal";

/** The notice form (DSA Art. 16(2), decision 0048): the same fields with and without JavaScript. */
export function LegalNoticeForm({
  defaults,
  lastResult,
}: {
  defaults: { location: string; name: string; email: string };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [form, fields] = useForm<z.input<typeof legalNoticeSchema>>({
    id: "legal-notice",
    lastResult,
    constraint: getZodConstraint(legalNoticeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: legalNoticeSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: defaults,
  });
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Rechtswidrigen Inhalt melden</h1>
        <p className="text-muted-foreground">
          Halten Sie einen Beitrag in diesem Forum für rechtswidrig, melden Sie ihn hier, auch ohne Konto. Wir prüfen jede Meldung zügig und
          teilen Ihnen die Entscheidung mit Begründung per E-Mail mit. Verstöße gegen die Forenregeln (Spam, Off-Topic) melden Mitglieder
          einfacher über „Melden“ unter dem Beitrag.
        </p>
      </header>
      <Card>
        <CardHeader className="sr-only">
          <h2>Ihre Meldung</h2>
        </CardHeader>
        <CardContent className="pt-6">
          <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-5">
            {form.errors?.length ? <Alert variant="destructive">{form.errors[0]}</Alert> : null}
            <Field
              id={fields.location.id}
              label="Adresse des Inhalts"
              errors={fields.location.errors}
              hint="Die Adresse (URL) des Beitrags, z. B. aus der Adresszeile Ihres Browsers."
            >
              <Input {...getInputProps(fields.location, { type: "text" })} key={fields.location.key} inputMode="url" autoComplete="off" />
            </Field>
            <Field id={fields.ground.id} label="Welches Recht verletzt der Inhalt?" errors={fields.ground.errors}>
              <Select {...getSelectProps(fields.ground)} key={fields.ground.key}>
                <option value="">Bitte wählen</option>
                {noticeGrounds.map((ground) => (
                  <option key={ground} value={ground}>
                    {noticeGroundLabels[ground]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              id={fields.explanation.id}
              label="Warum ist der Inhalt rechtswidrig?"
              errors={fields.explanation.errors}
              hint={`Bitte so genau, dass wir es ohne weitere Prüfung nachvollziehen können; bei Urheber- oder Markenrecht: wessen Recht, und woran. Höchstens ${NOTICE_EXPLANATION_MAX_LENGTH} Zeichen.`}
            >
              <Textarea {...getTextareaProps(fields.explanation)} key={fields.explanation.key} rows={6} />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id={fields.name.id} label="Ihr Name" errors={fields.name.errors}>
                <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" />
              </Field>
              <Field
                id={fields.email.id}
                label="Ihre E-Mail-Adresse"
                errors={fields.email.errors}
                hint="Sie erhalten einen Link zur Bestätigung; erst dann zählt die Meldung."
              >
                <Input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" />
              </Field>
            </div>
            <div className="flex flex-col gap-1.5">
              <label className="flex items-start gap-3 text-sm">
                <input
                  {...getInputProps(fields.goodFaith, { type: "checkbox" })}
                  key={fields.goodFaith.key}
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                />
                <span>
                  Ich bin in gutem Glauben davon überzeugt, dass die Angaben und Erklärungen in dieser Meldung richtig und vollständig sind.
                </span>
              </label>
              {fields.goodFaith.errors?.length ? (
                <p id={`${fields.goodFaith.id}-error`} className="text-sm text-destructive">
                  {fields.goodFaith.errors[0]}
                </p>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground">
              Wir verwenden Ihren Namen und Ihre E-Mail-Adresse nur für diese Meldung und löschen sie sechs Monate nach der Entscheidung (
              <Link to={paths.datenschutz} className="underline underline-offset-2">
                Datenschutz
              </Link>
              ). Die Verfasserin oder der Verfasser des Beitrags erfährt Ihren Namen nicht.
            </p>
            <div>
              <Button type="submit" disabled={pending}>
                {pending ? "Wird gesendet..." : "Meldung senden"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

/** After sending: confirm the address by the mailed link (or, for a member's own address, nothing more to do). */
export function NoticeSent({ confirmed, email }: { confirmed: boolean; email: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">{confirmed ? "Meldung eingegangen" : "Bitte bestätigen Sie Ihre Meldung"}</h1>
      <p role="status" data-testid="notice-sent" className="[overflow-wrap:anywhere]">
        {confirmed
          ? "Danke. Ihre Meldung ist eingegangen; die Eingangsbestätigung ist per E-Mail unterwegs. Über die Entscheidung informieren wir Sie mit Begründung."
          : `Danke. Wir haben Ihnen einen Link an ${email} gesendet. Bitte bestätigen Sie damit Ihre E-Mail-Adresse; erst dann wird Ihre Meldung geprüft. Der Link ist 7 Tage gültig.`}
      </p>
      <p>
        <Link to={paths.home} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Zur Startseite
        </Link>
      </p>
    </div>
  );
}
