import { Icon } from "~/components/ui/icon";
import { PageError } from "~/components/layout/page-error";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { Pagination } from "~/components/discussions/pagination";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { Select } from "~/components/ui/select";
import { formatCount } from "~/lib/format";
import {
  directoryExpertise,
  expertiseLabels,
  isDirectoryExpertise,
  isMemberSort,
  MEMBER_QUERY_MAX_LENGTH,
  type MemberFilter,
  membersHref,
  memberSortLabels,
  memberSorts,
} from "~/lib/members";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { requirePageParam } from "~/server/accounts";
import { listMembers } from "~/server/members";
import type { Route } from "./+types/members";
import { readingPage } from "~/lib/hydration";

const SEARCH_DEBOUNCE_MS = 300;

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, MEMBER_QUERY_MAX_LENGTH);
  const requested = url.searchParams.get("expertise");
  const requestedSort = url.searchParams.get("sort");
  const filter: MemberFilter = {
    query,
    expertise: isDirectoryExpertise(requested) ? requested : undefined,
    sort: isMemberSort(requestedSort) ? requestedSort : "newest",
  };
  const page = requirePageParam(request, membersHref(filter));
  // One URL per filter, order and page, so a shared link and a plain form submission show the same page.
  const canonical = membersHref(filter, page);
  if (canonical !== url.pathname + url.search) throw redirect(canonical);
  const result = await listMembers(filter, page);
  if (page > result.totalPages) throw data(null, { status: 404 });
  return { filter, ...result };
}

export default function MembersRoute({ loaderData }: Route.ComponentProps) {
  const { filter, members, currentPage, totalPages, totalCount } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === paths.members;
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function apply(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const data = new FormData(form.current);
      const nextExpertise = data.get("expertise");
      const nextSort = data.get("sort");
      const href = membersHref({
        query: String(data.get("q") ?? "").trim(),
        expertise: isDirectoryExpertise(nextExpertise) ? nextExpertise : undefined,
        sort: isMemberSort(nextSort) ? nextSort : undefined,
      });
      void navigate(href, { replace: true, preventScrollReset: true });
    }, delay);
  }

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Mitglieder-Verzeichnis</h1>
        <p className="mt-1 text-muted-foreground">Entdecke die Marketing-Experten unserer Community</p>
        {totalPages > 1 && (
          <p className="mt-1 text-sm text-muted-foreground">
            {totalCount} Mitglieder · Seite {currentPage} von {totalPages}
          </p>
        )}
      </header>
      <Form
        ref={form}
        method="get"
        action={paths.members}
        role="search"
        aria-label="Mitglieder durchsuchen"
        className="flex flex-col gap-3 sm:flex-row"
        // For a guest page's script (app/enhance/guest.ts): the same live filter as apply() below, by data attributes.
        data-live-replace
        data-clean-get
        onSubmit={(event) => {
          event.preventDefault();
          apply(0);
        }}
      >
        <label htmlFor="member-query" className="sr-only">
          Nach Name oder Unternehmen suchen
        </label>
        <SearchInput
          id="member-query"
          name="q"
          defaultValue={filter.query}
          maxLength={MEMBER_QUERY_MAX_LENGTH}
          placeholder="Nach Name oder Unternehmen suchen..."
          onChange={() => apply(SEARCH_DEBOUNCE_MS)}
          data-live={SEARCH_DEBOUNCE_MS}
        />
        <label htmlFor="member-expertise" className="sr-only">
          Fachgebiet
        </label>
        <Select
          id="member-expertise"
          name="expertise"
          defaultValue={filter.expertise ?? ""}
          onChange={() => apply(0)}
          data-live={0}
          className="sm:w-48"
        >
          <option value="">Alle Bereiche</option>
          {directoryExpertise.map((value) => (
            <option key={value} value={value}>
              {expertiseLabels[value]}
            </option>
          ))}
        </Select>
        <label htmlFor="member-sort" className="sr-only">
          Sortierung
        </label>
        <Select
          id="member-sort"
          name="sort"
          defaultValue={filter.sort ?? "newest"}
          onChange={() => apply(0)}
          data-live={0}
          className="sm:w-52"
        >
          {memberSorts.map((value) => (
            <option key={value} value={value}>
              {memberSortLabels[value]}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="secondary">
          Suchen
        </Button>
      </Form>

      <div aria-live="polite" aria-busy={loading}>
        {loading ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Mitglieder werden geladen">
            {Array.from({ length: 9 }, (_, i) => (
              <li key={i} data-testid="member-skeleton" className="h-32 animate-pulse rounded-xl bg-muted" />
            ))}
          </ul>
        ) : members.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-10 text-center">
            <Icon name="users" className="mx-auto size-8 text-muted-foreground" />
            <h2 className="mt-2 text-lg font-semibold">Keine Mitglieder gefunden</h2>
            <p className="mt-1 text-muted-foreground">Versuche es mit anderen Suchkriterien.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((member) => (
              <li key={member.id}>
                <Link
                  to={paths.profile(member.id)}
                  data-testid="member-card"
                  className="flex h-full gap-3 rounded-xl border border-border bg-background p-4 shadow-sm hover:border-brand-200"
                >
                  <Avatar name={`${member.firstName} ${member.lastName}`} src={member.avatarUrl} size="lg" />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-semibold">{member.firstName}</span>
                    {member.company && <span className="truncate text-sm text-muted-foreground">{member.company}</span>}
                    {member.bio && <span className="mt-1 line-clamp-2 text-sm break-words">{member.bio}</span>}
                    <Reputation helpful={member.helpfulReceived} solutions={member.solutionsCount} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Pagination basePath={membersHref(filter)} currentPage={currentPage} totalPages={totalPages} />
    </div>
  );
}

/** What others gave the member, on the card; nothing while there is nothing to show. */
function Reputation({ helpful, solutions }: { helpful: number; solutions: number }) {
  if (helpful === 0 && solutions === 0) return null;
  return (
    <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" data-testid="member-reputation">
      {helpful > 0 && (
        <span className="inline-flex items-center gap-1">
          <Icon name="thumbs-up" className="size-3.5" />
          {formatCount(helpful)} × hilfreich
        </span>
      )}
      {solutions > 0 && (
        <span className="inline-flex items-center gap-1">
          <Icon name="circle-check" className="size-3.5" />
          {formatCount(solutions)} {solutions === 1 ? "Lösung" : "Lösungen"}
        </span>
      )}
    </span>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} loadFailedTitle="Fehler beim Laden der Mitglieder" />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seoMeta(matches, {
    title: "Mitglieder-Verzeichnis",
    description: "Entdecken Sie die Marketing-Experten unserer Community: SEO, SEA, KI-Suche und Tools.",
    page: loaderData?.currentPage,
    // Each page is canonical to itself (a filtered or reordered one too, which is not indexed).
    path: loaderData ? membersHref(loaderData.filter, loaderData.currentPage) : paths.members,
    noindex: Boolean(loaderData && (loaderData.filter.query || loaderData.filter.expertise || loaderData.filter.sort !== "newest")),
  });
