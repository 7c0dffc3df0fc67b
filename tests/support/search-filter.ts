import type { SearchFilter } from "~/lib/search";

/** A search as the search form sends it without any filter chosen, with the given overrides. */
export function searchFilter(query: string, overrides: Partial<SearchFilter> = {}): SearchFilter {
  return { query, category: undefined, dateRange: undefined, sortBy: "relevance", status: undefined, ...overrides };
}
