import { paths } from "./paths";

/** The six discussion categories. The value is what the database stores. */
export const categories = ["seo", "sea", "ki-suche", "general", "tools", "events"] as const;
export type Category = (typeof categories)[number];

export const categoryLabels: Record<Category, string> = {
  seo: "SEO",
  sea: "SEA",
  "ki-suche": "KI-Suche",
  general: "Allgemein",
  tools: "Tools",
  events: "Events",
};

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && (categories as readonly string[]).includes(value);
}

/** The three categories that have their own subforum page. The URL segment for ki-suche is "ai". */
export const subforums = [
  {
    category: "seo",
    segment: "seo",
    title: "SEO",
    description: "Technisches SEO, Content, Backlinks und Rankings",
  },
  {
    category: "sea",
    segment: "sea",
    title: "SEA",
    description: "Google Ads, Microsoft Ads und Performance-Kampagnen",
  },
  {
    category: "ki-suche",
    segment: "ai",
    title: "KI-Suche",
    description: "AI Overviews, ChatGPT, Perplexity und generative Suche",
  },
] as const satisfies ReadonlyArray<{ category: Category; segment: string; title: string; description: string }>;

export type Subforum = (typeof subforums)[number];

/**
 * The three categories without a subforum still get a listing page of the
 * same kind, under /category: otherwise their discussions drop off home's
 * latest list and no link reaches them any more.
 */
export const categoryPages = [
  {
    category: "general",
    segment: "allgemein",
    title: "Allgemein",
    description: "Fragen und Austausch rund ums Online-Marketing, die in kein Fachforum passen",
  },
  {
    category: "tools",
    segment: "tools",
    title: "Tools",
    description: "Software, Erweiterungen und Workflows für SEO, SEA und Analytics",
  },
  {
    category: "events",
    segment: "events",
    title: "Events",
    description: "Konferenzen, Meetups, Webinare und Treffen der Community",
  },
] as const satisfies ReadonlyArray<{ category: Category; segment: string; title: string; description: string }>;

/** The page that lists one category's discussions: a subforum, or a category page. */
export interface Listing {
  kind: "subforum" | "category";
  category: Category;
  segment: string;
  title: string;
  description: string;
  path: string;
}

/** Every category's listing page, the subforums first. */
export const listings: readonly Listing[] = [
  ...subforums.map((subforum) => ({ kind: "subforum" as const, ...subforum, path: paths.subforum(subforum.segment) })),
  ...categoryPages.map((page) => ({ kind: "category" as const, ...page, path: paths.category(page.segment) })),
];

/**
 * The listing a request for `pathname` (its page, data request or feed) is
 * about: the segment names it, and the path must be that listing's own, so
 * /category/seo and /subforum/tools stay unknown.
 */
export function listingAt(segment: string | undefined, pathname: string): Listing | undefined {
  const listing = listings.find((candidate) => candidate.segment === segment);
  const own = listing ? [listing.path, `${listing.path}.data`, paths.feedOf(listing.path)] : [];
  return own.includes(pathname) ? listing : undefined;
}

/** Where a category badge links to: the category's listing page. */
export function categoryHref(category: Category): string {
  return listings.find((listing) => listing.category === category)?.path ?? paths.home;
}
