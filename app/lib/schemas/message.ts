import { z } from "zod";
import { reportFields, reportNoteMissing } from "./report";
import { MAX_CONVERSATION_MEMBERS, MESSAGE_MAX_LENGTH, messageTexts, SUBJECT_MAX_LENGTH } from "~/lib/messages";

/** A member's id as better-auth makes them (letters, digits, '-' and '_'). */
const memberId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "Dieses Mitglied gibt es nicht." });

/** The editor's HTML may be longer than its words; the service counts the words (MESSAGE_MAX_LENGTH). */
const content = z
  .string({ error: messageTexts.missing })
  .max(MESSAGE_MAX_LENGTH * 4, messageTexts.tooLong)
  .refine((value) => value.trim() !== "", messageTexts.missing);

const contentFormat = z.enum(["html", "text"]).default("text");

/** The form's one-time key (made by the page's loader): a resend is answered like the first time. */
const submissionKey = z
  .uuid({ error: "Das Formular ist ungültig. Bitte laden Sie die Seite neu." })
  .optional()
  .or(z.literal("").transform(() => undefined));

/** "Neue Nachricht": the chosen members (`to`, once each), an optional subject, the first message. */
export const startConversationSchema = z.object({
  to: z
    .array(memberId, { error: messageTexts.noRecipient })
    .min(1, messageTexts.noRecipient)
    .max(MAX_CONVERSATION_MEMBERS - 1, messageTexts.tooManyMembers),
  subject: z
    .string()
    .trim()
    .max(SUBJECT_MAX_LENGTH, messageTexts.subjectTooLong)
    .optional()
    .transform((value) => value || undefined),
  content,
  contentFormat,
  submissionKey,
});

/** The thread page's forms, told apart by `intent`. */
export const conversationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send"), content, contentFormat, submissionKey }),
  z.object({ intent: z.literal("edit"), messageId: z.uuid({ error: messageTexts.messageNotFound }), content, contentFormat }),
  z.object({ intent: z.literal("add-participant"), memberId }),
  z.object({ intent: z.literal("leave") }),
  z
    .object({ intent: z.literal("report"), messageId: z.uuid({ error: messageTexts.messageNotFound }), ...reportFields })
    .superRefine((value, context) => {
      const missing = reportNoteMissing(value);
      if (missing) context.addIssue({ code: "custom", message: missing, path: ["note"] });
    }),
]);
export type ConversationIntent = z.infer<typeof conversationActionSchema>["intent"];

/** Blocking and the consent setting (app/routes/messages.settings.ts); `back` is the page to return to. */
export const messageSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), memberId, back: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("unblock"), memberId, back: z.string().max(2000).optional() }),
  z.object({
    intent: z.literal("preferences"),
    knownMembersOnly: z.literal("on").optional(),
    back: z.string().max(2000).optional(),
  }),
]);

/** What the thread's script sends to keep a draft, and "Entwurf verwerfen". */
export const messageDraftSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    content: z
      .string()
      .max(MESSAGE_MAX_LENGTH * 4, "Der Entwurf ist zu lang.")
      .optional()
      .transform((value) => value ?? ""),
    contentFormat,
  }),
  z.object({ intent: z.literal("discard"), back: z.string().max(2000).optional() }),
]);
