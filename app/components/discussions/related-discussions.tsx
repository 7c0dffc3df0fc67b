import { AppLink } from "~/components/ui/app-link";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { categoryLabels } from "~/lib/categories";
import { formatReplies } from "~/lib/format";
import { paths } from "~/lib/paths";
import type { SimilarDiscussion } from "~/server/search";

/** Links to similar discussions: title, then category, replies and "Gelöst" on a line of their own. */
export function SimilarDiscussionList({
  discussions,
  testId,
  newTab = false,
}: {
  discussions: SimilarDiscussion[];
  testId: string;
  /** On a form being written: reading a suggestion must not leave the text. */
  newTab?: boolean;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {discussions.map((discussion) => (
        <li key={discussion.id} className="py-2.5 first:pt-0 last:pb-0">
          <AppLink
            to={paths.discussion(discussion.slug)}
            data-testid={testId}
            {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
            className="font-medium leading-snug break-words text-foreground hover:text-brand-700 hover:underline"
          >
            {discussion.title}
            {newTab ? <span className="sr-only"> (öffnet in einem neuen Tab)</span> : null}
          </AppLink>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{categoryLabels[discussion.category]}</span>
            <span>{formatReplies(discussion.repliesCount)}</span>
            {discussion.solved && <SolvedBadge />}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** "Ähnliche Diskussionen" under a discussion, after its comments and the reply form, as Discourse places them. */
export function RelatedDiscussions({ discussions }: { discussions: SimilarDiscussion[] }) {
  if (discussions.length === 0) return null;
  return (
    <nav aria-labelledby="related-heading" className="rounded-xl border border-border bg-background p-4 shadow-sm">
      <h2 id="related-heading" className="mb-3 text-lg font-semibold">
        Ähnliche Diskussionen
      </h2>
      <SimilarDiscussionList discussions={discussions} testId="related-discussion" />
    </nav>
  );
}
