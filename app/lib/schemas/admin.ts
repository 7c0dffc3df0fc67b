import { z } from "zod";
import { directoryExpertise } from "~/lib/members";

/** Create-user value lists (spec section 3): the experience list differs from the profile's on purpose. */
export const createUserExperienceOptions = [
  ["anfaenger", "Anfänger (0-1 Jahre)"],
  ["einsteiger", "Einsteiger (1-3 Jahre)"],
  ["fortgeschrittener", "Fortgeschrittener (3-5 Jahre)"],
  ["experte", "Experte (5+ Jahre)"],
] as const;

export const roleOptions = [
  ["member", "Mitglied"],
  ["moderator", "Moderator"],
  ["admin", "Administrator"],
] as const;

export const roleValues = ["member", "moderator", "admin"] as const;
export type RoleValue = (typeof roleValues)[number];

export const roleLabels: Record<RoleValue, string> = { member: "Mitglied", moderator: "Moderator", admin: "Administrator" };

const experienceValues = createUserExperienceOptions.map(([value]) => value) as [string, ...string[]];

/** Spec section 5, create-user form: texts letter for letter. */
export const createUserSchema = z.object({
  email: z
    .string({ error: "Gültige E-Mail-Adresse erforderlich" })
    .trim()
    .email("Gültige E-Mail-Adresse erforderlich")
    .max(254, "Gültige E-Mail-Adresse erforderlich"),
  password: z
    .string({ error: "Passwort muss mindestens 6 Zeichen lang sein" })
    .min(6, "Passwort muss mindestens 6 Zeichen lang sein")
    .max(128, "Höchstens 128 Zeichen."),
  username: z.string({ error: "Benutzername erforderlich" }).trim().min(1, "Benutzername erforderlich").max(120, "Höchstens 120 Zeichen."),
  company: z
    .string()
    .trim()
    .max(120, "Höchstens 120 Zeichen.")
    .optional()
    .transform((value) => value ?? ""),
  expertise: z.enum(directoryExpertise, { error: "Expertise erforderlich" }),
  experience: z.enum(experienceValues, { error: "Erfahrung erforderlich" }),
  bio: z
    .string()
    .trim()
    .max(1000, "Höchstens 1000 Zeichen.")
    .optional()
    .transform((value) => value ?? ""),
  role: z.enum(roleValues).default("member"),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** "Anna Maria Schmidt" → first "Anna", last "Maria Schmidt" (spec: split on spaces). */
export function splitUsername(username: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = username.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

export const changeRoleSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(roleValues),
});

export const moderationReasonSchema = z.object({
  reason: z
    .string({ error: "Bitte geben Sie einen Grund an." })
    .trim()
    .min(1, "Bitte geben Sie einen Grund an.")
    .max(500, "Höchstens 500 Zeichen."),
});

/** A lock may say why, but need not. */
export const lockReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, "Höchstens 500 Zeichen.")
    .optional()
    .transform((value) => value ?? ""),
});
