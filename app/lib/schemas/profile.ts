import { configurableKinds, pushableKinds, type PushableKind } from "../notifications";
import { digestPeriodChoices } from "../digest";
import { z } from "zod";
import { pushTexts } from "../push";

/** Profile edit value lists (spec section 3): these differ from the directory's on purpose. */
export const profileExpertiseOptions = [
  ["seo", "SEO"],
  ["sea", "SEA"],
  ["content-marketing", "Content Marketing"],
  ["social-media", "Social Media"],
  ["analytics", "Analytics"],
  ["e-commerce", "E-Commerce"],
  ["conversion-optimierung", "Conversion Optimierung"],
] as const;

export const profileExperienceOptions = [
  ["anfaenger", "Anfänger (0-1 Jahre)"],
  ["fortgeschritten", "Fortgeschritten (2-5 Jahre)"],
  ["experte", "Experte (5+ Jahre)"],
  ["senior-experte", "Senior Experte (10+ Jahre)"],
] as const;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const BIO_MAX_LENGTH = 1000;

const knownValue = z
  .string()
  .trim()
  .regex(/^[a-z-]{2,40}$/, "Ungültiger Wert.");

export const updateProfileSchema = z.object({
  firstName: z
    .string({ error: "Bitte geben Sie Ihren Vornamen ein." })
    .trim()
    .min(1, "Bitte geben Sie Ihren Vornamen ein.")
    .max(60, "Höchstens 60 Zeichen."),
  lastName: z
    .string({ error: "Bitte geben Sie Ihren Nachnamen ein." })
    .trim()
    .min(1, "Bitte geben Sie Ihren Nachnamen ein.")
    .max(60, "Höchstens 60 Zeichen."),
  company: z
    .string()
    .trim()
    .max(120, "Höchstens 120 Zeichen.")
    .optional()
    .transform((value) => value ?? ""),
  expertise: knownValue,
  experience: knownValue,
  bio: z
    .string()
    .trim()
    .max(BIO_MAX_LENGTH, `Höchstens ${BIO_MAX_LENGTH} Zeichen.`)
    .optional()
    .transform((value) => value ?? ""),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

const checkbox = z
  .enum(["on", ""])
  .optional()
  .transform((value) => value === "on");

/** How often the digest mail may come; a form without it leaves the choice as it was. */
const digestPeriod = z.enum(digestPeriodChoices).optional();

/**
 * The master switch, the digest's period, and per kind of notification one switch for the website and one for e-mail
 * (`inPage_<kind>`, `email_<kind>`), and for the kinds that may go to push one for that (`push_<kind>`).
 */
export const notificationSchema = z.object({
  newsletter: checkbox,
  digestPeriod,
  ...Object.fromEntries(
    configurableKinds.flatMap((kind) => [
      [`inPage_${kind}`, checkbox],
      [`email_${kind}`, checkbox],
    ]),
  ),
  ...Object.fromEntries(pushableKinds.map((kind) => [`push_${kind}`, checkbox])),
}) as z.ZodObject<
  { newsletter: typeof checkbox; digestPeriod: typeof digestPeriod } & Record<
    `inPage_${ConfigurableKind}` | `email_${ConfigurableKind}` | `push_${PushableKind}`,
    typeof checkbox
  >
>;
export type ConfigurableKind = (typeof configurableKinds)[number];

export const DELETE_CONFIRMATION = "LÖSCHEN";

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it (decision 0060): where its push service takes
 * messages, its P-256 public key (65 bytes) and its auth secret (16 bytes), base64url. Which endpoints the server
 * accepts is the server's rule (push-devices.server.ts).
 */
export const pushDeviceSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: pushTexts.invalidSubscription }).max(2048, pushTexts.invalidSubscription),
  p256dh: z.string({ error: pushTexts.invalidSubscription }).regex(/^[A-Za-z0-9_-]{87}=?$/, pushTexts.invalidSubscription),
  auth: z.string({ error: pushTexts.invalidSubscription }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, pushTexts.invalidSubscription),
});
