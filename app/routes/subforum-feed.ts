import { subforums } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { feedResponse, rssFeed } from "~/server/feeds.server";
import { notFoundUnless } from "~/server/guards.server";
import type { Route } from "./+types/subforum-feed";

export async function loader({ params, request }: Route.LoaderArgs) {
  const subforum = notFoundUnless(subforums.find((s) => s.segment === params.segment));
  const path = paths.subforum(subforum.segment);
  const xml = await rssFeed({ category: subforum.category, title: `${subforum.title} – ${site.name}`, path, feedPath: `${path}/feed.xml` });
  return feedResponse(request, xml);
}
