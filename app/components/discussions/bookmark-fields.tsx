import { Textarea } from "~/components/ui/textarea";
import { Input } from "~/components/ui/input";
import { BOOKMARK_NOTE_MAX_LENGTH, reminderChoices, reminderOrder, type ReminderChoice } from "~/lib/bookmarks";
import { berlinInputValue } from "~/lib/berlin-time";

/** What the note-and-reminder fields start with: the bookmark as saved, or what a refused form sent. */
export interface BookmarkFieldValues {
  note?: string | null;
  remind?: string;
  remindOn?: string;
}

/** The saved bookmark as the form's values: a reminder still to come is shown as its date; one gone out is none. */
export function savedFieldValues(saved: { note: string | null; remindAt: Date | string | null } | undefined): BookmarkFieldValues {
  return saved?.remindAt
    ? { note: saved.note, remind: "custom", remindOn: berlinInputValue(saved.remindAt) }
    : { note: saved?.note ?? "", remind: "none" };
}

/**
 * A bookmark's note and reminder ("Erinnere mich in 3 Tagen"): a textarea and a choice of none, a few days, or a
 * date and time of one's own. Shared by the discussion page (under the post) and /bookmarks. Errors come per
 * field from the server, in German; the browser checks nothing (noValidate on the form).
 */
export function BookmarkFields({
  idPrefix,
  values,
  errors = {},
}: {
  idPrefix: string;
  values: BookmarkFieldValues;
  errors?: Record<string, string[] | undefined>;
}) {
  const noteError = errors.note?.[0];
  const dateError = errors.remindOn?.[0] ?? errors.remind?.[0];
  const chosen = (values.remind ?? "none") as ReminderChoice;
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${idPrefix}-note`} className="font-medium">
          Notiz <span className="font-normal text-muted-foreground">(optional, nur für Sie)</span>
        </label>
        <Textarea
          id={`${idPrefix}-note`}
          name="note"
          rows={2}
          maxLength={BOOKMARK_NOTE_MAX_LENGTH}
          defaultValue={values.note ?? ""}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${idPrefix}-note-error` : undefined}
        />
        {noteError && (
          <p id={`${idPrefix}-note-error`} className="text-destructive">
            {noteError}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 font-medium">Erinnerung</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {reminderOrder
            .filter((choice) => choice !== "custom")
            .map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input type="radio" name="remind" value={choice} defaultChecked={chosen === choice} className="accent-brand-600" />
                {reminderChoices[choice]}
              </label>
            ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2">
            <input type="radio" name="remind" value="custom" defaultChecked={chosen === "custom"} className="accent-brand-600" />
            {reminderChoices.custom}
          </label>
          <label htmlFor={`${idPrefix}-date`} className="sr-only">
            Datum und Uhrzeit der Erinnerung
          </label>
          <Input
            id={`${idPrefix}-date`}
            type="datetime-local"
            name="remindOn"
            defaultValue={values.remindOn ?? ""}
            className="w-auto max-w-full"
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${idPrefix}-date-error` : undefined}
            // Picking a date means "Am …": with JavaScript the choice follows; without, the member picks it.
            onChange={(event) => {
              const custom = event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="remind"][value="custom"]');
              if (custom && event.currentTarget.value) custom.checked = true;
            }}
          />
        </div>
        {dateError && (
          <p id={`${idPrefix}-date-error`} className="text-destructive">
            {dateError}
          </p>
        )}
      </fieldset>
    </>
  );
}
