import { slugify } from "~/lib/slug";

/** Tags ("Schlagwörter"): the rules both sides apply, from the form's field to the service (decision 0053). */

export const MAX_TAGS_PER_DISCUSSION = 5;
export const TAG_NAME_MIN_LENGTH = 2;
export const TAG_NAME_MAX_LENGTH = 30;
/** A tag page is in the sitemap and indexed from this many visible discussions on; thinner ones carry noindex. */
export const TAG_INDEX_THRESHOLD = 3;
/** Tags per page of /tags; the tag page lists discussions by the subforum's page size. */
export const TAGS_PAGE_SIZE = 100;
export const TAG_DESCRIPTION_MAX_LENGTH = 500;

/** Letters (umlauts too), digits, and inside a name spaces and . + # & - (llms.txt, C++, Google Ads & SEA). */
const TAG_NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N} .+#&-]*[\p{L}\p{N}+#])?$/u;

export const tagTexts = {
  tooMany: `Höchstens ${MAX_TAGS_PER_DISCUSSION} Schlagwörter pro Diskussion.`,
  tooShort: `Ein Schlagwort hat mindestens ${TAG_NAME_MIN_LENGTH} Zeichen.`,
  tooLong: `Ein Schlagwort hat höchstens ${TAG_NAME_MAX_LENGTH} Zeichen.`,
  characters: "Schlagwörter bestehen aus Buchstaben, Ziffern, Leerzeichen und . + # & -.",
  duplicate: "Jedes Schlagwort nur einmal, bitte.",
  /** The German field message of the tag field for a member who may not create tags yet (createTag). */
  newTagRefused: (names: string[], standing: { days: number; publishedPosts: number }) =>
    `${names.map((name) => `„${name}“`).join(", ")} gibt es noch nicht. Neue Schlagwörter können Mitglieder anlegen, die seit mindestens ${standing.days} Tagen dabei sind und ${standing.publishedPosts} veröffentlichte Beiträge haben; wählen Sie ein vorhandenes.`,
  silenced: "Schlagwörter können Sie gerade nicht anlegen.",
} as const;

/** A tag's URL name: "Core Web Vitals" → "core-web-vitals", "llms.txt" → "llms-txt", "GA4" → "ga4". */
export function tagSlug(name: string): string {
  const slug = slugify(name);
  // slugify falls back to "diskussion" for a title without letters; a tag name has at least one (TAG_NAME_PATTERN).
  return slug === "diskussion" && !/diskussion/i.test(name) ? "" : slug;
}

/** A tag name as typed, with its spaces tidied: "  Core   Web Vitals " → "Core Web Vitals". */
export function tidyTagName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** What is wrong with one name, or null. */
export function tagNameProblem(name: string): string | null {
  if (name.length < TAG_NAME_MIN_LENGTH) return tagTexts.tooShort;
  if (name.length > TAG_NAME_MAX_LENGTH) return tagTexts.tooLong;
  if (!TAG_NAME_PATTERN.test(name) || tagSlug(name) === "") return tagTexts.characters;
  return null;
}

/** The field's text ("GA4, Core Web Vitals") as names, empty parts left out. */
export function splitTagField(value: string): string[] {
  return value
    .split(",")
    .map(tidyTagName)
    .filter((name) => name !== "");
}

/** A tag as cards, the discussion and the suggestions show it. */
export interface TagRef {
  slug: string;
  name: string;
}

/** A tag in the suggestions of the tag field and on /tags. */
export interface TagWithCount extends TagRef {
  discussionCount: number;
}
