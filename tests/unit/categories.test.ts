import { describe, expect, it } from "vitest";
import { categories, categoryHref, isCategory } from "~/lib/categories";
import { readSidebarOpen, sidebarCookie } from "~/lib/sidebar";

describe("categories", () => {
  it("knows exactly the six categories", () => {
    expect(categories).toEqual(["seo", "sea", "ki-suche", "general", "tools", "events"]);
    expect(isCategory("ki-suche")).toBe(true);
    expect(isCategory("ai")).toBe(false);
    expect(isCategory(undefined)).toBe(false);
  });
  it("links subforum categories to their page and the rest home", () => {
    expect(categoryHref("seo")).toBe("/subforum/seo");
    expect(categoryHref("ki-suche")).toBe("/subforum/ai");
    expect(categoryHref("general")).toBe("/");
    expect(categoryHref("tools")).toBe("/");
    expect(categoryHref("events")).toBe("/");
  });
});

describe("sidebar cookie", () => {
  it("defaults to expanded", () => {
    expect(readSidebarOpen(null)).toBe(true);
    expect(readSidebarOpen("other=1")).toBe(true);
  });
  it("reads the stored state among other cookies", () => {
    expect(readSidebarOpen("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarOpen("sidebar_state=true")).toBe(true);
    expect(readSidebarOpen("xsidebar_state=false")).toBe(true);
  });
  it("lasts seven days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; Path=/; Max-Age=604800; SameSite=Lax");
  });
});
