import { Link } from "react-router";
import { discussionStatuses, statusLabels, type DiscussionStatus, type StatusCounts } from "~/lib/discussion-status";
import { formatCount } from "~/lib/format";
import { cn } from "~/lib/utils";

const choices = [undefined, ...discussionStatuses] as const;

/**
 * "Alle / Offen / Gelöst" as a segmented control of plain links, so it works without JavaScript; the chosen
 * one is the current page (aria-current). With counts where the list knows them.
 */
export function StatusFilter({
  current,
  hrefFor,
  counts,
  className,
}: {
  current: DiscussionStatus | undefined;
  hrefFor: (status: DiscussionStatus | undefined) => string;
  counts?: StatusCounts;
  className?: string;
}) {
  return (
    <nav aria-label="Nach Status filtern" className={className}>
      <ul className="flex w-full rounded-lg border border-border bg-muted p-1 sm:inline-flex sm:w-auto">
        {choices.map((status) => {
          const active = status === current;
          const label = statusLabels[status ?? "all"];
          const count = counts?.[status ?? "all"];
          return (
            <li key={status ?? "all"} className="flex flex-1 sm:flex-none">
              <Link
                to={hrefFor(status)}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                data-testid={`status-filter-${status ?? "all"}`}
                className={cn(
                  "inline-flex flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                  active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:bg-background/60 hover:text-foreground",
                )}
              >
                {label}
                {count !== undefined && <span className="text-xs tabular-nums">{formatCount(count)}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
