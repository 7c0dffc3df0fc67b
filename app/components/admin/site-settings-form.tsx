import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  OFFICE_SLOTS,
  siteSettingsFormSchema,
  siteSettingsLabels,
  type LegalTextField,
  type Office,
  type SiteSettings,
} from "~/lib/schemas/settings";

const previewSchema = z.object({ intent: z.literal("preview") }).loose();

const validate = (formData: FormData) => parseWithZod(formData, { schema: siteSettingsFormSchema });

export type LegalPreview = Record<LegalTextField, string>;

const legalTexts: Array<{ field: LegalTextField; hint: string }> = [
  { field: "imprintText", hint: "Steht im Impressum unter den Angaben zum Unternehmen und der Kontaktstelle." },
  {
    field: "termsText",
    hint: "Die Überschrift „§ 3 Verhalten der Nutzer {#verhalten}“ ist das Ziel der Links aus jeder Begründung: Behalten Sie {#verhalten}.",
  },
  { field: "privacyText", hint: "Die Überschrift mit {#cookies} ist das Ziel des Links „Cookie-Einstellungen“ am Ende jeder Seite." },
];

/**
 * The operator's settings (decision 0049): one form, also without JavaScript. "Vorschau" posts the same form with
 * intent=preview and shows the legal texts as the pages will, without saving.
 */
export function SiteSettingsForm({
  settings,
  version,
  lastResult,
  preview,
}: {
  settings: SiteSettings;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  preview: LegalPreview | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const pending = busy !== null && busy !== undefined;
  const offices: Array<Partial<Office>> = [...settings.offices, ...Array.from({ length: OFFICE_SLOTS }, () => ({}))].slice(0, OFFICE_SLOTS);
  const [form, fields] = useForm<z.input<typeof siteSettingsFormSchema>>({
    id: "site-settings",
    lastResult,
    constraint: getZodConstraint(siteSettingsFormSchema),
    // A preview shows the texts as they are, whatever the other fields hold; only a save is checked.
    onValidate: ({ formData }) =>
      formData.get("intent") === "preview"
        ? (parseWithZod(formData, { schema: previewSchema }) as unknown as ReturnType<typeof validate>)
        : validate(formData),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { ...settings, offices, baseVersion: String(version) },
  });
  const officeFields = fields.offices.getFieldList();
  const line = (
    name: Exclude<keyof SiteSettings, "offices" | LegalTextField>,
    props: { type?: "text" | "email" | "tel"; hint?: ReactNode; autoComplete?: string } = {},
  ) => {
    const meta = fields[name];
    return (
      <Field id={meta.id} label={siteSettingsLabels[name]} errors={meta.errors} hint={props.hint}>
        <Input {...getInputProps(meta, { type: props.type ?? "text" })} key={meta.key} autoComplete={props.autoComplete ?? "off"} />
      </Field>
    );
  };
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-6">
      {/* Plain: Conform's props would mark a hidden field required, which HTML does not allow. */}
      <input type="hidden" name={fields.baseVersion.name} value={version} />
      {form.errors?.length ? (
        <Alert variant="destructive" role="alert">
          {form.errors[0]}
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>Forum</CardTitle>
          <CardDescription>Steht im Kopf und Fuß jeder Seite, im Titel des Browser-Tabs, in Feeds und E-Mails.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {line("forumName")}
          {line("tagline")}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Unternehmen</CardTitle>
          <CardDescription>Die Angaben nach § 5 DDG, wie das Impressum sie zeigt.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {line("company", { autoComplete: "organization" })}
          {line("representatives", { hint: "Die Geschäftsführung, z. B. Katharina Berger, Daniel Wolff." })}
          {line("register")}
          {line("vatId", { hint: "DE und neun Ziffern, z. B. DE 123 456 789." })}
          {line("email", { type: "email" })}
          {line("phone", { type: "tel" })}
          <div className="sm:col-span-2">{line("contentResponsible", { hint: "Name und Anschrift, nach § 18 Abs. 2 MStV." })}</div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Standorte</CardTitle>
          <CardDescription>Der Sitz des Unternehmens und bis zu zwei weitere Büros; leere Standorte entfallen.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {fields.offices.errors?.length ? <p className="text-sm text-destructive">{fields.offices.errors[0]}</p> : null}
          {officeFields.map((slot, index) => {
            const office = slot.getFieldset();
            return (
              <fieldset key={slot.key} className="grid min-w-0 gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold">{index === 0 ? "Sitz" : `Weiterer Standort ${index}`}</legend>
                <Field id={office.label.id} label="Bezeichnung" errors={office.label.errors}>
                  <Input {...getInputProps(office.label, { type: "text" })} key={office.label.key} autoComplete="off" />
                </Field>
                <Field id={office.street.id} label="Straße und Hausnummer" errors={office.street.errors}>
                  <Input {...getInputProps(office.street, { type: "text" })} key={office.street.key} autoComplete="off" />
                </Field>
                <Field id={office.postalCode.id} label="Postleitzahl" errors={office.postalCode.errors}>
                  <Input
                    {...getInputProps(office.postalCode, { type: "text" })}
                    key={office.postalCode.key}
                    inputMode="numeric"
                    autoComplete="off"
                  />
                </Field>
                <Field id={office.city.id} label="Ort" errors={office.city.errors}>
                  <Input {...getInputProps(office.city, { type: "text" })} key={office.city.key} autoComplete="off" />
                </Field>
              </fieldset>
            );
          })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Kontaktstelle nach dem Digital Services Act</CardTitle>
          <CardDescription>
            Für Behörden, die Kommission und Nutzerinnen und Nutzer (Art. 11 und 12 DSA); das Impressum nennt sie.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          {line("dsaEmail", { type: "email" })}
          {line("dsaLanguages", { hint: "In welchen Sprachen die Kontaktstelle antwortet." })}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Rechtstexte</CardTitle>
          <CardDescription>
            In Markdown: „## Überschrift“, „**fett**“, „- Aufzählung“, „[Text](/pfad)“, Tabellen mit „|“. Eine Überschrift bekommt mit „
            {"{#name}"}“ am Ende einen festen Anker. {"{{Forum}}"} und {"{{Betreiber}}"} stehen für den Namen des Forums und das
            Unternehmen. HTML wird als Text gezeigt.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {legalTexts.map(({ field, hint }) => (
            <div key={field} className="flex flex-col gap-3">
              <Field id={fields[field].id} label={siteSettingsLabels[field]} errors={fields[field].errors} hint={hint}>
                <Textarea {...getTextareaProps(fields[field])} key={fields[field].key} rows={12} className="font-mono text-xs sm:text-sm" />
              </Field>
              {preview ? (
                <section
                  aria-label={`Vorschau: ${siteSettingsLabels[field]}`}
                  className="rounded-md border border-dashed border-border p-4"
                  data-testid={`preview-${field}`}
                >
                  <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Vorschau</p>
                  <div className="prose-forum min-w-0 [overflow-wrap:anywhere]" dangerouslySetInnerHTML={{ __html: preview[field] }} />
                </section>
              ) : null}
            </div>
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" disabled={pending}>
          {busy === "save" ? "Wird gespeichert..." : "Speichern"}
        </Button>
        <Button type="submit" name="intent" value="preview" variant="outline" disabled={pending}>
          {busy === "preview" ? "Vorschau wird erstellt..." : "Vorschau der Rechtstexte"}
        </Button>
      </div>
    </Form>
  );
}
