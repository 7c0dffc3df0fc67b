import { discussionEntries, fixedAndProfileEntries, sitemapIndexXml, sitemapLayout, urlsetXml, xmlResponse, SITEMAP_MAX_URLS } from "~/server/sitemap.server";

export async function loader() {
  const layout = await sitemapLayout();
  if (layout.kind === "index") return xmlResponse(sitemapIndexXml(layout.pages));
  return xmlResponse(urlsetXml([...(await fixedAndProfileEntries()), ...(await discussionEntries(0, SITEMAP_MAX_URLS))]));
}
