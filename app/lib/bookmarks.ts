/**
 * What the bookmark forms need in the browser too (app/lib/schemas/bookmark.ts checks them on the server): the
 * note's length and the reminder choices; Berlin's wall clock for the date field is app/lib/berlin-time.ts.
 */

/** As db/schema/bookmarks.ts's BOOKMARK_NOTE_MAX_LENGTH (the browser bundle never imports the schema). */
export const BOOKMARK_NOTE_MAX_LENGTH = 500;

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
