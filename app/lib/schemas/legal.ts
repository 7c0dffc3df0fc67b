import { z } from "zod";
import {
  NOTICE_EXPLANATION_MAX_LENGTH,
  NOTICE_EXPLANATION_MIN_LENGTH,
  noticeGrounds,
  type NoticeGround,
  OBJECTION_MAX_LENGTH,
} from "../legal";

/** The notice form (DSA Art. 16(2), decision 0048): where, why, who, and the statement of good faith. */
export const legalNoticeSchema = z.object({
  location: z
    .string({ error: "Bitte geben Sie die Adresse des Inhalts an." })
    .trim()
    .min(1, "Bitte geben Sie die Adresse des Inhalts an.")
    .max(2000, "Diese Adresse ist zu lang."),
  ground: z.enum(noticeGrounds as [NoticeGround, ...NoticeGround[]], { error: "Bitte wählen Sie, welches Recht der Inhalt verletzt." }),
  explanation: z
    .string({ error: "Bitte begründen Sie, warum der Inhalt rechtswidrig ist." })
    .trim()
    .min(
      NOTICE_EXPLANATION_MIN_LENGTH,
      `Bitte begründen Sie, warum der Inhalt rechtswidrig ist (mindestens ${NOTICE_EXPLANATION_MIN_LENGTH} Zeichen).`,
    )
    .max(NOTICE_EXPLANATION_MAX_LENGTH, `Bitte fassen Sie sich kürzer (höchstens ${NOTICE_EXPLANATION_MAX_LENGTH} Zeichen).`),
  name: z
    .string({ error: "Bitte geben Sie Ihren Namen an." })
    .trim()
    .min(2, "Bitte geben Sie Ihren Namen an.")
    .max(120, "Der Name ist zu lang."),
  email: z
    .string({ error: "Bitte geben Sie Ihre E-Mail-Adresse an." })
    .trim()
    .min(1, "Bitte geben Sie Ihre E-Mail-Adresse an.")
    .max(254, "Die E-Mail-Adresse ist zu lang.")
    .pipe(z.email("Bitte geben Sie eine gültige E-Mail-Adresse an.")),
  goodFaith: z.literal("on", {
    error: "Bitte bestätigen Sie, dass Ihre Angaben nach bestem Wissen richtig und vollständig sind.",
  }),
});

/** The author's objection to a decision (DSA Art. 20). */
export const objectionSchema = z.object({
  objection: z
    .string({ error: "Bitte begründen Sie Ihren Widerspruch." })
    .trim()
    .min(10, "Bitte begründen Sie Ihren Widerspruch (mindestens 10 Zeichen).")
    .max(OBJECTION_MAX_LENGTH, `Bitte fassen Sie sich kürzer (höchstens ${OBJECTION_MAX_LENGTH} Zeichen).`),
});
