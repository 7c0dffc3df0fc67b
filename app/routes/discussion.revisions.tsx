import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { RevisionList } from "~/components/discussions/revision-list";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { canRead, getViewer, notFoundUnless } from "~/server/accounts";
import { commentHref, getDiscussionBySlug, listRevisions } from "~/server/discussions";
import type { Route } from "./+types/discussion.revisions";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const commentNotFound = "Diesen Kommentar gibt es nicht.";

/**
 * "bearbeitet" on a post leads here: each edit of the discussion (or, with ?comment=, of one of its comments)
 * as a word diff against the version before. The history exists for whoever the post's own page shows it to: a
 * held or hidden post for staff and its author only, anyone else gets the 404 the post gives
 * (app/server/discussions/revisions.server.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const found = await getDiscussionBySlug(params.slug);
  const discussion = notFoundUnless(found && canRead(viewer, found) ? found : null, texts.discussionNotFound);
  const commentId = new URL(request.url).searchParams.get("comment");
  if (commentId !== null && !UUID.test(commentId)) notFoundUnless(null, commentNotFound);
  const revisions = notFoundUnless(await listRevisions(viewer, discussion, commentId), commentNotFound);
  return {
    discussion: { slug: discussion.slug, title: discussion.title },
    revisions,
    back: commentId ? await commentHref(discussion, commentId) : paths.discussion(discussion.slug),
  };
}

export default function DiscussionRevisionsRoute({ loaderData }: Route.ComponentProps) {
  const { discussion, revisions, back } = loaderData;
  const ofComment = revisions.post.kind === "comment";
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Link to={back} className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 hover:underline">
        <Icon name="arrow-left" className="size-4" />
        {ofComment ? "Zurück zum Kommentar" : "Zurück zur Diskussion"}
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words">Bearbeitungsverlauf</h1>
        <p className="text-muted-foreground break-words">
          {ofComment
            ? `Kommentar${revisions.post.authorName ? ` von ${revisions.post.authorName}` : ""} in „${discussion.title}“`
            : `Diskussion „${discussion.title}“`}
        </p>
      </header>
      <RevisionList revisions={revisions} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFoundTitle={texts.discussionNotFound} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) =>
  seoMeta(matches, {
    title: loaderData ? `Bearbeitungsverlauf: ${loaderData.discussion.title}` : texts.discussionNotFound,
    path: `${paths.discussion(params.slug)}/revisions`,
    noindex: true,
  });
