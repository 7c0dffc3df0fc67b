import { z } from "zod";

/** Why a member is suspended or silenced: shown to them, so it is said in a sentence, not an essay. */
export const RESTRICTION_REASON_MAX_LENGTH = 500;

const TIME_ZONE = "Europe/Berlin";

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

/** Today in Berlin as YYYY-MM-DD: the date input's lowest value is tomorrow, however late the server's clock. */
export function berlinDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * "Bis zum 12.03.2027" means the whole of that day in Berlin: the restriction ends with its last second there
 * (shown as "bis 12.03.2027, 23:59"). The offset is Berlin's at that moment (summer or winter time).
 */
export function endOfBerlinDay(date: string): Date {
  const [year, month, day] = nextDay(date).split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const berlinParts = new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(berlinParts.find((p) => p.type === type)?.value);
  const berlinAsUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(utcMidnight - (berlinAsUtc - utcMidnight) - 1000);
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
