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
  it("hides in the messages, where one writes to members (decision 0062)", () => {
    expect(showsFloatingCreate({ pathname: "/messages", search: "" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/messages/new", search: "?to=abc" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/messages/6f1c2a3e-6a1b-4c5d-9e8f-0a1b2c3d4e5f", search: "" })).toBe(false);
    expect(showsFloatingCreate({ pathname: "/messagesx", search: "" })).toBe(true);
  });
});
