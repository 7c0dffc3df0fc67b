import { z } from "zod";
import type { WatchAction, WatchKind } from "../../../db/schema";

/** The three lists of the watch-list admin page (decision 0038), with the actions each offers. */
export const watchKindLabels: Record<WatchKind, string> = {
  word: "Wörter",
  "link-domain": "Domains in Links",
  "email-domain": "E-Mail-Domains bei der Registrierung",
};

export const watchActionLabels: Record<WatchAction, string> = {
  block: "Blockieren",
  hold: "Zur Prüfung zurückhalten",
  replace: "Ersetzen",
};

/** What each list offers: the page's choices and what the service accepts. */
export const watchActionsByKind: Record<WatchKind, readonly WatchAction[]> = {
  word: ["block", "hold", "replace"],
  "link-domain": ["block", "hold"],
  "email-domain": ["block"],
};

const kinds = ["word", "link-domain", "email-domain"] as const;
const actions = ["block", "hold", "replace"] as const;

export const MAX_WATCHED_TERM = 100;
export const MAX_REPLACEMENT = 100;

/** What the admin page's forms send; the service normalises the term and checks kind, action and replacement together. */
export const addWatchedTermSchema = z.object({
  kind: z.enum(kinds, { error: "Unbekannte Liste." }),
  term: z
    .string({ error: "Bitte geben Sie einen Begriff oder eine Domain ein." })
    .trim()
    .min(1, "Bitte geben Sie einen Begriff oder eine Domain ein.")
    .max(MAX_WATCHED_TERM, `Höchstens ${MAX_WATCHED_TERM} Zeichen.`),
  action: z.enum(actions, { error: "Bitte wählen Sie eine Aktion." }),
  replacement: z
    .string()
    .trim()
    .max(MAX_REPLACEMENT, `Höchstens ${MAX_REPLACEMENT} Zeichen.`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
/** The parsed form; the replacement may be left out where the action is not "replace". */
export type AddWatchedTermInput = Omit<z.infer<typeof addWatchedTermSchema>, "replacement"> & { replacement?: string };

export const removeWatchedTermSchema = z.object({ id: z.uuid({ error: "Dieser Eintrag existiert nicht." }) });
