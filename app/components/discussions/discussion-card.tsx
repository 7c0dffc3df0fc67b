import { Icon } from "~/components/ui/icon";
import { PinnedBadge } from "./pinned-badge";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { authorFullName } from "~/lib/authors";
import { formatDate, formatReplies } from "~/lib/format";
import type { DiscussionSummary } from "~/server/discussions";
import { AuthorLink } from "~/components/ui/author-link";
import { DiscussionLink, type ReadingMark, UnreadBadge } from "~/components/ui/unread-badge";
import { CategoryBadge } from "./category-badge";
import { TagLinks } from "./tag-links";

/** A discussion in a subforum list. */
export function DiscussionCard({ discussion, unread }: { discussion: DiscussionSummary; unread?: ReadingMark }) {
  const author = authorFullName(discussion.author);
  return (
    <article data-testid="discussion-card" className="rounded-xl border border-border bg-background p-4 shadow-sm hover:border-brand-200">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <CategoryBadge category={discussion.category} />
        {discussion.isPinned && <PinnedBadge />}
        {discussion.solved && <SolvedBadge />}
        <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatDate(discussion.createdAt)}</time>
      </div>
      <h2 className="mt-2 text-lg font-semibold leading-snug">
        <DiscussionLink slug={discussion.slug} unread={unread} className="hover:text-brand-700">
          {discussion.title}
        </DiscussionLink>
      </h2>
      <TagLinks tags={discussion.tags} className="mt-2" />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>
          von <AuthorLink author={discussion.author} name={author} />
        </span>
        <span className="flex items-center gap-1.5">
          <Icon name="message-circle" className="size-4" />
          {formatReplies(discussion.repliesCount)}
          <UnreadBadge count={unread} />
        </span>
      </div>
    </article>
  );
}

/** A page of a list (a subforum, a tag), each discussion with what is new to the member since they last read it. */
export function DiscussionCardList({
  discussions,
  unread,
}: {
  discussions: DiscussionSummary[];
  unread: Partial<Record<string, ReadingMark>>;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {discussions.map((discussion) => (
        <li key={discussion.id}>
          <DiscussionCard discussion={discussion} unread={unread[discussion.id]} />
        </li>
      ))}
    </ul>
  );
}
