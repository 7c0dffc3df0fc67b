import { z } from "zod";
import { categories } from "~/lib/categories";
import { CONTENT_MAX_LENGTH, TITLE_MAX_LENGTH } from "./discussion";

export { DRAFT_SAVE_DELAY_MS, draftTexts } from "~/lib/drafts";

const optionalId = z
  .uuid({ error: "Diese Diskussion gibt es nicht." })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** Where a draft belongs: no discussion is the form "Neue Diskussion", a discussion its reply form. */
const scope = { discussionId: optionalId };

/**
 * What the page's script (or a refused form) sends to keep a draft. The limits are the posts' own: a draft that
 * could never be sent is not kept either (a reply's tighter limit is checked by the service, which knows it is one).
 */
export const saveDraftSchema = z.object({
  intent: z.literal("save"),
  ...scope,
  parentId: optionalId,
  title: z
    .string()
    .max(TITLE_MAX_LENGTH, `Der Titel darf höchstens ${TITLE_MAX_LENGTH} Zeichen lang sein.`)
    .optional()
    .transform((value) => value?.trim() ?? ""),
  category: z
    .enum(categories)
    .optional()
    .or(z.string().transform(() => undefined)),
  content: z
    .string()
    .max(CONTENT_MAX_LENGTH, "Der Entwurf ist zu lang.")
    .optional()
    .transform((value) => value ?? ""),
  contentFormat: z.enum(["html", "text"]).default("text"),
});
export type SaveDraftInput = Omit<z.infer<typeof saveDraftSchema>, "intent">;

/** "Entwurf verwerfen": the draft of this scope; `back` is the page to return to without JavaScript. */
export const discardDraftSchema = z.object({
  intent: z.literal("discard"),
  ...scope,
  back: z.string().max(2000).optional(),
});

export const draftActionSchema = z.discriminatedUnion("intent", [saveDraftSchema, discardDraftSchema]);
