/** Value lists of the spec (section 3). The two experience lists differ on purpose and are both kept. */
export const directoryExpertise = ["seo", "sea", "ki-suche", "tools", "general"] as const;
export type DirectoryExpertise = (typeof directoryExpertise)[number];

export const expertiseLabels: Record<string, string> = {
  seo: "SEO",
  sea: "SEA",
  "ki-suche": "KI-Suche",
  tools: "Tools",
  general: "Allgemein",
  "content-marketing": "Content Marketing",
  "social-media": "Social Media",
  analytics: "Analytics",
  "e-commerce": "E-Commerce",
  "conversion-optimierung": "Conversion Optimierung",
};

export const experienceLabels: Record<string, string> = {
  anfaenger: "Anfänger (0-1 Jahre)",
  einsteiger: "Einsteiger (1-3 Jahre)",
  fortgeschritten: "Fortgeschritten (2-5 Jahre)",
  fortgeschrittener: "Fortgeschrittener (3-5 Jahre)",
  experte: "Experte (5+ Jahre)",
  "senior-experte": "Senior Experte (10+ Jahre)",
};

export const MEMBER_QUERY_MAX_LENGTH = 100;

export function isDirectoryExpertise(value: unknown): value is DirectoryExpertise {
  return typeof value === "string" && (directoryExpertise as readonly string[]).includes(value);
}

/** The directory's orders (?sort=): newest members first, the default, or by the reputation others gave them. */
export const memberSorts = ["newest", "helpful", "solutions"] as const;
export type MemberSort = (typeof memberSorts)[number];

export const memberSortLabels: Record<MemberSort, string> = {
  newest: "Neueste zuerst",
  helpful: "Am hilfreichsten",
  solutions: "Meiste Lösungen",
};

export function isMemberSort(value: unknown): value is MemberSort {
  return typeof value === "string" && (memberSorts as readonly string[]).includes(value);
}

export interface MemberFilter {
  query: string;
  expertise?: DirectoryExpertise;
  sort?: MemberSort;
}

/** The directory's URL: ?q=&expertise=&sort=&page=, empty values, "all", the default order and page 1 left out. */
export function membersHref({ query, expertise, sort }: MemberFilter, page = 1): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (expertise) params.set("expertise", expertise);
  if (sort && sort !== "newest") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/members?${search}` : "/members";
}
