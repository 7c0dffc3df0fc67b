import { z } from "zod";
import { categories } from "~/lib/categories";
import { MAX_TAGS_PER_DISCUSSION, splitTagField, TAG_NAME_MAX_LENGTH, tagNameProblem, tagSlug, tagTexts } from "~/lib/tags";

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 50_000;
export const COMMENT_MAX_LENGTH = 10_000;

const title = z
  .string({ error: "Bitte geben Sie einen Titel ein" })
  .trim()
  .min(1, "Bitte geben Sie einen Titel ein")
  .max(TITLE_MAX_LENGTH, `Der Titel darf höchstens ${TITLE_MAX_LENGTH} Zeichen lang sein.`);

const category = z.enum(categories, { error: "Bitte wählen Sie eine Kategorie." });

const content = z
  .string()
  .max(CONTENT_MAX_LENGTH, "Der Inhalt ist zu lang.")
  .optional()
  .transform((value) => (value ?? "").trim());

/**
 * The one-time key of a form that creates something (made by the page's
 * loader): a resend with the same key is answered like the first time.
 * A form without one (an old page) is stored as ever.
 */
const submissionKey = z
  .uuid({ error: "Das Formular ist ungültig. Bitte laden Sie die Seite neu." })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** "html" from the rich-text editor, "text" from the plain textarea shown before JavaScript loads. */
const contentFormat = z.enum(["html", "text"]).default("text");

/**
 * The tag field of the discussion forms: a comma-separated text (what the field sends without JavaScript, and what
 * the chip picker writes into it), parsed into names. Refused: more than five, a name too short or too long or of
 * other characters, the same tag twice (by its slug: "GA4" and "ga4" are one).
 */
const tagsField = z
  .string()
  .max(MAX_TAGS_PER_DISCUSSION * (TAG_NAME_MAX_LENGTH + 2) + 50, tagTexts.tooMany)
  .optional()
  // Absent (a form without the field): the discussion's tags stay as they are; empty: it has none.
  .transform((value, context) => {
    if (value === undefined) return undefined;
    const names = splitTagField(value);
    if (names.length > MAX_TAGS_PER_DISCUSSION) {
      context.addIssue({ code: "custom", message: tagTexts.tooMany });
      return z.NEVER;
    }
    for (const name of names) {
      const problem = tagNameProblem(name);
      if (problem) {
        context.addIssue({ code: "custom", message: `„${name}“: ${problem}` });
        return z.NEVER;
      }
    }
    if (new Set(names.map(tagSlug)).size !== names.length) {
      context.addIssue({ code: "custom", message: tagTexts.duplicate });
      return z.NEVER;
    }
    return names;
  });

export const createDiscussionSchema = z.object({
  title,
  category: category.default("general"),
  // Spec: 'unassigned' or empty means nobody.
  assignedTo: z
    .string()
    .max(100, "Das ausgewählte Mitglied gibt es nicht.")
    .optional()
    .transform((value) => (value && value !== "unassigned" ? value : undefined)),
  content,
  contentFormat,
  tags: tagsField,
  submissionKey,
});
/** Tags may be left out by a caller other than the form (a script, a test): none on a new discussion, unchanged on an edit. */
export type CreateDiscussionInput = Omit<z.infer<typeof createDiscussionSchema>, "tags"> & { tags?: string[] };

export const updateDiscussionSchema = z.object({
  title,
  category,
  content,
  contentFormat,
  tags: tagsField,
});
export type UpdateDiscussionInput = Omit<z.infer<typeof updateDiscussionSchema>, "tags"> & { tags?: string[] };

/** A comment's own messages; its length counts the words a reader reads, not the markup around them. */
export const commentTexts = {
  missing: "Bitte geben Sie einen Kommentar ein.",
  tooLong: `Ein Kommentar darf höchstens ${COMMENT_MAX_LENGTH.toLocaleString("de-DE")} Zeichen lang sein.`,
} as const;

/**
 * What a comment form sends: rich text from the editor or plain text from its stand-in (decision 0040). The
 * markup may take up to a discussion's length; the service counts the words against COMMENT_MAX_LENGTH.
 */
const commentContent = z
  .string({ error: commentTexts.missing })
  .trim()
  .min(1, commentTexts.missing)
  .max(CONTENT_MAX_LENGTH, commentTexts.tooLong);

// Comment ids are UUIDs; anything else names a comment that cannot exist.
const commentNotFound = "Diesen Kommentar gibt es nicht.";

export const createCommentSchema = z.object({
  content: commentContent,
  contentFormat,
  parentId: z
    .uuid({ error: commentNotFound })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  submissionKey,
});

export const updateCommentSchema = z.object({
  commentId: z.uuid({ error: commentNotFound }),
  content: commentContent,
  contentFormat,
});
