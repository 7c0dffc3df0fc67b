import { Link } from "react-router";
import type { ReactNode } from "react";
import { paths } from "~/lib/paths";

/** '3 neu' next to a reply count: comments since the member last read the discussion (capped lists say '99+'). */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <span
      data-testid="unread-badge"
      className="inline-flex items-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-primary-foreground"
    >
      <span aria-hidden="true">{shown} neu</span>
      <span className="sr-only">
        {shown} {count === 1 ? "ungelesener Kommentar" : "ungelesene Kommentare"}
      </span>
    </span>
  );
}

/**
 * A listed discussion's link: with unread comments it leads to the first of
 * them, through a redirecting resource route, which a document load follows.
 */
export function DiscussionLink({
  slug,
  unread,
  className,
  children,
}: {
  slug: string;
  unread: number | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={unread ? paths.discussionUnread(slug) : paths.discussion(slug)} reloadDocument={Boolean(unread)} className={className}>
      {children}
    </Link>
  );
}
