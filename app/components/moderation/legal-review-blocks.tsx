import { Icon } from "~/components/ui/icon";
import { formatDateTime } from "~/lib/format";
import { noticeGroundLabels } from "~/lib/legal";
import type { ReviewQueueItem } from "~/server/moderation";

/**
 * What the review queue shows of notice and action (decision 0048): the confirmed legal notices on a post, and an
 * author's objection to an earlier decision.
 */
export function LegalNoticesBlock({ notices, headingId }: { notices: ReviewQueueItem["notices"]; headingId: string }) {
  return (
    <section
      aria-labelledby={`${headingId}-rechtlich`}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-muted p-3 text-sm"
    >
      <h3 id={`${headingId}-rechtlich`} className="flex items-center gap-1.5 font-semibold">
        <Icon name="shield-check" className="size-4" />
        {notices.length === 1 ? "Meldung eines rechtswidrigen Inhalts (DSA)" : `${notices.length} Meldungen rechtswidriger Inhalte (DSA)`}
      </h3>
      <ul className="flex flex-col gap-3">
        {notices.map((notice) => (
          <li key={notice.id} className="flex min-w-0 flex-col gap-1">
            <p className="font-medium">{noticeGroundLabels[notice.ground]}</p>
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">{notice.explanation}</p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              {notice.notifier || "Name gelöscht"} ({notice.member ? "Mitglied" : "Gast, E-Mail bestätigt"}) ·{" "}
              <time dateTime={new Date(notice.createdAt).toISOString()}>{formatDateTime(notice.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ObjectionBlock({ objection }: { objection: NonNullable<ReviewQueueItem["objection"]> }) {
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-md border border-border bg-muted p-3 text-sm">
      <h3 className="font-semibold">Widerspruch der Verfasserin oder des Verfassers</h3>
      <p className="whitespace-pre-line [overflow-wrap:anywhere]">„{objection.text}“</p>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">Widersprochen wird dieser Entscheidung: {objection.facts}</p>
    </section>
  );
}
