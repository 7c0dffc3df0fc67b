import { singleSitemapEntries, sitemapIndexPages, sitemapIndexXml, sitemapLayout, urlsetXml, xmlResponse } from "~/server/seo";

export async function loader() {
  const layout = await sitemapLayout();
  if (layout.kind === "index") return xmlResponse(sitemapIndexXml(await sitemapIndexPages(layout.pages)));
  return xmlResponse(urlsetXml(await singleSitemapEntries(layout.discussions)));
}
