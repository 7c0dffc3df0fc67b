import { z } from "zod";

/** The second step of signing in and the first code of a new app: six digits, or a recovery code (decision 0050). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ error: "Bitte geben Sie den Code ein." })
    .trim()
    .min(1, "Bitte geben Sie den Code ein.")
    .max(64, "Der Code ist falsch oder abgelaufen. Bitte versuchen Sie es erneut."),
  redirectTo: z.string().optional(),
});

/** Setting up the app asks for the password once more: a session left open on a shared computer is not enough. */
export const secondFactorPasswordSchema = z.object({
  password: z
    .string({ error: "Bitte geben Sie Ihr Passwort ein." })
    .min(1, "Bitte geben Sie Ihr Passwort ein.")
    .max(128, "Das Passwort darf höchstens 128 Zeichen lang sein."),
});
