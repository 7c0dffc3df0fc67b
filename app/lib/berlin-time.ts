/**
 * The forum's wall clock: its readers are in Germany, so a date a member types ("bis 12.03.2027", "am
 * 01.12.2026 um 09:30") means Berlin's, summer or winter time. Shared by server and browser.
 */
export const TIME_ZONE = "Europe/Berlin";

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** Berlin's offset from UTC at a moment, in milliseconds (summer or winter time). */
export function berlinOffset(at: number): number {
  const parts = wallClock.formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) - Math.floor(at / 1000) * 1000
  );
}

/** Berlin's calendar date at a moment, as YYYY-MM-DD. */
export function berlinDate(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The day after a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** The last second of a YYYY-MM-DD day in Berlin (shown as "bis 12.03.2027, 23:59"). */
export function endOfBerlinDay(date: string): Date {
  const [year, month, day] = nextDay(date).split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  return new Date(utcMidnight - berlinOffset(utcMidnight) - 1000);
}

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/**
 * A date input's "2026-12-01T09:30" as Berlin's wall clock means, or null for no such moment. The offset is
 * taken at the moment itself, so summer time is right.
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

/** A moment as a date input shows it in Berlin ("2026-12-01T09:30"). */
export function berlinInputValue(at: Date | string): string {
  const moment = new Date(at).getTime();
  return new Date(moment + berlinOffset(moment)).toISOString().slice(0, 16);
}

/** A calendar month as URLs and reports write it: "2026-03". */
export const CALENDAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isCalendarMonth(value: string): boolean {
  return CALENDAR_MONTH.test(value);
}

/** The month after a "2026-03" month: "2026-04" (and "2027-01" after "2026-12"). */
export function monthAfter(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

/** The first moment of a "2026-03" month in Berlin (summer or winter time as it was then). */
export function startOfBerlinMonth(month: string): Date {
  return berlinDateTime(`${month}-01T00:00`)!;
}
