import { z } from "zod";

/**
 * The operator's settings (decision 0049): the company data the Impressum shows, the forum's name and tagline, and
 * the legal texts as Markdown. One schema for the admin form, the service and every stored version.
 */

export const MAX_SETTINGS_LINE = 200;
export const MAX_LEGAL_TEXT = 60_000;
/** Offices the form offers: the registered office and up to two more. */
export const OFFICE_SLOTS = 3;

const line = (required: string, max = MAX_SETTINGS_LINE) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((value) => !/[\r\n]/.test(value), "Bitte ohne Zeilenumbruch.");

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(MAX_SETTINGS_LINE, `Höchstens ${MAX_SETTINGS_LINE} Zeichen.`)
    .pipe(z.email("Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. kontakt@agentur.de."));

const markdown = (required: string) =>
  z
    .string({ error: required })
    .transform((text) => text.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, required)
        .max(MAX_LEGAL_TEXT, `Höchstens ${MAX_LEGAL_TEXT.toLocaleString("de-DE")} Zeichen.`),
    );

/** A German VAT id: DE and nine digits, spaces allowed; kept as "DE 123 456 789". */
const vatId = z
  .string({ error: "Bitte geben Sie die Umsatzsteuer-ID ein." })
  .transform((value) => value.replace(/\s+/g, "").toUpperCase())
  .refine((value) => value.length > 0, "Bitte geben Sie die Umsatzsteuer-ID ein.")
  .refine(
    (value) => value.length === 0 || /^DE\d{9}$/.test(value),
    "Die Umsatzsteuer-ID besteht aus DE und neun Ziffern, z. B. DE 123 456 789.",
  )
  .transform((value) => `DE ${value.slice(2, 5)} ${value.slice(5, 8)} ${value.slice(8, 11)}`);

const phone = z
  .string({ error: "Bitte geben Sie eine Telefonnummer ein." })
  .trim()
  .min(1, "Bitte geben Sie eine Telefonnummer ein.")
  .max(40, "Höchstens 40 Zeichen.")
  .regex(/^\+?[0-9][0-9 ()/-]{4,}$/, "Bitte geben Sie eine Telefonnummer aus Ziffern ein, z. B. +49 30 1234567-0.");

const office = z.object({
  label: line("Bitte geben Sie eine Bezeichnung ein, z. B. Hauptsitz Berlin.", 80),
  street: line("Bitte geben Sie Straße und Hausnummer ein.", 120),
  postalCode: z
    .string({ error: "Bitte geben Sie die Postleitzahl ein." })
    .trim()
    .regex(/^\d{5}$/, "Die Postleitzahl hat fünf Ziffern."),
  city: line("Bitte geben Sie den Ort ein.", 80),
});
export type Office = z.infer<typeof office>;

/** An office slot the form left empty is no office; a half-filled one is checked field by field, in its own slot. */
const isEmptySlot = (entry: unknown) =>
  !entry || typeof entry !== "object" || !Object.values(entry as Record<string, unknown>).some((field) => String(field ?? "").trim());
const officeSlot = z
  .object({ label: z.string().optional(), street: z.string().optional(), postalCode: z.string().optional(), city: z.string().optional() })
  .nullish();
const offices = z
  .array(officeSlot, { error: "Bitte geben Sie mindestens den Sitz des Unternehmens an." })
  .max(OFFICE_SLOTS, `Höchstens ${OFFICE_SLOTS} Standorte.`)
  .superRefine((slots, context) => {
    slots.forEach((slot, index) => {
      if (isEmptySlot(slot)) return;
      const parsed = office.safeParse(slot);
      if (!parsed.success)
        for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message, path: [index, ...issue.path] });
    });
    if (slots.every(isEmptySlot)) context.addIssue({ code: "custom", message: "Bitte geben Sie mindestens den Sitz des Unternehmens an." });
  })
  .transform((slots) => slots.filter((slot) => !isEmptySlot(slot)).map((slot) => office.parse(slot)));

export const siteSettingsSchema = z.object({
  forumName: line("Bitte geben Sie den Namen des Forums ein.", 60),
  tagline: line("Bitte geben Sie einen Untertitel ein.", 120),
  company: line("Bitte geben Sie den Namen des Unternehmens ein."),
  offices,
  representatives: line("Bitte geben Sie an, wer das Unternehmen vertritt."),
  email: email("Bitte geben Sie eine E-Mail-Adresse für den Kontakt ein."),
  phone,
  register: line("Bitte geben Sie Registergericht und Nummer ein, z. B. Amtsgericht Berlin-Charlottenburg, HRB 214587 B."),
  vatId,
  contentResponsible: line("Bitte geben Sie an, wer für den Inhalt verantwortlich ist (Name und Anschrift)."),
  dsaEmail: email("Bitte geben Sie die E-Mail-Adresse der Kontaktstelle nach dem DSA ein."),
  dsaLanguages: line("Bitte geben Sie die Sprachen der Kontaktstelle an, z. B. Deutsch und Englisch.", 80),
  imprintText: markdown("Bitte geben Sie den freien Teil des Impressums ein."),
  termsText: markdown("Bitte geben Sie den Text der AGB ein."),
  privacyText: markdown("Bitte geben Sie den Text der Datenschutzerklärung ein."),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** The form: the settings, the version it was opened on (two administrators editing at once), and what to do. */
export const siteSettingsFormSchema = siteSettingsSchema.extend({
  baseVersion: z.coerce.number({ error: "Unbekannte Fassung." }).int().min(0),
  intent: z.enum(["save", "preview"], { error: "Unbekannte Aktion." }),
});

/** What every page shows of the settings: the forum's name and tagline (header, titles), the company (footer). */
export interface SiteIdentity {
  name: string;
  tagline: string;
  company: string;
}

/** Each field's name in German, in the form's order: the version list says what changed with these. */
export const siteSettingsLabels: Record<keyof SiteSettings, string> = {
  forumName: "Name des Forums",
  tagline: "Untertitel",
  company: "Unternehmen",
  offices: "Standorte",
  representatives: "Vertreten durch",
  email: "E-Mail",
  phone: "Telefon",
  register: "Registereintrag",
  vatId: "Umsatzsteuer-ID",
  contentResponsible: "Verantwortlich für den Inhalt",
  dsaEmail: "DSA-Kontaktstelle (E-Mail)",
  dsaLanguages: "DSA-Kontaktstelle (Sprachen)",
  imprintText: "Impressum (freier Teil)",
  termsText: "AGB",
  privacyText: "Datenschutzerklärung",
};

/** The legal texts, which the form edits as Markdown with a preview. */
export const legalTextFields = ["imprintText", "termsText", "privacyText"] as const;
export type LegalTextField = (typeof legalTextFields)[number];

/** Placeholders a legal text may use; the page shows the current value. */
export const legalTextPlaceholders = { "{{Forum}}": "forumName", "{{Betreiber}}": "company" } as const satisfies Record<
  string,
  keyof SiteSettings
>;
