import { describe, expect, it } from "vitest";
import { discussionShareImageSvg, wrapTitle } from "~/lib/share-image";

describe("wrapTitle", () => {
  it("keeps a short title on one line and breaks a longer one between words", () => {
    expect(wrapTitle("Crawl-Budget planen")).toEqual(["Crawl-Budget planen"]);
    const lines = wrapTitle("Product-Group-Markup für Varianten: hat das schon jemand produktiv im Einsatz?");
    expect(lines.join(" ")).toBe("Product-Group-Markup für Varianten: hat das schon jemand produktiv im Einsatz?");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(28);
  });

  it("ends a title too long for four lines with … after a whole word", () => {
    const lines = wrapTitle(Array.from({ length: 40 }, (_, i) => `Wort${i}`).join(" "));
    expect(lines).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/ Wort\d+…$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(28);
  });
});

describe("discussionShareImageSvg", () => {
  it("escapes the title and says the answers in German", () => {
    const svg = discussionShareImageSvg({ title: "<script> & „Zitat“", categoryLabel: "SEO", repliesCount: 1, solved: false });
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt; &amp; „Zitat“");
    expect(svg).toContain(">1 Antwort<");
    expect(discussionShareImageSvg({ title: "T", categoryLabel: "SEO", repliesCount: 1200, solved: false })).toContain(">1.200 Antworten<");
  });

  it("leaves out what XML does not allow, so no title can make the drawing fail", () => {
    const svg = discussionShareImageSvg({
      title: "Titel\u0001 mit \uFFFE Zeichen \uD800",
      categoryLabel: "SEO",
      repliesCount: 0,
      solved: false,
    });
    expect(svg).toContain(">Titel mit  Zeichen <");
    expect([...svg].filter((char) => char.charCodeAt(0) < 0x09 || char === "\uFFFE" || char === "\uD800")).toEqual([]);
  });

  it("shows 'Gelöst' once an answer is the solution, and nothing of it before", () => {
    const open = discussionShareImageSvg({ title: "Frage", categoryLabel: "SEO", repliesCount: 2, solved: false });
    const solved = discussionShareImageSvg({ title: "Frage", categoryLabel: "SEO", repliesCount: 2, solved: true });
    expect(open).not.toContain("Gelöst");
    expect(solved).toContain(">Gelöst</text>");
    // Everything else is drawn as before: the badge is added, nothing moves.
    expect(solved.replace(/ {2}<g>\n {4}<rect x="878"[\s\S]*?<\/g>\n/, "")).toBe(open);
  });
});
