import { categories, categoryLabels, type Category } from "./categories";
import { discussionStatuses, STATUS_PARAM, type DiscussionStatus } from "./discussion-status";

export const SEARCH_LIMIT = 50;
export const QUERY_MAX_LENGTH = 200;

export const sortOptions = ["relevance", "newest", "oldest", "most_replies", "most_views"] as const;
export type SortOption = (typeof sortOptions)[number];
export const sortLabels: Record<SortOption, string> = {
  relevance: "Relevanz",
  newest: "Neueste zuerst",
  oldest: "Älteste zuerst",
  most_replies: "Meiste Antworten",
  most_views: "Meiste Aufrufe",
};

export const dateRanges = ["today", "week", "month", "year"] as const;
export type DateRange = (typeof dateRanges)[number];
export const dateRangeLabels: Record<DateRange, string> = {
  today: "Heute",
  week: "Letzte 7 Tage",
  month: "Dieser Monat",
  year: "Dieses Jahr",
};

export interface SearchFilter {
  query: string;
  category: Category | undefined;
  dateRange: DateRange | undefined;
  sortBy: SortOption;
  /** "Offen" or "Gelöst"; undefined for all. */
  status: DiscussionStatus | undefined;
  /** A tag's slug (decision 0052): only discussions that carry it. */
  tag?: string | undefined;
}

/** A tag's slug as a URL names it; anything else is ignored like an unknown category. */
function tagParam(value: string | null): string | undefined {
  return value && value.length <= 80 && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? value : undefined;
}

function pick<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;
}

/** Reads the filter from the URL; unknown categories, ranges, sorts and statuses are ignored (spec). */
export function parseSearchFilter(params: URLSearchParams): SearchFilter {
  return {
    query: (params.get("q") ?? "").trim().slice(0, QUERY_MAX_LENGTH),
    category: pick(categories, params.get("category")),
    dateRange: pick(dateRanges, params.get("dateRange")),
    sortBy: pick(sortOptions, params.get("sortBy")) ?? "relevance",
    status: pick(discussionStatuses, params.get(STATUS_PARAM)),
    tag: tagParam(params.get("tag")),
  };
}

/** The one URL for a filter: empty values and the default sort are left out. */
export function searchHref(filter: Partial<SearchFilter>): string {
  const params = new URLSearchParams();
  if (filter.query) params.set("q", filter.query);
  if (filter.category) params.set("category", filter.category);
  if (filter.dateRange) params.set("dateRange", filter.dateRange);
  if (filter.sortBy && filter.sortBy !== "relevance") params.set("sortBy", filter.sortBy);
  if (filter.status) params.set(STATUS_PARAM, filter.status);
  if (filter.tag) params.set("tag", filter.tag);
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

/** The spec searches only when there is a query, a category or a date range; "Offen" or "Gelöst" is one too. */
export function hasSearchCriteria(filter: SearchFilter): boolean {
  return (
    filter.query !== "" ||
    filter.category !== undefined ||
    filter.dateRange !== undefined ||
    filter.status !== undefined ||
    filter.tag !== undefined
  );
}

/** Words worth highlighting: at least two characters, without search operators. */
export function highlightTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .replace(/["()]/g, " ")
        .split(/\s+/)
        .map((word) => word.replace(/^[-+]/, "").toLowerCase()),
    ),
  ].filter((word) => word.length >= 2 && word !== "or");
}

const berlinFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function berlinParts(date: Date) {
  const parts = Object.fromEntries(berlinFormat.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The instant of midnight in Berlin on the given calendar day. */
function berlinMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  const p = berlinParts(new Date(guess));
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - guess;
  return new Date(guess - offset);
}

/** Spec section 9: today since the start of the day, week the last 7 days, month since the 1st, year since 1 January. */
export function dateRangeStart(range: DateRange, now: Date): Date {
  const { year, month, day } = berlinParts(now);
  switch (range) {
    case "today":
      return berlinMidnight(year, month, day);
    case "week":
      return new Date(now.getTime() - 7 * 24 * 3_600_000);
    case "month":
      return berlinMidnight(year, month, 1);
    case "year":
      return berlinMidnight(year, 1, 1);
  }
}

export { categoryLabels };

/**
 * Where home's "Alle offenen Fragen" leads: the search for open discussions, newest first. robots.txt lets crawlers
 * fetch this one search, so they read its noindex instead of keeping a link into a closed path.
 */
export const openQuestionsHref = searchHref({ status: "open", sortBy: "newest" });
