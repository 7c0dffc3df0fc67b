import { describe, expect, it } from "vitest";
import { dateRangeStart, hasSearchCriteria, highlightTerms, parseSearchFilter, searchHref } from "~/lib/search";

describe("search URL", () => {
  it("mirrors the filter and leaves out the default sort and empty values", () => {
    expect(searchHref({ query: "SEO Tools", category: "seo", dateRange: "week", sortBy: "relevance" })).toBe(
      "/search?q=SEO+Tools&category=seo&dateRange=week",
    );
    expect(searchHref({ query: "", sortBy: "newest" })).toBe("/search?sortBy=newest");
    expect(searchHref({})).toBe("/search");
  });
  it("round-trips through the parser", () => {
    const filter = parseSearchFilter(new URLSearchParams("q=%20GA4%20&category=tools&dateRange=month&sortBy=most_views"));
    expect(filter).toEqual({ query: "GA4", category: "tools", dateRange: "month", sortBy: "most_views" });
    expect(searchHref(filter)).toBe("/search?q=GA4&category=tools&dateRange=month&sortBy=most_views");
  });
  it("names the status last, ignores an unknown one, and searches by status alone", () => {
    const filter = parseSearchFilter(new URLSearchParams("status=solved&q=GA4&sortBy=newest"));
    expect(filter).toEqual({ query: "GA4", category: undefined, dateRange: undefined, sortBy: "newest", status: "solved" });
    expect(searchHref(filter)).toBe("/search?q=GA4&sortBy=newest&status=solved");
    expect(parseSearchFilter(new URLSearchParams("q=GA4&status=erledigt")).status).toBeUndefined();
    expect(hasSearchCriteria(parseSearchFilter(new URLSearchParams("status=open")))).toBe(true);
    expect(hasSearchCriteria(parseSearchFilter(new URLSearchParams("sortBy=newest")))).toBe(false);
  });
});

describe("highlight terms", () => {
  it("keeps words of two or more characters without operators", () => {
    expect(highlightTerms('"Backlinks kaufen" -spam KI a')).toEqual(["backlinks", "kaufen", "spam", "ki"]);
  });
});

describe("date range start in Berlin time", () => {
  it("uses midnight in Berlin, summer and winter", () => {
    expect(dateRangeStart("today", new Date("2026-07-10T21:30:00Z")).toISOString()).toBe("2026-07-09T22:00:00.000Z");
    expect(dateRangeStart("today", new Date("2026-07-10T22:30:00Z")).toISOString()).toBe("2026-07-10T22:00:00.000Z");
    expect(dateRangeStart("month", new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(dateRangeStart("year", new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2025-12-31T23:00:00.000Z");
    expect(dateRangeStart("week", new Date("2026-11-21T12:00:00Z")).toISOString()).toBe("2026-11-14T12:00:00.000Z");
  });
});
