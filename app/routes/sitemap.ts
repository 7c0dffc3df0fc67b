import { discussionEntries, sitemapIndexXml, sitemapLayout, staticEntries, urlsetXml, xmlResponse } from "~/server/sitemap.server";

export async function loader() {
  const layout = await sitemapLayout();
  if (layout.kind === "index") return xmlResponse(sitemapIndexXml(layout.pages));
  return xmlResponse(urlsetXml([...staticEntries(), ...(await discussionEntries(layout.discussions))]));
}
