import { z } from "zod";
import { BOOKMARK_NOTE_MAX_LENGTH, LATEST_REMINDER_DAYS, reminderChoices, type ReminderChoice } from "../bookmarks";
import { berlinDateTime } from "../berlin-time";

export const bookmarkTexts = {
  noteTooLong: `Bitte fassen Sie Ihre Notiz kürzer (höchstens ${BOOKMARK_NOTE_MAX_LENGTH} Zeichen).`,
  choiceMissing: "Bitte wählen Sie, ob und wann wir Sie erinnern sollen.",
  dateMissing: "Bitte geben Sie Datum und Uhrzeit der Erinnerung an.",
  dateInvalid: "Bitte geben Sie ein gültiges Datum mit Uhrzeit an.",
  dateNotFuture: "Die Erinnerung muss in der Zukunft liegen.",
  dateTooFar: "Eine Erinnerung geht höchstens zwei Jahre im Voraus.",
} as const;

/**
 * The bookmark form's note and reminder ("Erinnere mich in 3 Tagen"): the note trimmed (empty is none, a form
 * without the field leaves it as it is), the reminder as a moment, null for none. "In the future" is judged by the
 * clock when checking.
 */
export const bookmarkFields = z
  .object({
    note: z.string().trim().max(BOOKMARK_NOTE_MAX_LENGTH, { error: bookmarkTexts.noteTooLong }).optional(),
    remind: z.enum(Object.keys(reminderChoices) as [ReminderChoice, ...ReminderChoice[]], { error: bookmarkTexts.choiceMissing }),
    remindOn: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (value.remind !== "custom") return;
    if (!value.remindOn) return context.addIssue({ code: "custom", path: ["remindOn"], message: bookmarkTexts.dateMissing });
    const at = berlinDateTime(value.remindOn);
    if (!at) return context.addIssue({ code: "custom", path: ["remindOn"], message: bookmarkTexts.dateInvalid });
    if (at.getTime() <= Date.now()) return context.addIssue({ code: "custom", path: ["remindOn"], message: bookmarkTexts.dateNotFuture });
    if (at.getTime() > Date.now() + LATEST_REMINDER_DAYS * 86_400_000)
      context.addIssue({ code: "custom", path: ["remindOn"], message: bookmarkTexts.dateTooFar });
  })
  .transform(({ note, remind, remindOn }) => ({
    note: note === undefined ? undefined : note || null,
    remindAt:
      remind === "none" ? null : remind === "custom" ? berlinDateTime(remindOn ?? "") : new Date(Date.now() + Number(remind) * 86_400_000),
  }));
export type BookmarkFields = z.output<typeof bookmarkFields>;
