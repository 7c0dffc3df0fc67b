import { Link } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { formatCalendarMonth, formatCount } from "~/lib/format";
import { readingPage } from "~/lib/hydration";
import { pageHref, paths } from "~/lib/paths";
import { errorMeta, seoMeta } from "~/lib/seo";
import { identityFrom } from "~/lib/site-identity";
import { listArchiveMonths } from "~/server/discussions";
import { sharedReads } from "~/server/platform";
import { addStructuredData, breadcrumbJsonLd } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/archive";
import { BackLink } from "~/components/ui/back-link";

/**
 * The archive (decision 0058): every month with discussions and a link to each of its pages, so that every
 * discussion is three clicks from home. Navigation, not content: search engines follow it but do not list it.
 * Guests read it as finished HTML (decision 0036).
 */
export const handle = readingPage;

const title = "Archiv";
const description =
  "Das Archiv der Marketing Community: alle Diskussionen nach dem Monat, in dem sie begonnen wurden, vom neuesten zum ältesten.";

export async function loader({ context }: Route.LoaderArgs) {
  const months = await sharedReads.read("archive", listArchiveMonths);
  addStructuredData(
    context,
    breadcrumbJsonLd([
      { name: (await siteIdentity()).name, path: paths.home },
      { name: title, path: paths.archive },
    ]),
  );
  return { months, total: months.reduce((sum, month) => sum + month.count, 0) };
}

export default function ArchiveRoute({ loaderData: { months, total } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <BackLink to={paths.home}>Zurück zur Übersicht</BackLink>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="mt-1 text-muted-foreground">
            Alle Diskussionen nach dem Monat, in dem sie begonnen wurden. Jede Monatsseite listet sie vom ältesten zum neuesten.
          </p>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="list-count">
            {formatCount(total)} {total === 1 ? "Diskussion" : "Diskussionen"} in {months.length}{" "}
            {months.length === 1 ? "Monat" : "Monaten"}
          </p>
        </div>
      </header>
      {months.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">Noch keine Diskussionen.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" data-testid="archive-months">
          {months.map(({ month, count, pages }) => {
            const name = formatCalendarMonth(month);
            return (
              <li key={month} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
                <h2 className="shrink-0 sm:w-48">
                  <Link to={paths.archiveMonth(month)} className="font-semibold hover:underline">
                    {name}
                  </Link>
                  <span className="block text-sm font-normal text-muted-foreground">
                    {formatCount(count)} {count === 1 ? "Diskussion" : "Diskussionen"}
                  </span>
                </h2>
                {pages > 1 && (
                  // Every page of the month is one click from here: that is what keeps each discussion three from home.
                  <p className="flex flex-wrap items-baseline gap-x-1 gap-y-1 text-sm text-muted-foreground [&_a]:inline-flex [&_a]:min-w-7 [&_a]:justify-center [&_a]:rounded [&_a]:px-1 [&_a]:py-0.5 [&_a]:text-foreground [&_a]:underline [&_a]:hover:bg-muted">
                    <span className="mr-1">Seite</span>
                    {Array.from({ length: pages }, (_, index) => (
                      <Link key={index} to={pageHref(paths.archiveMonth(month), index + 1)} aria-label={`${name}, Seite ${index + 1}`}>
                        {index + 1}
                      </Link>
                    ))}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, undefined, identityFrom(matches));
  // Navigation, not content: its pages lead to the discussions, which are the pages to list (and the sitemap's).
  return seoMeta(matches, { title, description, path: paths.archive, noindex: true });
};
