import { describe, expect, it } from "vitest";
import { helpfulSentence } from "~/lib/answers";

describe("helpfulSentence", () => {
  it("names the first members and counts the rest", () => {
    expect(helpfulSentence([], 0)).toBeNull();
    expect(helpfulSentence(["Aylin Kaya"], 1)).toBe("Hilfreich für Aylin Kaya");
    expect(helpfulSentence(["Aylin Kaya", "Jonas Weber"], 2)).toBe("Hilfreich für Aylin Kaya und Jonas Weber");
    expect(helpfulSentence(["Aylin Kaya", "Jonas Weber"], 3)).toBe("Hilfreich für Aylin Kaya, Jonas Weber und 1 weiteres Mitglied");
    expect(helpfulSentence(["Aylin Kaya", "Jonas Weber"], 5)).toBe("Hilfreich für Aylin Kaya, Jonas Weber und 3 weitere");
  });

  it("says 'Sie' for the viewer's own mark made on this page", () => {
    expect(helpfulSentence([], 1, { me: true })).toBe("Hilfreich für Sie");
    expect(helpfulSentence(["Aylin Kaya"], 2, { me: true })).toBe("Hilfreich für Sie und Aylin Kaya");
  });

  it("counts without names when a name is not known", () => {
    expect(helpfulSentence([], 3)).toBe("Hilfreich für 3 Mitglieder");
  });
});
