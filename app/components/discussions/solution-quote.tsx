import { Icon } from "~/components/ui/icon";
import { Form, Link } from "react-router";
import { authorFirstName } from "~/lib/authors";
import { formatDate } from "~/lib/format";
import { pageTextAttribute, pageTextKeys, usePageText } from "~/lib/page-text";
import { AuthorLink } from "~/components/ui/author-link";
import { Button } from "~/components/ui/button";

/**
 * The accepted answer, quoted right under the question: a reader who lands from a search sees the answer first,
 * and one link leads to it in the thread.
 */
export function SolutionQuote({
  solution,
  href,
  mayUnmark,
}: {
  /** `excerpt` is null where the document carries it in its markup (app/lib/page-text.tsx). */
  solution: {
    commentId: string;
    excerpt: string | null;
    createdAt: Date | string;
    author: { id: string; firstName: string; lastName: string } | null;
  };
  href: string;
  mayUnmark: boolean;
}) {
  const name = authorFirstName(solution.author);
  const excerpt = usePageText(pageTextKeys.solution, solution.excerpt, (element) => element.textContent ?? "");
  return (
    <section
      aria-labelledby="solution-title"
      data-testid="solution-quote"
      className="rounded-xl border border-green-300 bg-green-50 p-5 text-foreground sm:p-6"
    >
      <h2 id="solution-title" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base font-semibold text-green-900">
        <Icon name="circle-check" className="size-5 shrink-0" />
        <span>
          Gelöst von <AuthorLink author={solution.author} name={name} className="text-green-900" />
        </span>
        <span aria-hidden="true">–</span>
        <Link to={href} className="rounded-sm font-medium text-green-900 underline underline-offset-2">
          zur Antwort
        </Link>
      </h2>
      <blockquote
        cite={href}
        className="mt-3 border-l-4 border-green-300 pl-4 text-sm leading-relaxed whitespace-pre-line break-words"
        {...{ [pageTextAttribute]: pageTextKeys.solution }}
      >
        {excerpt}
      </blockquote>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <time dateTime={new Date(solution.createdAt).toISOString()}>Antwort vom {formatDate(solution.createdAt)}</time>
        {mayUnmark && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="unmark-solution" />
            <Button type="submit" variant="ghost" size="sm">
              Lösung zurücknehmen
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
