import { describe, expect, it } from "vitest";
import { effectiveSearch, readSearchQuery, withoutOperator } from "~/lib/search";
import { MAX_TERMS, MAX_VARIANTS, Synonyms } from "~/server/search";
import { searchFilter as filter } from "../support/search-filter";

describe("operators in the search box", () => {
  it("reads status, kategorie and von, and leaves the words", () => {
    const read = readSearchQuery("Ladezeit status:gelöst kategorie:sea von:Aylin Shop");
    expect(read).toMatchObject({ text: "Ladezeit Shop", status: "solved", category: "sea", author: "Aylin" });
    expect(read.operators.map((operator) => operator.label)).toEqual(["Status: Gelöst", "Kategorie: SEA", "Von: Aylin"]);
  });

  it("reads tag: by a tag's name or slug as its slug, and lets it win over ?tag=", () => {
    expect(readSearchQuery("Tracking tag:GA4")).toMatchObject({ text: "Tracking", tag: "ga4" });
    expect(readSearchQuery('schlagwort:"Core Web Vitals"')).toMatchObject({ text: "", tag: "core-web-vitals" });
    expect(readSearchQuery("tag:llms.txt").tag).toBe("llms-txt");
    expect(effectiveSearch(filter("tag:ga4", { tag: "seo" })).tag).toBe("ga4");
    expect(effectiveSearch(filter("Tracking", { tag: "seo" })).tag).toBe("seo");
  });

  it("knows spellings without umlauts, category names and full names in quotes", () => {
    expect(readSearchQuery("status:geloest").status).toBe("solved");
    expect(readSearchQuery("Status:OFFEN").status).toBe("open");
    expect(readSearchQuery("kategorie:KI-Suche").category).toBe("ki-suche");
    expect(readSearchQuery("kategorie:allgemein").category).toBe("general");
    expect(readSearchQuery('von:"Aylin  Demir" GA4')).toMatchObject({ author: "Aylin Demir", text: "GA4" });
  });

  it("keeps unknown operators, unknown values and a second operator of a kind as text", () => {
    expect(readSearchQuery("farbe:blau")).toMatchObject({ text: "farbe:blau", operators: [] });
    expect(readSearchQuery("status:vielleicht").text).toBe("status:vielleicht");
    expect(readSearchQuery("status:vielleicht").status).toBeUndefined();
    expect(readSearchQuery("kategorie:seo kategorie:sea")).toMatchObject({ category: "seo", text: "kategorie:sea" });
    expect(readSearchQuery("https://example.com Tipp:").text).toBe("https://example.com Tipp:");
    expect(readSearchQuery("von:A").author).toBeUndefined();
  });

  it("lets the operators win over the controls and takes one out again", () => {
    const search = effectiveSearch(filter("kategorie:sea Budget", { category: "seo", status: "open" }));
    expect(search).toMatchObject({ text: "Budget", category: "sea", status: "open", author: undefined });
    expect(withoutOperator("kategorie:sea Budget", search.operators[0]!)).toBe("Budget");
  });
});

describe("synonym expansion", () => {
  const synonyms = new Synonyms([
    { id: "1", terms: ["SEO", "Suchmaschinenoptimierung"] },
    { id: "2", terms: ["GA4", "Google Analytics 4"] },
    { id: "3", terms: ["KI", "AI", "künstliche Intelligenz"] },
    { id: "4", terms: ["Google Ads", "SEA"] },
  ]);

  it("finds terms as whole words in any case, the longest first, and keeps the rest", () => {
    expect(synonyms.expand("google analytics 4 Berichte")).toEqual({
      rest: "Berichte",
      alternatives: [["google analytics 4", "GA4"]],
      variants: ["google analytics 4 Berichte", "GA4 Berichte"],
    });
    expect(synonyms.expand("Suchmaschinenoptimierung").variants).toEqual(["Suchmaschinenoptimierung", "SEO"]);
    // Inside a word or after a minus (a word the searcher excludes) a term is no term.
    expect(synonyms.expand("SEOs Kaiser -KI").alternatives).toEqual([]);
  });

  it("combines several terms, the query as typed first, and stops at MAX_VARIANTS and MAX_TERMS", () => {
    const expanded = synonyms.expand("KI und SEO");
    expect(expanded.rest).toBe("und");
    expect(expanded.variants.slice(0, 4)).toEqual([
      "KI und SEO",
      "KI und Suchmaschinenoptimierung",
      "AI und SEO",
      "künstliche Intelligenz und SEO",
    ]);
    // One term replaced before two.
    expect(expanded.variants.slice(4)).toEqual(["AI und Suchmaschinenoptimierung", "künstliche Intelligenz und Suchmaschinenoptimierung"]);
    const many = synonyms.expand("KI SEO GA4 SEA KI SEO GA4 SEA");
    expect(many.alternatives).toHaveLength(MAX_TERMS);
    expect(many.variants).toHaveLength(MAX_VARIANTS);
    expect(many.variants[0]).toBe("KI SEO GA4 SEA KI SEO GA4 SEA");
  });

  it("answers a term's group, itself included, and nothing for a term of no group", () => {
    expect(synonyms.of("sea")).toEqual(["Google Ads", "SEA"]);
    expect(synonyms.of("Backlinks")).toEqual([]);
  });
});
