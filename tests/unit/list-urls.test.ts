import { describe, expect, it } from "vitest";
import { membersHref } from "~/lib/members";
import { pageHref } from "~/lib/paths";

describe("list URLs", () => {
  it("page 1 has no parameter; later pages add it after a filter already in the query", () => {
    expect(pageHref("/subforum/seo", 1)).toBe("/subforum/seo");
    expect(pageHref("/subforum/seo", 3)).toBe("/subforum/seo?page=3");
    expect(pageHref("/members?q=M%C3%BCller", 2)).toBe("/members?q=M%C3%BCller&page=2");
  });

  it("the directory's URL names filter and page in one order, so each list has one URL", () => {
    expect(membersHref("", undefined)).toBe("/members");
    expect(membersHref("", undefined, 1)).toBe("/members");
    expect(membersHref("", undefined, 2)).toBe("/members?page=2");
    expect(membersHref("Müller", "seo", 2)).toBe("/members?q=M%C3%BCller&expertise=seo&page=2");
    // The page links of a filtered list lead to the URL the loader accepts as canonical.
    expect(pageHref(membersHref("Müller", "seo"), 2)).toBe(membersHref("Müller", "seo", 2));
  });
});
