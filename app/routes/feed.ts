import { site } from "~/lib/site";
import { feedResponse, rssFeed } from "~/server/seo";
import type { Route } from "./+types/feed";

export async function loader({ request }: Route.LoaderArgs) {
  const xml = await rssFeed({ title: `${site.name} – neueste Diskussionen`, path: "/", feedPath: "/feed.xml" });
  return feedResponse(request, xml);
}
