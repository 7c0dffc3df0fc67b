/** The demo's dates are written as "so many days or hours before now". */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Plausible view counts: older and busier threads were read more often. */
export function estimateViews(replies: number, ageMs: number): number {
  const days = ageMs / DAY;
  return Math.round(12 + replies * 23 + Math.sqrt(Math.max(days, 0)) * 17);
}
