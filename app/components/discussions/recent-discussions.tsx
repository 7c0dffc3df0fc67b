import { Icon } from "~/components/ui/icon";
import { authorFullName } from "~/lib/authors";
import { AuthorLink } from "~/components/ui/author-link";
import { DiscussionLink, type ReadingMark, UnreadBadge } from "~/components/ui/unread-badge";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { formatAge } from "~/lib/format";
import type { DiscussionSummary } from "~/server/discussions";

export function RecentDiscussions({
  discussions,
  unread = {},
  now,
}: {
  discussions: DiscussionSummary[];
  unread?: Record<string, ReadingMark>;
  now: Date;
}) {
  return (
    <section id="aktuelle-diskussionen" aria-labelledby="aktuelle-diskussionen-title" className="scroll-mt-20">
      <h2 id="aktuelle-diskussionen-title" className="text-2xl font-bold tracking-tight">
        Aktuelle Diskussionen
      </h2>
      {discussions.length === 0 ? (
        <p className="mt-4 text-muted-foreground">Noch keine Diskussionen vorhanden.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border">
          {discussions.map((discussion) => {
            const author = authorFullName(discussion.author);
            return (
              <li key={discussion.id} className="flex flex-col gap-1.5 p-4 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <CategoryBadge category={discussion.category} uppercase />
                    {discussion.solved && <SolvedBadge />}
                    <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatAge(discussion.createdAt, now)}</time>
                  </div>
                  <h3 className="mt-1 font-semibold">
                    <DiscussionLink slug={discussion.slug} unread={unread[discussion.id]} className="hover:text-brand-700">
                      {discussion.title}
                    </DiscussionLink>
                  </h3>
                  <p className="text-sm text-muted-foreground">
                    von <AuthorLink author={discussion.author} name={author} />
                  </p>
                </div>
                <p className="flex shrink-0 items-center gap-1.5 text-sm text-muted-foreground">
                  <Icon name="message-circle" className="size-4" />
                  {discussion.repliesCount} {discussion.repliesCount === 1 ? "Antwort" : "Antworten"}
                  <UnreadBadge count={unread[discussion.id]} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
