import { data, redirect } from "react-router";
import { paths } from "~/lib/paths";
import { feedResponse, rssFeed } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import { tagAt } from "~/server/tags";
import type { Route } from "./+types/tag.feed";

/** A tag's feed (decision 0053): its newest visible discussions, like a subforum's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await tagAt(params.slug);
  if (!found) throw data(null, { status: 404 });
  if ("movedTo" in found) throw redirect(paths.feedOf(paths.tag(found.movedTo)), 301);
  const { tag } = found;
  const { xml, changedAt } = await rssFeed({
    tagId: tag.id,
    title: `${tag.name} – ${(await siteIdentity()).name}`,
    path: paths.tag(tag.slug),
    feedPath: paths.feedOf(paths.tag(tag.slug)),
    description: tag.description,
  });
  return feedResponse(request, xml, changedAt);
}
