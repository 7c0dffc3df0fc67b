import { data, Link } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { Pagination } from "~/components/discussions/pagination";
import { isCalendarMonth } from "~/lib/berlin-time";
import { categoryLabels } from "~/lib/categories";
import { formatCalendarMonth, formatCount, formatDate } from "~/lib/format";
import { readingPage } from "~/lib/hydration";
import { pageHref, paths } from "~/lib/paths";
import { errorMeta, seoMeta } from "~/lib/seo";
import { identityFrom } from "~/lib/site-identity";
import { notFoundUnless, requirePageParam } from "~/server/accounts";
import { listArchivePage } from "~/server/discussions";
import { sharedReads } from "~/server/platform";
import { addStructuredData, breadcrumbJsonLd } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/archive.month";
import { BackLink } from "~/components/ui/back-link";

/**
 * One month of the archive (decision 0058): its visible discussions, oldest first, a page of title links at a time,
 * numbered like a category's pages. Guests read it as finished HTML (decision 0036).
 */
export const handle = readingPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { month } = params;
  if (!isCalendarMonth(month)) throw data(null, { status: 404 });
  const basePath = paths.archiveMonth(month);
  const page = requirePageParam(request, basePath);
  // A month without visible discussions and a page past its end are no pages at all.
  const archived = notFoundUnless(
    await sharedReads.read(`archive:${month}:${page}`, () => listArchivePage(month, page), {
      weight: (value) => 256 + (value?.discussions.length ?? 0) * 256,
    }),
  );
  addStructuredData(
    context,
    breadcrumbJsonLd([
      { name: (await siteIdentity()).name, path: paths.home },
      { name: "Archiv", path: paths.archive },
      { name: formatCalendarMonth(month), path: basePath },
    ]),
  );
  return archived;
}

export default function ArchiveMonthRoute({ loaderData }: Route.ComponentProps) {
  const { month, discussions, totalCount, totalPages, currentPage } = loaderData;
  const name = formatCalendarMonth(month);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <BackLink to={paths.archive}>Zum Archiv</BackLink>
        <div>
          <p className="text-sm font-medium text-brand-700">Archiv</p>
          <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="list-count">
            {formatCount(totalCount)} {totalCount === 1 ? "Diskussion" : "Diskussionen"}, die älteste zuerst
            {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
          </p>
        </div>
      </header>
      {/* Title links only, with category and date: a page of 200 stays light (decision 0058). */}
      <ol
        className="divide-y divide-border rounded-xl border border-border [&>li]:px-4 [&>li]:py-2.5 [&_a]:font-medium [&_a]:break-words [&_a]:hover:underline [&_p]:text-sm [&_p]:text-muted-foreground"
        data-testid="archive-discussions"
      >
        {discussions.map((discussion) => (
          <li key={discussion.slug}>
            <Link to={paths.discussion(discussion.slug)}>{discussion.title}</Link>
            <p>
              {categoryLabels[discussion.category]} ·{" "}
              <time dateTime={discussion.createdAt.toISOString()}>{formatDate(discussion.createdAt)}</time>
            </p>
          </li>
        ))}
      </ol>
      <Pagination basePath={paths.archiveMonth(month)} currentPage={currentPage} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Monat nicht im Archiv", identityFrom(matches));
  const { month, currentPage } = loaderData;
  const name = formatCalendarMonth(month);
  return seoMeta(matches, {
    title: `Archiv: Diskussionen im ${name}`,
    page: currentPage,
    description: `Alle Diskussionen der Marketing Community aus dem ${name}, vom ersten bis zum letzten Tag des Monats.`,
    path: pageHref(paths.archiveMonth(month), currentPage),
    // Navigation, not content, like /archive: followed, not listed.
    noindex: true,
  });
};
