import { describe, expect, it } from "vitest";
import { isGuestReadingPage, readingPage } from "~/lib/hydration";

const root = { id: "root", data: { toast: null } };
const layout = (viewer: unknown) => ({ id: "routes/layout", data: { viewer } });
const home = { id: "routes/home", handle: readingPage, data: {} };
const auth = { id: "routes/auth", data: {} };
const createDiscussion = { id: "routes/create-discussion", data: {} };

describe("which documents go out without the framework (decision record 0036)", () => {
  it("a guest's reading page", () => {
    expect(isGuestReadingPage([root, layout(null), home], false)).toBe(true);
  });

  it("not for a member", () => {
    expect(isGuestReadingPage([root, layout({ id: "m1" }), home], false)).toBe(false);
  });

  it("not while a toast waits to be shown", () => {
    expect(isGuestReadingPage([root, layout(null), home], true)).toBe(false);
  });

  it("not on a page without the handle: forms outside the layout and inside it", () => {
    expect(isGuestReadingPage([root, auth], false)).toBe(false);
    expect(isGuestReadingPage([root, layout(null), createDiscussion], false)).toBe(false);
  });

  it("not when the layout has no data (its loader failed), nor when only a parent has the handle", () => {
    expect(isGuestReadingPage([root, { id: "routes/layout" }, home], false)).toBe(false);
    expect(isGuestReadingPage([root, { ...layout(null), handle: readingPage }, createDiscussion], false)).toBe(false);
  });
});
