/**
 * What the bookmark forms need in the browser too (app/lib/schemas/bookmark.ts checks them on the server): the
 * note's length, the reminder choices, and Berlin's wall clock for the date field.
 */

/** As db/schema.ts's BOOKMARK_NOTE_MAX_LENGTH (the browser bundle never imports the schema). */
export const BOOKMARK_NOTE_MAX_LENGTH = 500;

const TIME_ZONE = "Europe/Berlin";

/** The reminder choices of the bookmark form: none, a few days from now, or a date and time of the member's own. */
export const reminderChoices = {
  none: "Keine Erinnerung",
  "1": "Morgen",
  "3": "In 3 Tagen",
  "7": "In einer Woche",
  custom: "Am …",
} as const;
export type ReminderChoice = keyof typeof reminderChoices;
/** The choices in the form's order (an object puts its number-like keys first). */
export const reminderOrder: readonly ReminderChoice[] = ["none", "1", "3", "7", "custom"];

/** A reminder further ahead than this is a typo (the year), not a plan. */
export const LATEST_REMINDER_DAYS = 2 * 365;

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** Berlin's offset from UTC at a moment, in milliseconds (summer or winter time). */
function berlinOffset(at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) - Math.floor(at / 1000) * 1000
  );
}

/**
 * A date input's "2026-12-01T09:30" as Berlin's wall clock means (the forum's readers are in Germany), or null
 * for no such moment. The offset is taken at the moment itself, so summer time is right.
 */
export function berlinDateTime(value: string): Date | null {
  const match = localDateTime.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day || hour! > 23 || minute! > 59)
    return null;
  const guess = asUtc - berlinOffset(asUtc);
  return new Date(asUtc - berlinOffset(guess));
}

/** A moment as the date input shows it in Berlin ("2026-12-01T09:30"). */
export function berlinInputValue(at: Date | string): string {
  const moment = new Date(at).getTime();
  return new Date(moment + berlinOffset(moment)).toISOString().slice(0, 16);
}
