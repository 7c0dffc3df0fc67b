import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/server/http";

const allowedOrigins = ["https://forum.example", "http://localhost:3000"];
const check = (method: string, origin?: string, secFetchSite?: string) =>
  isCrossSiteWrite({ method, origin, secFetchSite, allowedOrigins });

describe("cross-site write protection", () => {
  it("lets reads through from anywhere", () => {
    expect(check("GET", "https://evil.example", "cross-site")).toBe(false);
  });
  it("accepts writes from our own origins", () => {
    expect(check("POST", "https://forum.example", "same-origin")).toBe(false);
    expect(check("POST", "http://localhost:3000")).toBe(false);
  });
  it("refuses writes from other origins, opaque origins and cross-site fetches", () => {
    expect(check("POST", "https://evil.example")).toBe(true);
    expect(check("DELETE", "https://forum.example.evil.example")).toBe(true);
    expect(check("POST", "null")).toBe(true);
    expect(check("POST", undefined, "cross-site")).toBe(true);
  });
  it("accepts clients that send neither header (no browser, no ambient cookies)", () => {
    expect(check("POST", undefined, undefined)).toBe(false);
  });
});
