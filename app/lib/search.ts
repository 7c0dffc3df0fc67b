import { categories, categoryLabels, type Category } from "./categories";
import { discussionStatuses, STATUS_PARAM, statusLabels, type DiscussionStatus } from "./discussion-status";
import { tagSlug } from "./tags";

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
  /** A tag's slug (decision 0053): only discussions that carry it. */
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

/**
 * What the one search box understands besides words: `status:gelöst`, `kategorie:sea`, `von:Aylin` (or
 * `von:"Aylin Yilmaz"`). One row per operator: its names as typed (small letters), how it reads a value (undefined:
 * not a value it knows, and the whole token stays plain text) and how the page names what it read. Only these
 * names are operators; anything else with a colon ("https://…", "Tipp:") is text.
 */
interface OperatorFilters {
  status: DiscussionStatus;
  category: Category;
  author: string;
  /** A tag's slug (decision 0053). */
  tag: string;
}
type OperatorKey = keyof OperatorFilters;

interface Operator<K extends OperatorKey> {
  names: readonly string[];
  read(value: string): OperatorFilters[K] | undefined;
  label(value: OperatorFilters[K]): string;
}

const simplified = (value: string) =>
  value.normalize("NFC").toLocaleLowerCase("de").replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss");

const statusWords: Record<string, DiscussionStatus> = {
  geloest: "solved",
  solved: "solved",
  erledigt: "solved",
  offen: "open",
  open: "open",
  ungeloest: "open",
};

const categoryWords: Record<string, Category> = Object.fromEntries(
  categories.flatMap((category) => [
    [simplified(category), category],
    [simplified(categoryLabels[category]), category],
  ]),
);

export const searchOperators: { [K in OperatorKey]: Operator<K> } = {
  status: {
    names: ["status"],
    read: (value) => statusWords[simplified(value)],
    label: (status) => `Status: ${statusLabels[status]}`,
  },
  category: {
    names: ["kategorie", "category"],
    // The category's value as in the URL ("ki-suche") or its name ("KI-Suche", "Allgemein").
    read: (value) => categoryWords[simplified(value)],
    label: (category) => `Kategorie: ${categoryLabels[category]}`,
  },
  author: {
    names: ["von"],
    // A first name, or first and last name in quotes; what the lists show of an author anyway.
    read: (value) => {
      const name = value.replace(/\s+/g, " ").trim();
      return name.length >= 2 && name.length <= 80 ? name : undefined;
    },
    label: (name) => `Von: ${name}`,
  },
  tag: {
    names: ["tag", "schlagwort"],
    // A tag's name or slug ("GA4", "core-web-vitals", "llms.txt"), as its page's address spells it.
    read: (value) => tagParam(tagSlug(value)),
    label: (slug) => `Schlagwort: ${slug}`,
  },
};

const operatorByName = new Map<string, OperatorKey>(
  (Object.keys(searchOperators) as OperatorKey[]).flatMap((key) => searchOperators[key].names.map((name) => [name, key] as const)),
);

/** An operator as typed and as read: `source` is its text in the query, so it can be taken out again. */
export interface ReadOperator {
  key: OperatorKey;
  source: string;
  label: string;
}

/** The search box's content taken apart: the words to search for and what the operators ask for. */
export interface ReadQuery extends Partial<OperatorFilters> {
  /** The query without its operators, single spaces. */
  text: string;
  operators: ReadOperator[];
}

const operatorPattern = /(?<![\p{L}\p{N}_])([\p{L}]+):(?:"([^"]*)"?|([^\s"]+))/gu;

/** Reads the operators out of a query; the first of each kind counts, a later one stays text. */
export function readSearchQuery(query: string): ReadQuery {
  const read: ReadQuery = { text: "", operators: [] };
  const text = query.replace(operatorPattern, (source, name: string, quoted: string | undefined, bare: string | undefined) => {
    const key = operatorByName.get(name.toLocaleLowerCase("de"));
    if (!key || read[key] !== undefined) return source;
    const operator = searchOperators[key] as Operator<typeof key>;
    const value = operator.read(quoted ?? bare ?? "");
    if (value === undefined) return source;
    (read as Record<OperatorKey, unknown>)[key] = value;
    read.operators.push({ key, source, label: (operator.label as (value: unknown) => string)(value) });
    return " ";
  });
  read.text = text.replace(/\s+/g, " ").trim();
  return read;
}

/**
 * The filter a search applies: the operators typed into the box before the controls below it (a category typed
 * as `kategorie:sea` wins over the category chosen in the list), the remaining words as its text.
 */
export interface EffectiveSearch {
  text: string;
  category: Category | undefined;
  status: DiscussionStatus | undefined;
  author: string | undefined;
  tag: string | undefined;
  dateRange: DateRange | undefined;
  sortBy: SortOption;
  operators: ReadOperator[];
}

export function effectiveSearch(filter: SearchFilter): EffectiveSearch {
  const read = readSearchQuery(filter.query);
  return {
    text: read.text,
    category: read.category ?? filter.category,
    status: read.status ?? filter.status,
    author: read.author,
    tag: read.tag ?? filter.tag,
    dateRange: filter.dateRange,
    sortBy: filter.sortBy,
    operators: read.operators,
  };
}

/** The query with one operator taken out (the chip that removes it). */
export function withoutOperator(query: string, operator: ReadOperator): string {
  return query.replace(operator.source, " ").replace(/\s+/g, " ").trim();
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
