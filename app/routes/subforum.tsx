import { Icon } from "~/components/ui/icon";
import { data, Link, redirect } from "react-router";
import { DiscussionCardList } from "~/components/discussions/discussion-card";
import { PageError } from "~/components/layout/page-error";
import { Pagination } from "~/components/discussions/pagination";
import { StatusFilter } from "~/components/discussions/status-filter";
import { Button } from "~/components/ui/button";
import { listingAt } from "~/lib/categories";
import { readStatusParam, statusHref, type DiscussionStatus } from "~/lib/discussion-status";
import { errorMeta, seoMeta } from "~/lib/seo";
import { pageHref, paths } from "~/lib/paths";
import { identityFrom } from "~/lib/site-identity";
import { can, getViewer, notFoundUnless, requirePageParam } from "~/server/accounts";
import { listSubforumPage, SUBFORUM_PAGE_SIZE, unreadCountsOf } from "~/server/discussions";
import { categoryWatchLevelOf, watchCategory, watchSavedTitle } from "~/server/notifications";
import { knownValue, readValuesTogether } from "~/server/db";
import { fail, sharedReads } from "~/server/platform";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { WatchSwitch, watchHelp } from "~/components/discussions/watch-switch";
import { useShowToast } from "~/components/toast/use-show-toast";
import { watchLevels } from "~/lib/notifications";
import { texts } from "~/lib/texts";
import { addStructuredData, breadcrumbJsonLd, discussionListJsonLd } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/subforum";
import { readingPage } from "~/lib/hydration";
import { BackLink } from "~/components/ui/back-link";

/** A subforum's list, and under /category the same list for a category without a subforum (routes.ts). */
/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const subforum = notFoundUnless(listingAt(params.segment, url.pathname));
  const requested = readStatusParam(url.searchParams);
  // An unknown filter is left out, as the search and the directory do: one URL per list, and no cache entry per typo.
  if (requested === null) {
    url.searchParams.delete("status");
    throw redirect(url.pathname + url.search);
  }
  const status = requested;
  const page = requirePageParam(request, statusHref(subforum.path, status));
  const [result, viewer] = await Promise.all([
    sharedReads.read(`category:${subforum.category}:${status ?? "all"}:${page}`, () => listSubforumPage(subforum.category, page, status)),
    getViewer(request),
  ]);
  if (page > result.totalPages) throw data(null, { status: 404 });
  const breadcrumbs = breadcrumbJsonLd([
    { name: (await siteIdentity()).name, path: "/" },
    { name: subforum.title, path: subforum.path },
  ]);
  addStructuredData(context, breadcrumbs, discussionListJsonLd(result.discussions, (page - 1) * SUBFORUM_PAGE_SIZE + 1));
  // The member's own part, sent with the layout's bell in one statement (readValuesTogether).
  const { watch, unread } = await readValuesTogether(request, {
    watch: viewer && can(viewer, "watch") ? categoryWatchLevelOf(viewer.id, subforum.category) : knownValue(null),
    unread: unreadCountsOf(
      viewer,
      result.discussions.map((discussion) => discussion.id),
    ),
  });
  return { subforum, ...result, unread, signedIn: viewer !== null, watch };
}

const subforumActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("watch"), level: z.enum(watchLevels, { error: "Bitte wählen Sie, wie Sie die Kategorie verfolgen." }) })],
  { error: texts.unknownError },
);

/** Watching the category: members choose whether new discussions here notify them. */
export async function action({ request, params }: Route.ActionArgs) {
  const subforum = notFoundUnless(listingAt(params.segment, new URL(request.url).pathname));
  const viewer = await getViewer(request);
  const refusal = {
    failed: "Beobachtung nicht gespeichert",
    fallback: { forbidden: texts.permissionDenied, invalid: texts.unknownError, unexpected: texts.unexpectedError },
  };
  if (!viewer || !can(viewer, "watch")) return refuse(fail("forbidden"), refusal);
  const submission = parseWithZod(await readFormData(request), { schema: subforumActionSchema });
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), refusal);
  return dispatch(submission.value, {
    watch: ({ level }) =>
      respond(watchCategory(viewer, { category: subforum.category, level }), {
        ...refusal,
        success: () => redirectWithToast(subforum.path, { type: "success", title: watchSavedTitle[level] }),
      }),
  });
}

