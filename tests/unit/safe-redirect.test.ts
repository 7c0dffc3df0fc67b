import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/lib/safe-redirect";

describe("safeRedirectTarget", () => {
  it("keeps paths on the site, with query and fragment", () => {
    expect(safeRedirectTarget("/")).toBe("/");
    expect(safeRedirectTarget("/create-discussion")).toBe("/create-discussion");
    expect(safeRedirectTarget("/search?q=seo&page=2#treffer")).toBe("/search?q=seo&page=2#treffer");
    expect(safeRedirectTarget("/discussion/gr%C3%B6%C3%9Fe")).toBe("/discussion/gr%C3%B6%C3%9Fe");
  });

  it("percent-encodes what a Location header cannot carry as it is", () => {
    expect(safeRedirectTarget("/discussion/größe")).toBe("/discussion/gr%C3%B6%C3%9Fe");
  });

  it.each([
    ["tab before a second slash", "/\t/evil.example/pwned"],
    ["tab before a backslash", "/\t\\evil.example"],
    ["newline before a second slash", "/\n/evil.example"],
    ["encoded slash", "/%2F/evil.example/pwned"],
    ["encoded slash, lower case", "/%2f/evil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["space before a slash", "/ /evil.example/pwned"],
    ["encoded space before a slash", "/%20/evil.example"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["scheme", "javascript:alert(1)"],
    ["relative path", "members"],
    ["CR/LF header injection", "/members\r\nSet-Cookie: x=1"],
    ["NUL", "/members\u0000"],
    ["empty", ""],
  ])("refuses %s", (_label, target) => {
    expect(safeRedirectTarget(target)).toBe("/");
  });

  it("uses the fallback for missing values and files", () => {
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget(undefined, "/profile")).toBe("/profile");
    expect(safeRedirectTarget(new File(["x"], "x.txt"))).toBe("/");
  });
});
