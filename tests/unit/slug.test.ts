import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, slugify } from "~/lib/slug";

describe("slugify", () => {
  it("transliterates German umlauts and ß", () => {
    expect(slugify("Größere Rankings für Ärzte")).toBe("groessere-rankings-fuer-aerzte");
    expect(slugify("Übersicht: Straße & Maß")).toBe("uebersicht-strasse-mass");
  });
  it("lower-cases, joins with single hyphens and trims them", () => {
    expect(slugify("  GA4 -- Berichte?! 2026  ")).toBe("ga4-berichte-2026");
  });
  it("drops other accents", () => {
    expect(slugify("Café Crème à la SEO")).toBe("cafe-creme-a-la-seo");
  });
  it("falls back for titles without letters or digits", () => {
    expect(slugify("!!!")).toBe("diskussion");
  });
  it("caps the length without a trailing hyphen", () => {
    const slug = slugify("Sehr langer Titel ".repeat(20));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
  });
});
