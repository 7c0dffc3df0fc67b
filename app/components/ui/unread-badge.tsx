import { AppLink } from "./app-link";
import type { ReactNode } from "react";
import { paths } from "~/lib/paths";

/** What a list marks on a discussion for a member: unread comments since their last read, or "new" if they never opened it. */
export type ReadingMark = number | "new" | undefined;

/**
 * '3 neu' next to a reply count: comments since the member last read the discussion (capped lists say '99+');
 * a quieter 'Neu' for a discussion they never opened (decision 0041).
 */
export function UnreadBadge({ count }: { count: ReadingMark }) {
  if (count === "new") return <NewMarker />;
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

/** A dot and 'Neu': a discussion the member never opened, or a comment they have not read yet. */
export function NewMarker({ label = "Neu, noch nicht geöffnet" }: { label?: string }) {
  return (
    <span data-testid="new-marker" className="inline-flex items-center gap-1 text-xs font-semibold whitespace-nowrap text-brand-700">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      <span aria-hidden="true">Neu</span>
      <span className="sr-only">{label}</span>
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
  unread: ReadingMark;
  className?: string;
  children: ReactNode;
}) {
  // The redirect to the first unread comment is a document load: an ordinary link, outside the app's handler.
  return typeof unread === "number" && unread > 0 ? (
    <a href={paths.discussionUnread(slug)} className={className}>
      {children}
    </a>
  ) : (
    <AppLink to={paths.discussion(slug)} className={className}>
      {children}
    </AppLink>
  );
}
