import { ArrowLeftIcon, PlusIcon } from "lucide-react";
import { data, Link } from "react-router";
import { DiscussionCard } from "~/components/discussions/discussion-card";
import { PageError } from "~/components/layout/page-error";
import { Pagination } from "~/components/discussions/pagination";
import { Button } from "~/components/ui/button";
import { listingAt } from "~/lib/categories";
import { seoMeta } from "~/lib/seo";
import { pageHref, paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { can, getViewer, notFoundUnless, requirePageParam } from "~/server/accounts";
import { listSubforumPage, SUBFORUM_PAGE_SIZE, unreadCounts } from "~/server/discussions";
import { categoryWatchLevel, watchCategory, watchSavedTitle } from "~/server/notifications";
import { dispatch, fail, firstMessage, readFormData, redirectWithToast, refuse, respond, sharedReads } from "~/server/platform";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { WatchSwitch, watchHelp } from "~/components/discussions/watch-switch";
import { useShowToast } from "~/components/toast/use-show-toast";
import { watchLevels } from "~/lib/notifications";
import { texts } from "~/lib/texts";
import { addStructuredData, breadcrumbJsonLd, discussionListJsonLd } from "~/server/seo";
import type { Route } from "./+types/subforum";

/** A subforum's list, and under /category the same list for a category without a subforum (routes.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const subforum = notFoundUnless(listingAt(params.segment, new URL(request.url).pathname));
  const page = requirePageParam(request, subforum.path);
  const [result, viewer] = await Promise.all([
    sharedReads.read(`category:${subforum.category}:${page}`, () => listSubforumPage(subforum.category, page)),
    getViewer(request),
  ]);
  if (page > result.totalPages) throw data(null, { status: 404 });
  const breadcrumbs = breadcrumbJsonLd([
    { name: site.name, path: "/" },
    { name: subforum.title, path: subforum.path },
  ]);
  addStructuredData(context, breadcrumbs, discussionListJsonLd(result.discussions, (page - 1) * SUBFORUM_PAGE_SIZE + 1));
  const watch = viewer && can(viewer, "watch") ? await categoryWatchLevel(viewer.id, subforum.category) : null;
  const unread = await unreadCounts(
    viewer,
    result.discussions.map((discussion) => discussion.id),
  );
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
      respond(watchCategory(viewer, subforum.category, level), {
        ...refusal,
        success: () => redirectWithToast(subforum.path, { type: "success", title: watchSavedTitle[level] }),
      }),
  });
}

export default function SubforumRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { subforum, discussions, currentPage, totalPages, totalCount, unread, signedIn, watch } = loaderData;
  useShowToast(actionData?.toast);
  const basePath = subforum.path;
  const createHref = `${paths.createDiscussion}?category=${subforum.category}`;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <Link to={paths.home} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Zurück zur Übersicht
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{subforum.title}</h1>
            <p className="mt-1 text-muted-foreground">{subforum.description}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {totalCount} {totalCount === 1 ? "Diskussion" : "Diskussionen"}
              {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
            </p>
          </div>
          {signedIn && (
            <Button asChild>
              <Link to={createHref}>
                <PlusIcon aria-hidden="true" />
                Neue Diskussion starten
              </Link>
            </Button>
          )}
        </div>
      </header>

      {watch && <WatchSwitch level={watch} legend={`Benachrichtigungen zu ${subforum.title}`} help={watchHelp.category} />}

      {discussions.length === 0 ? (
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
        <ul className="flex flex-col gap-3">
          {discussions.map((discussion) => (
            <li key={discussion.id}>
              <DiscussionCard discussion={discussion} unread={unread[discussion.id]} />
            </li>
          ))}
        </ul>
      )}
      <Pagination basePath={basePath} currentPage={currentPage} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  if (!loaderData) return seoMeta(matches, { title: "Seite nicht gefunden", path: location.pathname, noindex: true });
  const { subforum, currentPage } = loaderData;
  return [
    ...seoMeta(matches, {
      title: subforum.kind === "subforum" ? `${subforum.title}-Forum` : `Kategorie ${subforum.title}`,
      page: currentPage,
      description: `${subforum.title}: ${subforum.description}. Fragen, Fallstudien und Diskussionen der Marketing Community.`,
      // Each page is canonical to itself; page 1 has no parameter.
      path: pageHref(subforum.path, currentPage),
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${subforum.title} – ${site.name}`,
      href: paths.feedOf(subforum.path),
    },
  ];
};
