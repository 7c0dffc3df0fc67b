import { reportReasonLabels } from "~/lib/moderation";

/** The reasons of a report as radio buttons, for a post's and a message's "Melden" alike. */
export function ReportReasonFields({ legend }: { legend: string }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 font-medium">{legend}</legend>
      {/* No reason is chosen for the reporter: one click must not file a "Spam" report by default. */}
      {Object.entries(reportReasonLabels).map(([value, text]) => (
        <label key={value} className="flex items-center gap-2">
          <input type="radio" name="reason" value={value} className="accent-brand-600" />
          {text}
        </label>
      ))}
    </fieldset>
  );
}
