import { z } from "zod";

/** Shared by the forms (client-side validation) and the actions (the real check). */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
const NAME_MAX = 60;

const email = z
  .string({ error: "Bitte geben Sie Ihre E-Mail-Adresse ein." })
  .trim()
  .min(1, "Bitte geben Sie Ihre E-Mail-Adresse ein.")
  .max(254, "Die E-Mail-Adresse ist zu lang.")
  .pipe(z.email("Bitte geben Sie eine gültige E-Mail-Adresse ein."))
  .transform((value) => value.toLowerCase());

const requiredPassword = z
  .string({ error: "Bitte geben Sie Ihr Passwort ein." })
  .min(1, "Bitte geben Sie Ihr Passwort ein.")
  .max(MAX_PASSWORD_LENGTH, "Das Passwort darf höchstens 128 Zeichen lang sein.");

const newPassword = z
  .string({ error: "Bitte geben Sie ein Passwort ein." })
  .min(MIN_PASSWORD_LENGTH, "Das Passwort muss mindestens 6 Zeichen lang sein.")
  .max(MAX_PASSWORD_LENGTH, "Das Passwort darf höchstens 128 Zeichen lang sein.");

function passwordsComparable(issues: ReadonlyArray<{ path?: PropertyKey[] }>): boolean {
  return !issues.some((issue) => issue.path?.[0] === "password" || issue.path?.[0] === "confirmPassword");
}

export const signInSchema = z.object({
  email,
  password: requiredPassword,
});

export const emailOnlySchema = z.object({ email });

export const signUpSchema = z
  .object({
    firstName: z
      .string({ error: "Bitte geben Sie Ihren Vornamen ein." })
      .trim()
      .min(1, "Bitte geben Sie Ihren Vornamen ein.")
      .max(NAME_MAX, "Der Vorname ist zu lang."),
    lastName: z
      .string({ error: "Bitte geben Sie Ihren Nachnamen ein." })
      .trim()
      .min(1, "Bitte geben Sie Ihren Nachnamen ein.")
      .max(NAME_MAX, "Der Nachname ist zu lang."),
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Bitte bestätigen Sie Ihr Passwort." }),
    newsletter: z
      .union([z.literal("on"), z.literal("")])
      .optional()
      .transform((value) => value === "on"),
    terms: z.literal("on", { error: "Bitte akzeptieren Sie die Nutzungsbedingungen" }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwörter stimmen nicht überein",
    path: ["confirmPassword"],
    // Report the mismatch together with other errors (e.g. missing terms), not only once they are fixed.
    when: (payload) => passwordsComparable(payload.issues),
  });

export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPassword,
    confirmPassword: z.string({ error: "Bitte bestätigen Sie Ihr Passwort." }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Die Passwörter stimmen nicht überein.",
    path: ["confirmPassword"],
    when: (payload) => passwordsComparable(payload.issues),
  });
