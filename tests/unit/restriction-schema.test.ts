/**
 * The profile's restriction form: "bis einschließlich" a day means to its last second in Berlin, summer
 * and winter; the end lies after today; a reason is required; every refusal is said in German.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { berlinDate, endOfBerlinDay, nextDay } from "~/lib/berlin-time";
import { restrictionSchema, restrictionTexts } from "~/lib/schemas/restriction";

afterEach(() => {
  vi.useRealTimers();
});

const issues = (input: Record<string, unknown>) => {
  const parsed = restrictionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("the restriction form", () => {
  it("ends a day with its last second in Berlin, in winter and in summer time", () => {
    expect(endOfBerlinDay("2027-01-15").toISOString()).toBe("2027-01-15T22:59:59.000Z");
    expect(endOfBerlinDay("2027-07-15").toISOString()).toBe("2027-07-15T21:59:59.000Z");
    // The night the clocks go back, and the last day of a year.
    expect(endOfBerlinDay("2026-10-24").toISOString()).toBe("2026-10-24T21:59:59.000Z");
    expect(endOfBerlinDay("2026-12-31").toISOString()).toBe("2026-12-31T22:59:59.000Z");
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(berlinDate(new Date("2026-11-26T23:30:00Z"))).toBe("2026-11-27");
  });

  it("takes a date after today or no end, and a reason", () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z"), toFake: ["Date"] });
    expect(restrictionSchema.parse({ kind: "silence", duration: "until", until: "2026-11-27", reason: " Ton " })).toEqual({
      kind: "silence",
      until: new Date("2026-11-27T22:59:59.000Z"),
      reason: "Ton",
    });
    // No end: a date sent along is ignored.
    expect(restrictionSchema.parse({ kind: "suspend", duration: "indefinite", until: "2020-01-01", reason: "Spam" })).toEqual({
      kind: "suspend",
      until: null,
      reason: "Spam",
    });
  });

  it("refuses in German what it cannot take", () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z"), toFake: ["Date"] });
    expect(issues({ kind: "silence", duration: "until", until: "2026-11-26", reason: "x" })).toEqual([
      `until: ${restrictionTexts.dateNotFuture}`,
    ]);
    expect(issues({ kind: "silence", duration: "until", until: "2027-02-30", reason: "x" })).toEqual([
      `until: ${restrictionTexts.dateInvalid}`,
    ]);
    expect(issues({ kind: "silence", duration: "until", until: "", reason: "x" })).toEqual([`until: ${restrictionTexts.dateMissing}`]);
    expect(issues({ kind: "silence", duration: "indefinite", reason: "   " })).toEqual([`reason: ${restrictionTexts.reasonMissing}`]);
    expect(issues({ kind: "silence", duration: "indefinite", reason: "x".repeat(501) })).toEqual([
      `reason: ${restrictionTexts.reasonTooLong}`,
    ]);
    expect(issues({ kind: "ban", duration: "forever" })).toEqual([
      `kind: ${restrictionTexts.kindMissing}`,
      `duration: ${restrictionTexts.durationMissing}`,
      `reason: ${restrictionTexts.reasonMissing}`,
    ]);
  });
});