export default function SubforumRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { subforum, discussions, currentPage, totalPages, totalCount, status, counts, unread, signedIn, watch } = loaderData;
  useShowToast(actionData?.toast);
  const basePath = statusHref(subforum.path, status);
  const createHref = `${paths.createDiscussion}?category=${subforum.category}`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <BackLink to={paths.home}>Zurück zur Übersicht</BackLink>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{subforum.title}</h1>
            <p className="mt-1 text-muted-foreground">{subforum.description}</p>
            <p className="mt-1 text-sm text-muted-foreground" data-testid="list-count">
              {countLine(totalCount, status)}
              {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
            </p>
          </div>
          {signedIn && (
            <Button asChild>
              <Link to={createHref}>
                <Icon name="plus" />
                Neue Diskussion starten
              </Link>
            </Button>
          )}
        </div>
      </header>

      {watch && <WatchSwitch level={watch} legend={`Benachrichtigungen zu ${subforum.title}`} help={watchHelp.category} />}

      {counts.all > 0 && <StatusFilter current={status} counts={counts} hrefFor={(choice) => statusHref(subforum.path, choice)} />}

      {discussions.length === 0 && status ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <h2 className="text-lg font-semibold">{emptyFiltered[status].title}</h2>
          <p className="mt-1 text-muted-foreground">{emptyFiltered[status].text}</p>
          <Button asChild variant="secondary" className="mt-4">
            <Link to={subforum.path}>Alle Diskussionen anzeigen</Link>
          </Button>
        </div>
      ) : discussions.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <h2 className="text-lg font-semibold">Noch keine Diskussionen</h2>
          <p className="mt-1 text-muted-foreground">
            Starten Sie die erste Diskussion {subforum.kind === "subforum" ? "in diesem Subforum" : "in dieser Kategorie"}!
          </p>
          {signedIn && (
            <Button asChild className="mt-4">
              <Link to={createHref}>Erste Diskussion starten</Link>
            </Button>
          )}
        </div>
      ) : (
        <DiscussionCardList discussions={discussions} unread={unread} />
      )}
      <Pagination basePath={basePath} currentPage={currentPage} totalPages={totalPages} />
    </div>
  );
}

/** "12 Diskussionen", "1 offene Diskussion", "3 gelöste Diskussionen". */
function countLine(count: number, status: DiscussionStatus | undefined): string {
  const noun = count === 1 ? "Diskussion" : "Diskussionen";
  const adjective = status === "open" ? "offene " : status === "solved" ? "gelöste " : "";
  return `${count} ${adjective}${noun}`;
}

const emptyFiltered: Record<DiscussionStatus, { title: string; text: string }> = {
  open: { title: "Keine offenen Fragen", text: "Jede Diskussion hier hat eine Antwort, die als Lösung markiert ist." },
  solved: {
    title: "Noch keine gelösten Diskussionen",
    text: "Sobald eine Antwort als Lösung markiert ist, erscheint ihre Diskussion hier.",
  },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, undefined, identityFrom(matches));
  const { subforum, currentPage, status } = loaderData;
  const title = subforum.kind === "subforum" ? `${subforum.title}-Forum` : `Kategorie ${subforum.title}`;
  return [
    ...seoMeta(matches, {
      title: status ? `${title}: ${status === "open" ? "offene" : "gelöste"} Diskussionen` : title,
      page: currentPage,
      description: `${subforum.title}: ${subforum.description}. Fragen, Fallstudien und Diskussionen der Marketing Community.`,
      // Each page is canonical to itself (page 1 has no parameter); a filtered one too, and it is not indexed:
      // its discussions are all on the unfiltered pages, which search engines should list.
      path: pageHref(statusHref(subforum.path, status), currentPage),
      noindex: status !== undefined,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${subforum.title} – ${identityFrom(matches).name}`,
      href: paths.feedOf(subforum.path),
    },
  ];
};
