import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { categories, categoryHref, isCategory, listingAt, listings } from "~/lib/categories";
import { readSidebarOpen, sidebarCookie } from "~/lib/sidebar";

describe("categories", () => {
  it("knows exactly the six categories", () => {
    expect(categories).toEqual(["seo", "sea", "ki-suche", "general", "tools", "events"]);
    expect(isCategory("ki-suche")).toBe(true);
    expect(isCategory("ai")).toBe(false);
    expect(isCategory(undefined)).toBe(false);
  });
  it("are app/lib/categories.ts's list in the database's check too (the one source; a new one needs a migration)", () => {
    const schema = fs.readFileSync("db/schema/discussions.ts", "utf8");
    const checked = /check\("discussions_category_check", sql`\$\{t\.category\} in \(([^)]*)\)`\)/.exec(schema)?.[1];
    expect(checked?.split(",").map((value) => value.trim().replace(/^'|'$/g, ""))).toEqual([...categories]);
  });
  it("links subforum categories to their page and the rest to their category page", () => {
    expect(categoryHref("seo")).toBe("/subforum/seo");
    expect(categoryHref("ki-suche")).toBe("/subforum/ai");
    expect(categoryHref("general")).toBe("/category/allgemein");
    expect(categoryHref("tools")).toBe("/category/tools");
    expect(categoryHref("events")).toBe("/category/events");
  });
  it("gives every category exactly one listing, with a segment of its own", () => {
    expect(listings.map((listing) => listing.category).sort()).toEqual([...categories].sort());
    expect(new Set(listings.map((listing) => listing.segment)).size).toBe(listings.length);
  });
  it("finds a listing only at its own path, its data request or its feed", () => {
    expect(listingAt("ai", "/subforum/ai")?.category).toBe("ki-suche");
    expect(listingAt("tools", "/category/tools")?.category).toBe("tools");
    expect(listingAt("tools", "/category/tools.data")?.category).toBe("tools");
    expect(listingAt("allgemein", "/category/allgemein/feed.xml")?.category).toBe("general");
    expect(listingAt("seo", "/category/seo")).toBeUndefined();
    expect(listingAt("tools", "/subforum/tools")).toBeUndefined();
    expect(listingAt("tools", "/subforum/tools/feed.xml")).toBeUndefined();
    expect(listingAt("general", "/category/general")).toBeUndefined();
    expect(listingAt(undefined, "/category/")).toBeUndefined();
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
