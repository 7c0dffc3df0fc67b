import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatCount, formatDate, shortenAtWord } from "~/lib/format";

/** How much of an answer the profile quotes; the link leads to all of it. */
const EXCERPT_LENGTH = 220;

export interface BestAnswerItem {
  commentId: string;
  text: string;
  createdAt: Date | string;
  helpfulCount: number;
  isSolution: boolean;
  discussion: { title: string };
  href: string;
}

/** "Hilfreich erhalten" and "Lösungen": what others gave the member, as two figures with their names. */
export function ReputationFigures({ helpful, solutions }: { helpful: number; solutions: number }) {
  const figures = [
    { label: "Hilfreich erhalten", value: helpful, icon: "thumbs-up" as const, testId: "reputation-helpful" },
    { label: solutions === 1 ? "Lösung" : "Lösungen", value: solutions, icon: "circle-check" as const, testId: "reputation-solutions" },
  ];
  return (
    <dl className="flex flex-wrap justify-center gap-x-6 gap-y-2 sm:justify-start">
      {figures.map(({ label, value, icon, testId }) => (
        <div key={testId} className="flex flex-col-reverse">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="flex items-center gap-1.5 text-lg font-semibold tabular-nums" data-testid={testId}>
            <Icon name={icon} className="size-4 text-brand-700" />
            {formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A member's answers that others found best: accepted solutions first, then the most "Hilfreich", each linked to its place. */
export function BestAnswers({ firstName, answers }: { firstName: string; answers: BestAnswerItem[] }) {
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby="profile-best-answers">
      <h2 id="profile-best-answers" className="text-xl font-semibold">
        Beste Antworten von {firstName}
      </h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {answers.map((answer) => (
          <li key={answer.commentId} className="flex flex-col gap-1.5 p-4" data-testid="best-answer">
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {answer.isSolution && (
                // As the thread marks it (SolvedBadge, which app/components/profile may not import).
                <Badge variant="solved">
                  <Icon name="circle-check" className="mr-1 size-3" />
                  Lösung
                </Badge>
              )}
              {answer.helpfulCount > 0 && (
                <span className="inline-flex items-center gap-1">
                  <Icon name="thumbs-up" className="size-3.5" />
                  {formatCount(answer.helpfulCount)} × hilfreich
                </span>
              )}
              <time dateTime={new Date(answer.createdAt).toISOString()}>{formatDate(answer.createdAt)}</time>
            </div>
            <Link to={answer.href} className="font-medium break-words hover:text-brand-700">
              Antwort in „{answer.discussion.title}“
            </Link>
            <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{shortenAtWord(answer.text, EXCERPT_LENGTH)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
