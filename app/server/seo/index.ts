export { discussionCommentsFeed, feedResponse, rssFeed } from "./feeds.server";
export { discussionIndexNowPaths, indexNowKey, queueIndexNow, submitDueIndexNow } from "./index-now.server";
export { llmsTxt } from "./llms.server";
export { textForPage } from "./page-text.server";
export { AI_SEARCH_AGENTS, AI_TRAINING_AGENTS, robotsTxt } from "./robots.server";
export { discussionShareImage } from "./share-image.server";
export {
  addStructuredData,
  breadcrumbJsonLd,
  collectionPageJsonLd,
  discussionBreadcrumbs,
  discussionJsonLd,
  discussionListJsonLd,
  profilePageJsonLd,
  structuredDataScripts,
  tagListJsonLd,
  websiteJsonLd,
} from "./seo.server";
export {
  discussionEntries,
  discussionNumbersOnPage,
  fixedAndProfileEntries,
  profileEntries,
  singleSitemapEntries,
  SITEMAP_MAX_URLS,
  sitemapIndexPages,
  sitemapIndexXml,
  sitemapLayout,
  urlsetXml,
  xmlResponse,
} from "./sitemap.server";
