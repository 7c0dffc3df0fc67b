import { z } from "zod";
import { berlinDate, endOfBerlinDay } from "../berlin-time";

/** Why a member is suspended or silenced: shown to them, so it is said in a sentence, not an essay. */
export const RESTRICTION_REASON_MAX_LENGTH = 500;

export const restrictionTexts = {
  kindMissing: "Bitte wählen Sie: sperren oder stummschalten.",
  durationMissing: "Bitte wählen Sie ein Enddatum oder „Unbefristet“.",
  dateMissing: "Bitte geben Sie an, bis wann (oder wählen Sie „Unbefristet“).",
  dateInvalid: "Bitte geben Sie ein gültiges Datum an.",
  dateNotFuture: "Das Enddatum muss nach dem heutigen Tag liegen.",
  reasonMissing: "Bitte geben Sie einen Grund an. Das Mitglied liest ihn.",
  reasonTooLong: `Bitte fassen Sie den Grund kürzer (höchstens ${RESTRICTION_REASON_MAX_LENGTH} Zeichen).`,
} as const;

/** What the restriction form shows again after a refusal (without JavaScript the page is rendered anew). */
export interface RestrictionFormState {
  /** Per field; "" for the form as a whole. */
  errors: Record<string, string[]>;
  values: { kind?: string; duration?: string; until?: string; reason?: string };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * The profile's restriction form for staff: suspend or silence, until the end of a day or until an administrator
 * lifts it, with a reason the member reads. "After today" is judged by the clock at the time of checking.
 */
export const restrictionSchema = z
  .object({
    kind: z.enum(["suspend", "silence"], { error: restrictionTexts.kindMissing }),
    duration: z.enum(["until", "indefinite"], { error: restrictionTexts.durationMissing }),
    until: z.string().trim().optional(),
    reason: z
      .string({ error: restrictionTexts.reasonMissing })
      .trim()
      .min(1, { error: restrictionTexts.reasonMissing })
      .max(RESTRICTION_REASON_MAX_LENGTH, { error: restrictionTexts.reasonTooLong }),
  })
  .superRefine((value, context) => {
    if (value.duration !== "until") return;
    if (!value.until) context.addIssue({ code: "custom", path: ["until"], message: restrictionTexts.dateMissing });
    else if (!isRealDate(value.until)) context.addIssue({ code: "custom", path: ["until"], message: restrictionTexts.dateInvalid });
    else if (value.until <= berlinDate(new Date()))
      context.addIssue({ code: "custom", path: ["until"], message: restrictionTexts.dateNotFuture });
  })
  .transform(({ kind, duration, until, reason }) => ({
    kind,
    until: duration === "until" && until ? endOfBerlinDay(until) : null,
    reason,
  }));
