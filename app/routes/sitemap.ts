import { discussionEntries, sitemapIndexXml, sitemapLayout, staticEntries, urlsetXml, xmlResponse, SITEMAP_MAX_URLS } from "~/server/sitemap.server";

export async function loader() {
  const layout = await sitemapLayout();
  if (layout.kind === "index") return xmlResponse(sitemapIndexXml(layout.pages));
  return xmlResponse(urlsetXml([...staticEntries(), ...(await discussionEntries(0, SITEMAP_MAX_URLS))]));
}
