import { AppLink } from "./app-link";
import { authorProfilePath } from "~/lib/authors";
import { cn } from "~/lib/utils";

/**
 * An author's name as the page shows it, linked to their profile: the profile
 * the structured data names as author.url (app/server/seo.server.ts) is one
 * the page links. A deleted member's posts show the name without a link.
 */
export function AuthorLink({ author, name, className }: { author: { id: string } | null; name: string; className?: string }) {
  const path = authorProfilePath(author);
  // Weight, not only colour, sets the link apart from the text around it (WCAG 1.4.1). A name without a break
  // point (one long word) wraps where it must instead of widening a phone's page.
  const classes = cn("font-medium wrap-anywhere", className);
  if (!path) return <span className={classes}>{name}</span>;
  const linkClasses = cn(classes, "rounded-sm underline-offset-2 hover:underline");
  return (
    <AppLink to={path} className={linkClasses}>
      {name}
    </AppLink>
  );
}
