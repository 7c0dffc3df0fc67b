import { discussionEntries, discussionNumbersOnPage, sitemapLayout, fixedAndProfileEntries, urlsetXml, xmlResponse } from "~/server/seo";
import type { Route } from "./+types/sitemaps";

/** One page of a sitemap index: /sitemaps/1.xml holds the fixed pages and the profiles, 2.xml… the discussions by number. */
export async function loader({ params }: Route.LoaderArgs) {
  // A resource route: a thrown data(null) would go out as the JSON body "null".
  const unknownPage = () =>
    new Response("Diese Sitemap-Seite gibt es nicht.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=900" },
    });
  const page = Number(/^([1-9]\d{0,4})\.xml$/.exec(params.file)?.[1] ?? 0);
  const layout = await sitemapLayout();
  if (layout.kind !== "index" || page < 1 || page > layout.pages) return unknownPage();
  if (page === 1) return xmlResponse(urlsetXml(await fixedAndProfileEntries()));
  const entries = await discussionEntries(discussionNumbersOnPage(page));
  // Every discussion of the range hidden or deleted: the index leaves the page out, and an empty urlset is invalid.
  if (entries.length === 0) return unknownPage();
  return xmlResponse(urlsetXml(entries));
}
