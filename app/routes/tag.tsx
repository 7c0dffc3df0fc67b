import { data, redirect } from "react-router";
import { DiscussionCardList } from "~/components/discussions/discussion-card";
import { PageError } from "~/components/layout/page-error";
import { Pagination } from "~/components/discussions/pagination";
import { errorMeta, seoMeta } from "~/lib/seo";
import { pageHref, paths } from "~/lib/paths";
import { identityFrom } from "~/lib/site-identity";
import { readingPage } from "~/lib/hydration";
import { tagWatchLevels } from "~/lib/notifications";
import { TAG_INDEX_THRESHOLD } from "~/lib/tags";
import { texts } from "~/lib/texts";
import { can, getViewer, notFoundUnless, requirePageParam } from "~/server/accounts";
import { listTagPage, SUBFORUM_PAGE_SIZE, unreadCountsOf } from "~/server/discussions";
import { knownValue, readValuesTogether } from "~/server/db";
import { dispatch, firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { tagWatchLevelOf, watchSavedTitle, watchTag } from "~/server/notifications";
import { fail, sharedReads } from "~/server/platform";
import { tagAt } from "~/server/tags";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { WatchSwitch, watchHelp } from "~/components/discussions/watch-switch";
import { useShowToast } from "~/components/toast/use-show-toast";
import { addStructuredData, breadcrumbJsonLd, collectionPageJsonLd, discussionListJsonLd } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/tag";
import { BackLink } from "~/components/ui/back-link";

/** One tag's discussions (decision 0053), paginated like a subforum. Guests read it as finished HTML (decision 0036). */
export const handle = readingPage;

/** The page's description when staff wrote none. */
function descriptionOf(tag: { name: string; description: string }): string {
  return tag.description || `Diskussionen zum Thema ${tag.name} in der Marketing Community: Fragen, Erfahrungen und Lösungen.`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const found = await sharedReads.read(`tag:${params.slug}`, () => tagAt(params.slug));
  if (!found) throw data(null, { status: 404 });
  // A renamed or merged tag: its old address leads to the tag's page for good, with the page it asked for.
  if ("movedTo" in found) throw redirect(paths.tag(found.movedTo) + url.search, 301);
  const { tag } = found;
  const basePath = paths.tag(tag.slug);
  const page = requirePageParam(request, basePath);
  const [result, viewer] = await Promise.all([
    sharedReads.read(`tag:${tag.slug}:${page}`, () => listTagPage(tag.id, tag.discussionCount, page)),
    getViewer(request),
  ]);
  if (page > result.totalPages) throw data(null, { status: 404 });
  const description = descriptionOf(tag);
  addStructuredData(
    context,
    breadcrumbJsonLd([
      { name: (await siteIdentity()).name, path: paths.home },
      { name: "Schlagwörter", path: paths.tags },
      { name: tag.name, path: basePath },
    ]),
    collectionPageJsonLd(
      { name: tag.name, description, path: pageHref(basePath, page) },
      discussionListJsonLd(result.discussions, (page - 1) * SUBFORUM_PAGE_SIZE + 1),
    ),
  );
  // The member's own part, sent with the layout's bell in one statement (readValuesTogether).
  const { watch, unread } = await readValuesTogether(request, {
    watch: viewer && can(viewer, "watch") ? tagWatchLevelOf(viewer.id, tag.id) : knownValue(null),
    unread: unreadCountsOf(
      viewer,
      result.discussions.map((discussion) => discussion.id),
    ),
  });
  const shown = { slug: tag.slug, name: tag.name, description: tag.description, discussionCount: tag.discussionCount };
  return { tag: shown, ...result, unread, watch };
}

const tagActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("watch"),
      level: z.enum(tagWatchLevels, { error: "Bitte wählen Sie, ob Sie das Schlagwort beobachten." }),
    }),
  ],
  { error: texts.unknownError },
);

/** Watching the tag (decision 0056): members choose whether new discussions with it notify them. */
export async function action({ request, params }: Route.ActionArgs) {
  const found = await tagAt(params.slug);
  const { tag } = notFoundUnless(found && "tag" in found ? found : null);
  const viewer = await getViewer(request);
  const refusal = {
    failed: "Beobachtung nicht gespeichert",
    fallback: { forbidden: texts.permissionDenied, invalid: texts.unknownError, unexpected: texts.unexpectedError },
  };
  if (!viewer || !can(viewer, "watch")) return refuse(fail("forbidden"), refusal);
  const submission = parseWithZod(await readFormData(request), { schema: tagActionSchema });
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), refusal);
  return dispatch(submission.value, {
    watch: ({ level }) =>
      respond(watchTag(viewer, { tagId: tag.id, level }), {
        ...refusal,
        success: () => redirectWithToast(paths.tag(tag.slug), { type: "success", title: watchSavedTitle[level] }),
      }),
  });
}

export default function TagRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { tag, discussions, currentPage, totalPages, unread, watch } = loaderData;
  useShowToast(actionData?.toast);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <BackLink to={paths.tags}>Alle Schlagwörter</BackLink>
        <div>
          <p className="text-sm font-medium text-brand-700">Schlagwort</p>
          <h1 className="text-3xl font-bold tracking-tight break-words">{tag.name}</h1>
          {tag.description && <p className="mt-1 text-muted-foreground">{tag.description}</p>}
          <p className="mt-1 text-sm text-muted-foreground" data-testid="list-count">
            {tag.discussionCount} {tag.discussionCount === 1 ? "Diskussion" : "Diskussionen"}
            {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
          </p>
        </div>
      </header>
      {watch && (
        <WatchSwitch level={watch} legend={`Benachrichtigungen zum Schlagwort ${tag.name}`} help={watchHelp.tag} choices={tagWatchLevels} />
      )}
      {discussions.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <h2 className="text-lg font-semibold">Noch keine Diskussionen</h2>
          <p className="mt-1 text-muted-foreground">Zu diesem Schlagwort gibt es gerade keine sichtbaren Diskussionen.</p>
        </div>
      ) : (
        <DiscussionCardList discussions={discussions} unread={unread} />
      )}
      <Pagination basePath={paths.tag(tag.slug)} currentPage={currentPage} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Schlagwort nicht gefunden", identityFrom(matches));
  const { tag, currentPage } = loaderData;
  return [
    ...seoMeta(matches, {
      title: `${tag.name}: Diskussionen`,
      page: currentPage,
      description: descriptionOf(tag),
      path: pageHref(paths.tag(tag.slug), currentPage),
      // A thin tag page says little a discussion page does not: it waits outside the index (and the sitemap) until it has enough.
      noindex: tag.discussionCount < TAG_INDEX_THRESHOLD,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${tag.name} – ${identityFrom(matches).name}`,
      href: paths.feedOf(paths.tag(tag.slug)),
    },
  ];
};
