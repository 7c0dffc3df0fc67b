import { describe, expect, it } from "vitest";
import { showsFloatingCreate } from "~/lib/floating-create";

describe("showsFloatingCreate", () => {
  it("shows on reading pages", () => {
    expect(showsFloatingCreate({ pathname: "/", search: "" })).toBe(true);
    expect(showsFloatingCreate({ pathname: "/subforum/seo", search: "?page=2" })).toBe(true);
    expect(showsFloatingCreate({ pathname: "/discussion/hallo-welt", search: "" })).toBe(true);
  });
  it("hides where a discussion or comment is being written", () => {
    expect(showsFloatingCreate({ pathname: "/create-discussion", search: "" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/create-discussion", search: "?category=seo" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/discussion/hallo-welt", search: "?edit=1" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/discussion/hallo-welt", search: "?editComment=abc" })).toBe(false);
  });
});
