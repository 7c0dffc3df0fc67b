import { describe, expect, it } from "vitest";
import { readStatusParam, statusCounts, statusHref } from "~/lib/discussion-status";
import { membersHref } from "~/lib/members";
import { pageHref } from "~/lib/paths";

describe("list URLs", () => {
  it("page 1 has no parameter; later pages add it after a filter already in the query", () => {
    expect(pageHref("/subforum/seo", 1)).toBe("/subforum/seo");
    expect(pageHref("/subforum/seo", 3)).toBe("/subforum/seo?page=3");
    expect(pageHref("/members?q=M%C3%BCller", 2)).toBe("/members?q=M%C3%BCller&page=2");
  });

  it("the directory's URL names filter and page in one order, so each list has one URL", () => {
    expect(membersHref({ query: "" })).toBe("/members");
    expect(membersHref({ query: "" }, 1)).toBe("/members");
    expect(membersHref({ query: "" }, 2)).toBe("/members?page=2");
    expect(membersHref({ query: "Müller", expertise: "seo" }, 2)).toBe("/members?q=M%C3%BCller&expertise=seo&page=2");
    // The default order has no parameter; the others come after the filter, before the page.
    expect(membersHref({ query: "", sort: "newest" })).toBe("/members");
    expect(membersHref({ query: "Müller", sort: "solutions" }, 3)).toBe("/members?q=M%C3%BCller&sort=solutions&page=3");
    // The page links of a filtered list lead to the URL the loader accepts as canonical.
    expect(pageHref(membersHref({ query: "Müller", expertise: "seo" }), 2)).toBe(membersHref({ query: "Müller", expertise: "seo" }, 2));
    expect(pageHref(membersHref({ query: "", sort: "helpful" }), 2)).toBe(membersHref({ query: "", sort: "helpful" }, 2));
  });

  it("a category page's status filter is a parameter of its own, the page added after it", () => {
    expect(statusHref("/subforum/seo", undefined)).toBe("/subforum/seo");
    expect(statusHref("/subforum/seo", "solved")).toBe("/subforum/seo?status=solved");
    expect(pageHref(statusHref("/category/tools", "open"), 2)).toBe("/category/tools?status=open&page=2");
    expect(pageHref(statusHref("/subforum/seo", "open"), 1)).toBe("/subforum/seo?status=open");
  });

  it("reads the status: none is all, an unknown or empty one is null (the page leads to its URL without it)", () => {
    expect(readStatusParam(new URLSearchParams(""))).toBeUndefined();
    expect(readStatusParam(new URLSearchParams("page=2"))).toBeUndefined();
    expect(readStatusParam(new URLSearchParams("status=open"))).toBe("open");
    expect(readStatusParam(new URLSearchParams("status=solved&page=3"))).toBe("solved");
    for (const bad of ["status=", "status=all", "status=Solved", "status=gelöst"])
      expect(readStatusParam(new URLSearchParams(bad))).toBeNull();
  });

  it("counts open as the visible ones less the solved, never below nothing", () => {
    expect(statusCounts(30, 10)).toEqual({ all: 30, open: 20, solved: 10 });
    expect(statusCounts(0, 0)).toEqual({ all: 0, open: 0, solved: 0 });
    // Read a moment apart: a solution marked in between must not make open negative.
    expect(statusCounts(3, 4)).toEqual({ all: 3, open: 0, solved: 3 });
  });
});
