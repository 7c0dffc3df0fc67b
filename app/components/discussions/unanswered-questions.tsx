import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { DiscussionHeadline } from "~/components/discussions/discussion-headline";
import { type ReadingMark, UnreadBadge } from "~/components/ui/unread-badge";
import { openQuestionsHref } from "~/lib/search";
import type { DiscussionSummary } from "~/server/discussions";

/** Home's 'Unbeantwortet': the newest questions nobody has answered yet, an invitation to help; those a member never opened are marked. */
export function UnansweredQuestions({
  discussions,
  unread = {},
  now,
}: {
  discussions: DiscussionSummary[];
  unread?: Record<string, ReadingMark>;
  now: Date;
}) {
  return (
    <section id="unbeantwortet" aria-labelledby="unbeantwortet-title" className="scroll-mt-20">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id="unbeantwortet-title" className="text-2xl font-bold tracking-tight">
            Unbeantwortet
          </h2>
          <p className="mt-1 text-muted-foreground">Diese Fragen warten noch auf eine erste Antwort. Können Sie helfen?</p>
        </div>
        <AppLink to={openQuestionsHref} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          Alle offenen Fragen
          <Icon name="arrow-right" className="size-4" />
        </AppLink>
      </div>
      {discussions.length === 0 ? (
        <p className="mt-4 text-muted-foreground">Gerade wartet keine Frage auf eine Antwort.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border" data-testid="unanswered-list">
          {discussions.map((discussion) => (
            <li key={discussion.id} className="flex items-start gap-3 p-4">
              <Icon name="message-circle-question-mark" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div className="min-w-0 flex-1">
                <DiscussionHeadline
                  discussion={discussion}
                  unread={unread[discussion.id]}
                  now={now}
                  after={<UnreadBadge count={unread[discussion.id]} />}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
