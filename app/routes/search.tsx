import { Icon } from "~/components/ui/icon";
import { PageError } from "~/components/layout/page-error";
import type { FormEvent } from "react";
import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { CategorySelect } from "~/components/discussions/category-select";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { StatusFilter } from "~/components/discussions/status-filter";
import { HighlightedText } from "~/components/search/highlighted-text";
import { Button } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { DiscussionLink, UnreadBadge } from "~/components/ui/unread-badge";
import { Select } from "~/components/ui/select";
import { categoryLabels } from "~/lib/categories";
import { STATUS_PARAM, statusLabels } from "~/lib/discussion-status";
import { formatAge, formatCount, formatReplies, renderNow } from "~/lib/format";
import { paths } from "~/lib/paths";
import {
  dateRangeLabels,
  dateRanges,
  effectiveSearch,
  hasSearchCriteria,
  parseSearchFilter,
  SEARCH_LIMIT,
  searchHref,
  sortLabels,
  sortOptions,
  type SearchFilter,
  withoutOperator,
} from "~/lib/search";
import { seoMeta } from "~/lib/seo";
import { unreadCounts } from "~/server/discussions";
import { countSearch, didYouMean, searchDiscussions } from "~/server/search";
import { getViewer } from "~/server/accounts";
import type { Route } from "./+types/search";
import { TagLinks } from "~/components/discussions/tag-links";
import { listTags } from "~/server/tags";
import { sharedReads } from "~/server/platform";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter = parseSearchFilter(url.searchParams);
  // One URL per filter: a plain form submission (no JavaScript) sends empty and default fields.
  const canonical = searchHref(filter);
  if (canonical !== url.pathname + url.search) throw redirect(canonical);
  // Without criteria it lists every discussion in the default order (relevance: pinned, then the most discussed): the
  // page the sitemap names is one worth reading, not an empty form.
  const [result, viewer, tags] = await Promise.all([searchDiscussions(filter), getViewer(request), sharedReads.read("tags", listTags)]);
  const [unread, suggestion] = await Promise.all([
    unreadCounts(
      viewer,
      result.hits.map((hit) => hit.id),
    ),
    // "Meinten Sie …?" only where nothing was found: it costs a few reads of its own.
    result.total === 0 && filter.query ? didYouMean(filter) : Promise.resolve(null),
  ]);
  countSearch(request, filter.query, result.total === 0);
  return { filter, result, unread, suggestion, now: renderNow(), tags: tags.map(({ slug, name }) => ({ slug, name })) };
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { filter, result, unread, suggestion, now, tags } = loaderData;
  const search = effectiveSearch(filter);
  const tagName = tags.find((tag) => tag.slug === filter.tag)?.name ?? filter.tag;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.search;

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const next = parseSearchFilter(new URLSearchParams([...data.entries()].map(([k, v]) => [k, String(v)])));
    void navigate(searchHref(next));
  }
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(event.currentTarget);
  }

  // What the search applies, each with the link that drops it: the words, the operators typed into the box (they win
  // over the controls below it), then the controls.
  const operatorsOnly = search.operators.map((operator) => operator.source).join(" ");
  const chips: Array<{ label: string; without: Partial<SearchFilter> }> = [
    ...(search.text ? [{ label: `„${search.text}“`, without: { query: operatorsOnly } }] : []),
    ...search.operators.map((operator) => ({ label: operator.label, without: { query: withoutOperator(filter.query, operator) } })),
    ...(filter.category && !search.operators.some((o) => o.key === "category")
      ? [{ label: categoryLabels[filter.category], without: { category: undefined } }]
      : []),
    ...(filter.dateRange ? [{ label: dateRangeLabels[filter.dateRange], without: { dateRange: undefined } }] : []),
    ...(filter.sortBy !== "relevance" ? [{ label: sortLabels[filter.sortBy], without: { sortBy: "relevance" as const } }] : []),
    ...(filter.status && !search.operators.some((o) => o.key === "status")
      ? [{ label: statusLabels[filter.status], without: { status: undefined } }]
      : []),
    ...(filter.tag && !search.operators.some((o) => o.key === "tag")
      ? [{ label: `Schlagwort: ${tagName}`, without: { tag: undefined } }]
      : []),
  ];

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Diskussionen durchsuchen</h1>
      <Form
        method="get"
        action={paths.search}
        onSubmit={handleSubmit}
        className="flex flex-col gap-4"
        role="search"
        aria-label="Diskussionen durchsuchen"
        data-clean-get
      >
        {/* The status is chosen with the links below the form; a new search keeps it. */}
        {filter.status && <input type="hidden" name={STATUS_PARAM} value={filter.status} />}
        <div className="flex gap-2">
          <label htmlFor="search-query" className="sr-only">
            Suchbegriff
          </label>
          <SearchInput
            id="search-query"
            name="q"
            defaultValue={filter.query}
            key={filter.query}
            maxLength={200}
            placeholder="z. B. Backlinks, GA4 oder AI Overviews"
            aria-describedby="search-operators-hint"
          />
          <Button type="submit">Suchen</Button>
        </div>
        <p id="search-operators-hint" className="-mt-2 text-sm text-muted-foreground">
          Auch möglich: <code className="[overflow-wrap:anywhere]">status:gelöst</code>,{" "}
          <code className="[overflow-wrap:anywhere]">kategorie:sea</code>, <code className="[overflow-wrap:anywhere]">von:Vorname</code>{" "}
          oder <code className="[overflow-wrap:anywhere]">von:"Vorname Nachname"</code>.
        </p>
        {/* data-keep-open: on a guest's page, which reloads for each filter, the panel stays as the visitor left it. */}
        <details
          id="search-filters"
          data-keep-open
          className="rounded-xl border border-border bg-sidebar p-4"
          open={(filter.category || filter.dateRange || filter.tag || filter.sortBy !== "relevance") && !filter.query ? true : undefined}
        >
          <summary className="flex cursor-pointer items-center gap-2 font-medium">
            <Icon name="sliders-horizontal" className="size-4" />
            Filter &amp; Sortierung
          </summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div className="flex flex-col gap-1.5">
              <label htmlFor="search-category" className="text-sm font-medium">
                Kategorie
              </label>
              <CategorySelect
                id="search-category"
                name="category"
                allLabel="Alle Kategorien"
                defaultValue={filter.category ?? ""}
                key={`c-${filter.category}`}
                onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form)}
                data-live={0}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="search-date" className="text-sm font-medium">
                Zeitraum
              </label>
              <Select
                id="search-date"
                name="dateRange"
                defaultValue={filter.dateRange ?? ""}
                key={`d-${filter.dateRange}`}
                onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form)}
                data-live={0}
              >
                <option value="">Gesamter Zeitraum</option>
                {dateRanges.map((range) => (
                  <option key={range} value={range}>
                    {dateRangeLabels[range]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="search-tag" className="text-sm font-medium">
                Schlagwort
              </label>
              <Select
                id="search-tag"
                name="tag"
                defaultValue={filter.tag ?? ""}
                key={`t-${filter.tag}`}
                onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form)}
                data-live={0}
              >
                <option value="">Alle Schlagwörter</option>
                {tags.map((tag) => (
                  <option key={tag.slug} value={tag.slug}>
                    {tag.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="search-sort" className="text-sm font-medium">
                Sortierung
              </label>
              <Select
                id="search-sort"
                name="sortBy"
                defaultValue={filter.sortBy}
                key={`s-${filter.sortBy}`}
                onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form)}
                data-live={0}
              >
                {sortOptions.map((option) => (
                  <option key={option} value={option}>
                    {sortLabels[option]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" size="sm">
              Filter anwenden
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.search}>Zurücksetzen</Link>
            </Button>
          </div>
        </details>
      </Form>

      <StatusFilter current={search.status} hrefFor={(status) => searchHref({ ...filter, status })} />

      {chips.length > 0 && (
        <ul aria-label="Aktive Filter" className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip.label}>
              <Link
                to={searchHref({ ...filter, ...chip.without })}
                className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
                aria-label={`Filter ${chip.label} entfernen`}
              >
                {chip.label}
                <Icon name="x" className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      )}

      <div aria-live="polite" aria-busy={searching} className="flex flex-col gap-4">
        {result.total === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-8 text-center">
            <h2 className="text-lg font-semibold">Keine Ergebnisse gefunden</h2>
            {filter.query && <p className="mt-1 text-muted-foreground">Für „{filter.query}“ gibt es keine passenden Diskussionen.</p>}
            {suggestion && (
              <p className="mt-3 text-lg" data-testid="did-you-mean">
                Meinten Sie{" "}
                <Link
                  to={searchHref({ ...filter, query: suggestion })}
                  className="font-semibold text-brand-700 underline hover:text-brand-800"
                >
                  {suggestion}
                </Link>
                ?
              </p>
            )}
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="result-count">
              {result.capped
                ? `Mehr als ${formatCount(result.total)} Ergebnisse`
                : result.total === 1
                  ? "1 Ergebnis"
                  : `${result.total} Ergebnisse`}
              {filter.query ? ` für „${filter.query}“` : ""}
              {result.total > SEARCH_LIMIT ? ` – die ${SEARCH_LIMIT} ersten werden angezeigt` : ""}
            </p>
            <ol className="flex flex-col gap-3">
              {result.hits.map((hit) => (
                <li key={hit.id} data-testid="search-result" className="rounded-xl border border-border bg-background p-4">
                  <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <CategoryBadge category={hit.category} />
                    <time dateTime={new Date(hit.createdAt).toISOString()}>{formatAge(hit.createdAt, now)}</time>
                    <span>· {formatReplies(hit.repliesCount)}</span>
                    {hit.solved && <SolvedBadge />}
                    <UnreadBadge count={unread[hit.id]} />
                  </div>
                  <h2 className="mt-1.5 text-lg font-semibold">
                    <DiscussionLink slug={hit.slug} unread={unread[hit.id]} className="hover:text-brand-700">
                      <HighlightedText text={hit.title} terms={result.terms} />
                    </DiscussionLink>
                  </h2>
                  <TagLinks tags={hit.tags} className="mt-1.5" />
                  {hit.snippet && (
                    <p className="mt-1 text-sm text-muted-foreground">
                      <HighlightedText text={hit.snippet} terms={result.terms} />
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seoMeta(matches, {
    title: loaderData?.filter.query ? `Suche: ${loaderData.filter.query}` : "Suche",
    description: "Durchsuchen Sie alle Diskussionen der Marketing Community zu SEO, SEA, KI-Suche und Tools.",
    path: paths.search,
    // Result pages are not indexed; the search without criteria is (it is in the sitemap and lists every discussion).
    noindex: loaderData ? hasSearchCriteria(loaderData.filter) || loaderData.filter.sortBy !== "relevance" : true,
  });
