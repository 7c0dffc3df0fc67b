import { z } from "zod";

export const MAX_SYNONYM_TERMS = 12;
export const MAX_SYNONYM_TERM = 60;

const termsText = "Bitte geben Sie mindestens zwei Begriffe ein, durch Kommas getrennt.";

/**
 * A synonym group as the admin page's form sends it: its terms in one field, separated by commas ("SEO,
 * Suchmaschinenoptimierung"). Each term is trimmed with single spaces; the same term twice (in any case) counts once.
 */
export const addSynonymGroupSchema = z.object({
  terms: z
    .string({ error: termsText })
    .transform((value) => {
      const seen = new Set<string>();
      return value
        .split(",")
        .map((term) => term.replace(/\s+/g, " ").trim())
        .filter((term) => {
          const key = term.toLocaleLowerCase("de");
          if (!term || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    })
    .pipe(
      z
        .array(
          z
            .string()
            .max(MAX_SYNONYM_TERM, `Ein Begriff hat höchstens ${MAX_SYNONYM_TERM} Zeichen.`)
            .regex(/[\p{L}\p{N}]/u, "Jeder Begriff braucht mindestens einen Buchstaben oder eine Ziffer.")
            .refine((term) => !/[:"]/.test(term), "Doppelpunkte und Anführungszeichen sind in Begriffen nicht möglich."),
        )
        .min(2, termsText)
        .max(MAX_SYNONYM_TERMS, `Höchstens ${MAX_SYNONYM_TERMS} Begriffe je Gruppe.`),
    ),
});
export type AddSynonymGroupInput = z.infer<typeof addSynonymGroupSchema>;

export const removeSynonymGroupSchema = z.object({ id: z.uuid({ error: "Diese Gruppe gibt es nicht." }) });
