/** The demo's dates are written as "so many days or hours before now". */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
