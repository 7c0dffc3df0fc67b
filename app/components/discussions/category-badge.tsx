import { AppLink } from "~/components/ui/app-link";
import { badgeVariants } from "~/components/ui/badge";
import { categoryHref, categoryLabels, type Category } from "~/lib/categories";
import { cn } from "~/lib/utils";

/** Category label that links to its list: the subforum, or the category page for general, tools and events. */
export function CategoryBadge({ category, uppercase = false, className }: { category: Category; uppercase?: boolean; className?: string }) {
  const label = categoryLabels[category];
  return (
    <AppLink to={categoryHref(category)} className={cn(badgeVariants(), "hover:bg-brand-200", uppercase && "uppercase", className)}>
      {label}
    </AppLink>
  );
}
