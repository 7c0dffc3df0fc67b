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

  // The attack report's forms and those of the public open-redirect cheat sheets (PortSwigger, PayloadsAllTheThings,
  // OWASP): dot segments and backslashes that the URL parser folds into "//host", encoded and whitespace variants,
  // foreign schemes. Each must end on our own site, and none of these has a page of ours to lead to.
  it.each([
    "/.//evil.com",
    "/x/../\\evil.com",
    "/./\\evil.com",
    "/..//evil.com",
    "/../\\evil.com",
    "/x/..//evil.com",
    "/x/../../\\evil.com",
    "/././/evil.com",
    "/%2e//evil.com",
    "/%2e%2e//evil.com",
    "/%2E%2E/\\evil.com",
    "/.%2e//evil.com",
    "/x/%2e%2e//evil.com",
    "/\t/evil.com",
    "/\t\\evil.com",
    "//evil.com",
    "///evil.com",
    "////evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "/\\\\evil.com",
    "\\/\\/evil.com",
    "\\\\evil.com",
    "\\/evil.com",
    "//evil.com/%2f..",
    "//evil%E3%80%82com",
    "//google.com@evil.com",
    "https://evil.com",
    "https:evil.com",
    "https:/evil.com",
    "https:\\\\evil.com",
    "http:evil.com",
    "HTTPS://evil.com",
    "/%2f%2fevil.com",
    "/%2F/evil.com",
    "/%5cevil.com",
    "/%5C%5Cevil.com",
    "/%09/evil.com",
    "/%0d/evil.com",
    "/%0a/evil.com",
    "/%20/evil.com",
    "/\r\n/evil.com",
    "/\n/evil.com",
    "/\r/evil.com",
    "/\u000b/evil.com",
    "/\u0000/evil.com",
    "/ /evil.com",
    " //evil.com",
    "\t//evil.com",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java%0d%0ascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "vbscript:msgbox(1)",
    "evil.com",
    "@evil.com",
  ])("keeps %j on the site", (target) => {
    expect(safeRedirectTarget(target)).toBe("/");
  });

  it.each([
    // Harmless paths that only look odd: they name a (missing) page of ours, the browser stays here.
    ["/javascript:alert(1)//", "/javascript:alert(1)//"],
    ["/@evil.com", "/@evil.com"],
    ["/evil.com", "/evil.com"],
    ["/x//evil.com", "/x//evil.com"],
    ["/x/../discussion/a", "/discussion/a"],
  ])("keeps the harmless path %j as %j", (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it("keeps legitimate targets as they are", () => {
    expect(safeRedirectTarget("/discussion/x?page=2#c1")).toBe("/discussion/x?page=2#c1");
    expect(safeRedirectTarget("/")).toBe("/");
  });

  it("uses the fallback for missing values and files", () => {
    expect(safeRedirectTarget(null)).toBe("/");
    expect(safeRedirectTarget(undefined, "/profile")).toBe("/profile");
    expect(safeRedirectTarget(new File(["x"], "x.txt"))).toBe("/");
  });
});
