import { describe, expect, it } from "vitest";
import { formatAge, formatDate, formatLongDate, formatMonthYear, initials, shortenAtWord } from "~/lib/format";

describe("formatAge", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it("uses minutes below 60 minutes", () => {
    expect(formatAge(ago(0), now)).toBe("vor 0 Minuten");
    expect(formatAge(ago(1 * MIN), now)).toBe("vor 1 Minute");
    expect(formatAge(ago(59 * MIN + 59_000), now)).toBe("vor 59 Minuten");
  });

  it("uses hours from 60 minutes to below 1440 minutes", () => {
    expect(formatAge(ago(60 * MIN), now)).toBe("vor 1 Stunde");
    expect(formatAge(ago(1439 * MIN), now)).toBe("vor 23 Stunden");
  });

  it("uses days from 1440 minutes on", () => {
    expect(formatAge(ago(1440 * MIN), now)).toBe("vor 1 Tag");
    expect(formatAge(ago(45 * 1440 * MIN), now)).toBe("vor 45 Tagen");
  });

  it("treats future dates (clock skew) as just now", () => {
    expect(formatAge(new Date(now.getTime() + 5 * MIN), now)).toBe("vor 0 Minuten");
  });

  it("accepts ISO strings", () => {
    expect(formatAge("2026-11-21T09:00:00Z", "2026-11-21T12:00:00Z")).toBe("vor 3 Stunden");
  });
});

describe("German dates in Berlin time", () => {
  it("formats day.month.year", () => {
    expect(formatDate("2026-03-05T10:00:00Z")).toBe("05.03.2026");
  });
  it("uses the Berlin date near midnight UTC", () => {
    expect(formatDate("2026-06-30T23:30:00Z")).toBe("01.07.2026");
  });
  it("formats month and year for 'Dabei seit'", () => {
    expect(formatMonthYear("2026-03-05T10:00:00Z")).toBe("März 2026");
  });
  it("writes a day out for a sentence ('seit Ihrem letzten Besuch am …'), by the Berlin date", () => {
    expect(formatLongDate("2026-11-18T10:00:00Z")).toBe("18. November 2026");
    expect(formatLongDate(new Date("2026-02-28T23:30:00Z"))).toBe("1. März 2026");
  });
});

describe("initials", () => {
  it("takes the first letters of the parts of names with underscore or dot", () => {
    expect(initials("max_mustermann")).toBe("MM");
    expect(initials("anna.schmidt")).toBe("AS");
    expect(initials("a.b.c")).toBe("AB");
  });
  it("takes the first and last letter otherwise", () => {
    expect(initials("Lena")).toBe("LA");
    expect(initials("Jürgen")).toBe("JN");
    expect(initials("Lena Hoffmann")).toBe("LN");
  });
  it("takes the single letter of one-letter names", () => {
    expect(initials("x")).toBe("X");
  });
  it("handles umlauts in upper case", () => {
    expect(initials("öz")).toBe("ÖZ");
    expect(initials("Ärger Öztürk")).toBe("ÄK");
    expect(initials("über_ärger")).toBe("ÜÄ");
  });
  it("keeps every initial one letter, also where upper case has two", () => {
    expect(initials("Sören Weiß")).toBe("Sẞ");
    expect(initials("ß")).toBe("ẞ");
    expect(initials("weiß.straße")).toBe("WS");
    expect(initials("ßabc_ßdef")).toBe("ẞẞ");
    expect(initials("Auﬁ")).toBe("Aﬁ");
  });
  it("counts a letter with a combining accent as one letter", () => {
    // "José" with a decomposed é: e + U+0301.
    expect(initials("Jose\u0301")).toBe("JÉ".normalize("NFD"));
    expect(initials("e\u0301")).toBe("É".normalize("NFD"));
  });
  it("gives a placeholder for empty names", () => {
    expect(initials("")).toBe("?");
    expect(initials("   ")).toBe("?");
    expect(initials("_")).toBe("?");
    expect(initials("._.")).toBe("?");
  });
});

describe("shortenAtWord", () => {
  it("leaves a text that fits and cuts a longer one after its last whole word, with …", () => {
    expect(shortenAtWord("Crawl-Budget richtig planen", 40)).toBe("Crawl-Budget richtig planen");
    expect(shortenAtWord("Crawl-Budget richtig planen", 20)).toBe("Crawl-Budget…");
    expect(shortenAtWord("Eins, zwei, drei vier", 12)).toBe("Eins, zwei…");
    expect(shortenAtWord("Donaudampfschifffahrtsgesellschaft", 10)).toBe("Donaudamp…");
    for (const max of [10, 50, 160]) expect(shortenAtWord("Wort ".repeat(100).trim(), max).length).toBeLessThanOrEqual(max);
  });
});
