import type { ReactNode } from "react";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { AuthorLink } from "~/components/ui/author-link";
import { DiscussionLink, type ReadingMark } from "~/components/ui/unread-badge";
import { authorFullName } from "~/lib/authors";
import { formatAge } from "~/lib/format";
import type { DiscussionSummary } from "~/server/discussions";

/**
 * A discussion as home's short lists name it: category and age, the linked title (marked for a member who
 * never opened it) and its author. `badges` stand before the age, `after` behind it.
 */
export function DiscussionHeadline({
  discussion,
  unread,
  now,
  badges,
  after,
}: {
  discussion: DiscussionSummary;
  unread: ReadingMark | undefined;
  now: Date;
  badges?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <CategoryBadge category={discussion.category} uppercase />
        {badges}
        <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatAge(discussion.createdAt, now)}</time>
        {after}
      </div>
      <h3 className="mt-1 font-semibold">
        <DiscussionLink slug={discussion.slug} unread={unread} className="hover:text-brand-700">
          {discussion.title}
        </DiscussionLink>
      </h3>
      <p className="text-sm text-muted-foreground">
        von <AuthorLink author={discussion.author} name={authorFullName(discussion.author)} />
      </p>
    </>
  );
}
