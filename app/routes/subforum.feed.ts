import { listingAt } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { feedResponse, rssFeed } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import { notFoundUnless } from "~/server/accounts";
import type { Route } from "./+types/subforum.feed";

/** The feed of a subforum, and under /category of a category without a subforum (routes.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const listing = notFoundUnless(listingAt(params.segment, new URL(request.url).pathname));
  const { xml, changedAt } = await rssFeed({
    category: listing.category,
    title: `${listing.title} – ${(await siteIdentity()).name}`,
    path: listing.path,
    feedPath: paths.feedOf(listing.path),
  });
  return feedResponse(request, xml, changedAt);
}
