import { site } from "~/lib/site";
import { rssFeed } from "~/server/feeds.server";
import { xmlResponse } from "~/server/sitemap.server";

export async function loader() {
  const xml = await rssFeed({ title: `${site.name} – neueste Diskussionen`, path: "/", feedPath: "/feed.xml" });
  return xmlResponse(xml, "application/rss+xml; charset=utf-8");
}
