/**
 * The sign-up form's guard against scripts (decision 0031), the half the form
 * and the admin panel share with the server (app/server/accounts/sign-up-guard.server.ts).
 */

/** The fields the form sends besides the person's details. */
export const signUpGuardFields = {
  /** The signed time the form was handed out. */
  stamp: "formStamp",
  /** Hidden from people; a script that fills every field fills it. */
  honeypot: "website",
  /** The solved proof-of-work challenge (altcha's payload), only with JavaScript. */
  proof: "altcha",
} as const;

/** Sooner than this after the form was handed out, nobody has typed a name, an address and a password twice. */
export const MIN_FILL_SECONDS = 3;

/** What the admin's approval list says about a sign-up that looked automated (db/schema/moderation.ts `signUpSignals`). */
export const signUpSignalLabels = {
  "no-proof": "ohne Spamschutz-Rechenaufgabe gesendet (kein JavaScript oder ein Skript)",
  "too-fast": `in weniger als ${MIN_FILL_SECONDS} Sekunden ausgefüllt`,
} as const;
export type SignUpSignalName = keyof typeof signUpSignalLabels;

/** "Ohne Spamschutz-Rechenaufgabe gesendet (…), in weniger als 3 Sekunden ausgefüllt" */
export function signUpSignalsText(signals: readonly SignUpSignalName[]): string {
  const text = signals.map((signal) => signUpSignalLabels[signal]).join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
