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

/** Where a category badge links to: its subforum, or home for categories without one. */
export function categoryHref(category: Category): string {
  const subforum = subforums.find((s) => s.category === category);
  return subforum ? `/subforum/${subforum.segment}` : "/";
}
