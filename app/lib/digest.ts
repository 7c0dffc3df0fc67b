/**
 * The digest mail "Das Wichtigste aus der Community" (app/server/notifications/digest.server.ts): how often a
 * member may get it, as db/schema/accounts.ts stores it (kept apart: the browser bundle never imports the schema).
 */
export const DIGEST_TITLE = "Das Wichtigste aus der Community";

export const digestPeriodChoices = ["daily", "weekly", "biweekly", "never"] as const;
export type DigestPeriodChoice = (typeof digestPeriodChoices)[number];

export const digestPeriodLabels: Record<DigestPeriodChoice, string> = {
  daily: "Täglich",
  weekly: "Wöchentlich",
  biweekly: "Alle zwei Wochen",
  never: "Nie",
};

/** Days between two digests; "never" sends none. */
export const digestPeriodDays: Record<Exclude<DigestPeriodChoice, "never">, number> = { daily: 1, weekly: 7, biweekly: 14 };

/** "höchstens einmal pro Woche": the mail's footer. */
export const digestPeriodPhrases: Record<Exclude<DigestPeriodChoice, "never">, string> = {
  daily: "höchstens einmal am Tag",
  weekly: "höchstens einmal pro Woche",
  biweekly: "höchstens alle zwei Wochen",
};

/** The select on the profile's notification card: where the mail's settings link points. */
export const DIGEST_SETTING_ID = "zusammenfassung";
