import { Icon } from "~/components/ui/icon";
import { DiscussionHeadline } from "~/components/discussions/discussion-headline";
import { type ReadingMark, UnreadBadge } from "~/components/ui/unread-badge";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { formatReplies } from "~/lib/format";
import type { DiscussionSummary } from "~/server/discussions";
import { TagLinks } from "./tag-links";

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
          {discussions.map((discussion) => (
            <li key={discussion.id} className="flex flex-col gap-1.5 p-4 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <DiscussionHeadline
                  discussion={discussion}
                  unread={unread[discussion.id]}
                  now={now}
                  badges={discussion.solved && <SolvedBadge />}
                />
                <TagLinks tags={discussion.tags} className="mt-1.5" />
              </div>
              <p className="flex shrink-0 items-center gap-1.5 text-sm text-muted-foreground">
                <Icon name="message-circle" className="size-4" />
                {formatReplies(discussion.repliesCount)}
                <UnreadBadge count={unread[discussion.id]} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
