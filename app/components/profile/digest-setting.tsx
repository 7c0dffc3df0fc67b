import { Select } from "~/components/ui/select";
import { DIGEST_SETTING_ID, DIGEST_TITLE, digestPeriodChoices, digestPeriodLabels, type DigestPeriodChoice } from "~/lib/digest";

/**
 * How often the digest mail may come (decision 0059), on the notification card: like the kinds' e-mail switches it
 * counts only while the master switch is on, and keeps its choice (a hidden field) while that is off.
 */
export function DigestSetting({ digest, master }: { digest: { period: DigestPeriodChoice; afterDays: number }; master: boolean }) {
  return (
    <div id={DIGEST_SETTING_ID} className="flex scroll-mt-20 flex-col gap-1">
      <label htmlFor="digest-period" className="font-medium">
        Zusammenfassung „{DIGEST_TITLE}“
      </label>
      <p id="digest-period-hint" className="text-sm text-muted-foreground">
        Wenn Sie länger als {digest.afterDays} Tage nicht vorbeigeschaut haben, schicken wir Ihnen per E-Mail, was seitdem neu ist: die
        meistdiskutierten und hilfreichsten Diskussionen, neue Lösungen in Ihren Themen und offene Fragen in Ihrem Fachgebiet.
      </p>
      <Select
        id="digest-period"
        name="digestPeriod"
        defaultValue={digest.period}
        disabled={!master}
        aria-describedby="digest-period-hint"
        className="sm:w-64"
      >
        {digestPeriodChoices.map((choice) => (
          <option key={choice} value={choice}>
            {digestPeriodLabels[choice]}
          </option>
        ))}
      </Select>
      {!master && <input type="hidden" name="digestPeriod" value={digest.period} />}
    </div>
  );
}
