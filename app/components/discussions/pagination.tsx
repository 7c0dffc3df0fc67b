import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { pageHref } from "~/lib/paths";
import { cn } from "~/lib/utils";

/** The page numbers to show: first, last, and two around the current one. */
export function visiblePages(current: number, total: number): Array<number | "gap"> {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const result: Array<number | "gap"> = [];
  for (const page of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === "number" && page - previous > 1) result.push("gap");
    result.push(page);
  }
  return result;
}

const itemClass = "inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-3 text-sm";
const linkClass = cn(itemClass, "border-border hover:bg-muted");

export function Pagination({
  basePath,
  currentPage,
  totalPages,
  label = "Seitennavigation",
}: {
  basePath: string;
  currentPage: number;
  totalPages: number;
  /** Names the navigation landmark; needed where a page has more than one. */
  label?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1.5">
      {currentPage > 1 ? (
        <AppLink to={pageHref(basePath, currentPage - 1)} rel="prev" className={linkClass}>
          <Icon name="chevron-left" className="size-4" />
          Zurück
        </AppLink>
      ) : null}
      {visiblePages(currentPage, totalPages).map((page, index) =>
        page === "gap" ? (
          <span key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden="true">
            …
          </span>
        ) : (
          <AppLink
            key={page}
            to={pageHref(basePath, page)}
            aria-current={page === currentPage ? "page" : undefined}
            aria-label={`Seite ${page}`}
            className={page === currentPage ? cn(itemClass, "border-primary bg-primary text-primary-foreground") : linkClass}
          >
            {page}
          </AppLink>
        ),
      )}
      {currentPage < totalPages ? (
        <AppLink to={pageHref(basePath, currentPage + 1)} rel="next" className={linkClass}>
          Weiter
          <Icon name="chevron-right" className="size-4" />
        </AppLink>
      ) : null}
    </nav>
  );
}
