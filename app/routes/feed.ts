import { feedResponse, rssFeed } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/feed";

export async function loader({ request }: Route.LoaderArgs) {
  const { xml, changedAt } = await rssFeed({
    title: `${(await siteIdentity()).name} – neueste Diskussionen`,
    path: "/",
    feedPath: "/feed.xml",
  });
  return feedResponse(request, xml, changedAt);
}
