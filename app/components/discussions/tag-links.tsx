import { AppLink } from "~/components/ui/app-link";
import { paths } from "~/lib/paths";
import type { TagRef } from "~/lib/tags";
import { cn } from "~/lib/utils";

/** A discussion's tags as links to their pages (decision 0053): small pills that wrap, never a row that scrolls. */
export function TagLinks({ tags, className }: { tags: readonly TagRef[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Schlagwörter" className={cn("flex min-w-0 flex-wrap gap-1.5", className)}>
      {tags.map((tag) => (
        <li key={tag.slug} className="min-w-0 max-w-full">
          <AppLink
            to={paths.tag(tag.slug)}
            className="block truncate rounded-full border border-border bg-muted/60 px-2 py-0.5 text-xs text-muted-foreground hover:border-brand-300 hover:text-brand-800"
          >
            {tag.name}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
