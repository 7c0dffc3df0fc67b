import { z } from "zod";
import { REPORT_NOTE_MAX_LENGTH, reportReasonLabels, type ReportReasonName } from "../moderation";

const reasons = Object.keys(reportReasonLabels) as [ReportReasonName, ...ReportReasonName[]];

/** The report form's fields ("Melden"): a reason, and a note of at most 500 characters. */
export const reportFields = {
  reason: z.enum(reasons, { error: "Bitte wählen Sie einen Grund." }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, { error: `Bitte fassen Sie sich kürzer (höchstens ${REPORT_NOTE_MAX_LENGTH} Zeichen).` })
    .optional(),
};

/** "Sonstiges" says what is wrong: the rule across both fields, for the form's schema to check (superRefine). */
export function reportNoteMissing(value: { reason: ReportReasonName; note?: string | undefined }): string | null {
  return value.reason === "other" && !value.note ? "Bitte beschreiben Sie kurz, was an dem Beitrag nicht stimmt." : null;
}
