import { TITLE_MAX_LENGTH } from "~/lib/schemas/discussion";

/** "Wurde das schon gefragt?" asks from this many characters of a title on. */
export const SIMILAR_TITLE_MIN = 3;
export const SIMILAR_TITLE_MAX = TITLE_MAX_LENGTH;
/** The pause in typing after which the suggestions are asked for. */
export const SIMILAR_DEBOUNCE_MS = 350;
/**
 * Sent with the new-discussion form once its writer has seen the similar discussions: by script as they typed,
 * or on the preview step without JavaScript ("Trotzdem veröffentlichen"). Without it, a title with similar
 * discussions is answered with them instead of being published.
 */
export const SIMILAR_SEEN_FIELD = "similarSeen";
