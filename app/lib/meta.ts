import type { SiteIdentity } from "./schemas/settings";
import { defaultSiteIdentity } from "./site-identity";

/** Search engines show about 60 characters of a title; beyond that the site name only pushes the page's own words out. */
export const TITLE_MAX_LENGTH = 60;

/** A page's title with the forum's name (as the operator set it: identityFrom in a meta function). */
export function pageTitle(title?: string, identity: SiteIdentity = defaultSiteIdentity): string {
  if (!title) return `${identity.name} – ${identity.tagline}`;
  const suffix = ` | ${identity.name}`;
  return title.length + suffix.length > TITLE_MAX_LENGTH ? title : `${title}${suffix}`;
}

/** Page 2 onwards of a list or of a discussion's comments: its own title and description (' – Seite 2'). */
export function withPageNumber(text: string, page: number | undefined): string {
  return page !== undefined && page > 1 ? `${text} – Seite ${page}` : text;
}

/**
 * A member's tab title with the bell's unread count in front, "(3) Titel | Marketing Community", as Discourse and
 * GitHub do; none at zero. Only the browser adds it (app/lib/hooks/use-count-in-title.ts), to the title the route's
 * meta wrote, so a title that itself begins with "(2) " is never taken for a count.
 */
export function titleWithCount(title: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${title}` : title;
}
