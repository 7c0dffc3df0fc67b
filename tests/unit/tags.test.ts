import { describe, expect, it } from "vitest";
import { createDiscussionSchema } from "~/lib/schemas/discussion";
import { MAX_TAGS_PER_DISCUSSION, splitTagField, tagNameProblem, tagSlug, tagTexts, TAG_NAME_MAX_LENGTH } from "~/lib/tags";

/** The tag field as the form sends it, parsed as the action parses it. */
function parseTags(value: string | undefined) {
  const parsed = createDiscussionSchema.safeParse({ title: "Titel", ...(value === undefined ? {} : { tags: value }) });
  return parsed.success ? { ok: true as const, tags: parsed.data.tags } : { ok: false as const, message: parsed.error.issues[0]!.message };
}

describe("tag slugs", () => {
  it.each([
    ["Core Web Vitals", "core-web-vitals"],
    ["llms.txt", "llms-txt"],
    ["GA4", "ga4"],
    ["Local SEO", "local-seo"],
    ["Performance Max", "performance-max"],
    ["Übersetzung & Märkte", "uebersetzung-maerkte"],
    ["E-E-A-T", "e-e-a-t"],
  ])("%s → %s", (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("has none for a name without letters or digits", () => {
    expect(tagSlug("+++")).toBe("");
  });
});

describe("tag names", () => {
  it("accepts the trade's names", () => {
    for (const name of ["GA4", "llms.txt", "C++", "Google Ads & SEA", "E-E-A-T", "KI-Suche", "Straße"])
      expect(tagNameProblem(name)).toBeNull();
  });

  it("refuses too short, too long, and other characters", () => {
    expect(tagNameProblem("a")).toBe(tagTexts.tooShort);
    expect(tagNameProblem("x".repeat(TAG_NAME_MAX_LENGTH + 1))).toBe(tagTexts.tooLong);
    for (const name of ["<script>", "SEO/SEA", "#SEO", "-seo", "seo.", "emoji 🚀", "a\u0000b"])
      expect(tagNameProblem(name)).toBe(tagTexts.characters);
  });

  it("splits the field at commas and tidies spaces", () => {
    expect(splitTagField(" GA4 ,  Core   Web Vitals,, ")).toEqual(["GA4", "Core Web Vitals"]);
  });
});

describe("the tag field of the discussion forms", () => {
  it("gives the names, none for an empty field, and undefined when the field is absent", () => {
    expect(parseTags("GA4, Local SEO")).toEqual({ ok: true, tags: ["GA4", "Local SEO"] });
    expect(parseTags("")).toEqual({ ok: true, tags: [] });
    expect(parseTags(undefined)).toEqual({ ok: true, tags: undefined });
  });

  it(`refuses more than ${MAX_TAGS_PER_DISCUSSION} in German`, () => {
    expect(parseTags("a1, b2, c3, d4, e5")).toMatchObject({ ok: true });
    expect(parseTags("a1, b2, c3, d4, e5, f6")).toEqual({ ok: false, message: tagTexts.tooMany });
  });

  it("refuses the same tag twice, whatever its spelling", () => {
    expect(parseTags("GA4, ga4")).toEqual({ ok: false, message: tagTexts.duplicate });
    expect(parseTags("Core Web Vitals, core-web-vitals")).toEqual({ ok: false, message: tagTexts.duplicate });
  });

  it("names the tag that is wrong", () => {
    expect(parseTags("GA4, <b>")).toEqual({ ok: false, message: `„<b>“: ${tagTexts.characters}` });
  });
});
