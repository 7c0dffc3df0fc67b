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

describe("the notifications' texts", () => {
  const about = { detail: null, discussionTitle: "hreflang für DE, AT und CH", category: null };
  it("groups Hilfreich per post and says who when it was one member", async () => {
    const { notificationText } = await import("~/lib/notifications");
    expect(notificationText({ ...about, kind: "helpful", count: 1, actorName: "Aylin Kaya" })).toBe(
      "Aylin Kaya fand Ihren Beitrag in „hreflang für DE, AT und CH“ hilfreich",
    );
    expect(notificationText({ ...about, kind: "helpful", count: 3, actorName: "Aylin Kaya" })).toBe(
      "3 Mitglieder fanden Ihren Beitrag in „hreflang für DE, AT und CH“ hilfreich",
    );
    expect(notificationText({ ...about, kind: "solution", count: 1, actorName: "Jonas Weber" })).toBe(
      "Ihre Antwort in „hreflang für DE, AT und CH“ wurde als Lösung markiert",
    );
  });

  it("mails Hilfreich only to members who asked for it", async () => {
    const { mailedByDefault } = await import("~/lib/notifications");
    expect(mailedByDefault("helpful")).toBe(false);
    expect(mailedByDefault("solution")).toBe(true);
    expect(mailedByDefault("reply-to-discussion")).toBe(true);
  });
});
