import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions } from "../../db/schema";
import { db, onQuery } from "~/server/db";
import { searchDiscussions } from "~/server/search";
import { parseSearchFilter, type SearchFilter } from "~/lib/search";
import { makeViewer } from "../support/members";
import { searchFilter } from "../support/search-filter";

const now = new Date("2026-11-21T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const filter = (overrides: Partial<SearchFilter>): SearchFilter => searchFilter("", overrides);
const titles = async (overrides: Partial<SearchFilter>) => (await searchDiscussions(filter(overrides), now)).hits.map((hit) => hit.title);

beforeAll(async () => {
  const author = await makeViewer();
  const rows = [
    {
      title: "Backlinks aus Gastbeiträgen",
      content: "<p>Lohnen sich Gastartikel noch?</p>",
      category: "seo",
      repliesCount: 5,
      viewsCount: 100,
      createdAt: daysAgo(40),
    },
    {
      title: "Linkaufbau für Shops",
      content: "<p>Lohnt es sich noch, Links zu kaufen? Ich habe einmal einen Backlink gekauft.</p>",
      category: "seo",
      repliesCount: 9,
      viewsCount: 50,
      createdAt: daysAgo(3),
    },
    {
      title: "GA4 Berichte verstehen",
      content: "<p>Explorations in GA4 sind mächtig.</p>",
      category: "tools",
      repliesCount: 2,
      viewsCount: 400,
      createdAt: daysAgo(0.1),
    },
    {
      title: "KI im Marketing",
      content: "<p>ChatGPT schreibt Anzeigen.</p>",
      category: "ki-suche",
      repliesCount: 1,
      viewsCount: 10,
      createdAt: daysAgo(200),
    },
    {
      title: "Angepinnt: Regeln",
      content: "<p>Bitte keine Werbung für SEO-Tools.</p>",
      category: "general",
      repliesCount: 0,
      viewsCount: 5,
      isPinned: true,
      createdAt: daysAgo(400),
    },
    {
      title: "Budget <script>alert(1)</script>",
      content: "<p>&lt;b&gt;kein Markup&lt;/b&gt; Budget planen</p>",
      category: "sea",
      repliesCount: 0,
      viewsCount: 0,
      createdAt: daysAgo(10),
    },
  ];
  await db.insert(discussions).values(rows.map((row, i) => ({ ...row, slug: `s-${i}`, authorId: author.id, updatedAt: row.createdAt })));
});

describe("search matching", () => {
  it("stems German words: 'Backlink' finds 'Backlinks', 'Kauf' finds 'kaufen', 'Bericht' finds 'Berichte'", async () => {
    expect(await titles({ query: "Backlink" })).toEqual(expect.arrayContaining(["Backlinks aus Gastbeiträgen", "Linkaufbau für Shops"]));
    expect(await titles({ query: "Kauf" })).toEqual(["Linkaufbau für Shops"]);
    expect(await titles({ query: "Bericht" })).toEqual(["GA4 Berichte verstehen"]);
    // The German stemmer keeps the participle apart, so only the substring part finds it.
    expect(await titles({ query: "gekauft" })).toEqual(["Linkaufbau für Shops"]);
  });

  it("finds acronyms and short terms by substring, case-insensitive", async () => {
    expect(await titles({ query: "ga4" })).toEqual(["GA4 Berichte verstehen"]);
    expect(await titles({ query: "KI" })).toEqual(expect.arrayContaining(["KI im Marketing"]));
    expect(await titles({ query: "seo" })).toEqual(["Angepinnt: Regeln"]);
  });

  it("treats LIKE wildcards in the query as text", async () => {
    expect(await titles({ query: "%" })).toEqual([]);
    expect(await titles({ query: "_" })).toEqual([]);
  });

  it("filters by category and ignores unknown ones", async () => {
    expect(await titles({ category: "tools" })).toEqual(["GA4 Berichte verstehen"]);
    const parsed = parseSearchFilter(new URLSearchParams("q=Backlink&category=marketing&sortBy=nonsense&dateRange=decade"));
    expect(parsed).toEqual({ query: "Backlink", category: undefined, dateRange: undefined, sortBy: "relevance" });
  });
});

describe("date ranges (Europe/Berlin)", () => {
  it("today, week, month and year", async () => {
    expect(await titles({ dateRange: "today", sortBy: "newest" })).toEqual(["GA4 Berichte verstehen"]);
    expect(await titles({ dateRange: "week", sortBy: "newest" })).toEqual(["GA4 Berichte verstehen", "Linkaufbau für Shops"]);
    expect(await titles({ dateRange: "month", sortBy: "newest" })).toEqual([
      "GA4 Berichte verstehen",
      "Linkaufbau für Shops",
      "Budget <script>alert(1)</script>",
    ]);
    expect(await titles({ dateRange: "year", sortBy: "oldest" })).toEqual([
      "KI im Marketing",
      "Backlinks aus Gastbeiträgen",
      "Budget <script>alert(1)</script>",
      "Linkaufbau für Shops",
      "GA4 Berichte verstehen",
    ]);
  });
});

describe("sorting", () => {
  it("relevance: pinned first, then replies, then views", async () => {
    expect(await titles({ dateRange: "year" })).toEqual([
      "Linkaufbau für Shops",
      "Backlinks aus Gastbeiträgen",
      "GA4 Berichte verstehen",
      "KI im Marketing",
      "Budget <script>alert(1)</script>",
    ]);
    expect((await titles({ query: "SEO" }))[0]).toBe("Angepinnt: Regeln");
  });

  it("newest, oldest, most replies, most views", async () => {
    const all = { category: undefined, query: "" };
    expect((await titles({ ...all, dateRange: "year", sortBy: "newest" }))[0]).toBe("GA4 Berichte verstehen");
    expect((await titles({ ...all, dateRange: "year", sortBy: "oldest" }))[0]).toBe("KI im Marketing");
    expect((await titles({ ...all, dateRange: "year", sortBy: "most_replies" }))[0]).toBe("Linkaufbau für Shops");
    expect((await titles({ ...all, dateRange: "year", sortBy: "most_views" }))[0]).toBe("GA4 Berichte verstehen");
  });

  it("breaks ties by text rank: a title match beats a content match", async () => {
    const result = await searchDiscussions(filter({ query: "Budget", sortBy: "relevance" }), now);
    expect(result.hits[0]?.title).toBe("Budget <script>alert(1)</script>");
  });
});

describe("results", () => {
  it("returns plain-text snippets and the terms to highlight", async () => {
    const result = await searchDiscussions(filter({ query: "kein Markup" }), now);
    expect(result.total).toBe(1);
    expect(result.terms).toEqual(["kein", "markup"]);
    // Stored entities come back as text; React escapes them when rendering.
    expect(result.hits[0]?.snippet).toBe("<b>kein Markup</b> Budget planen");
  });

  it("counts all matches but returns at most 50", async () => {
    const author = await makeViewer();
    await db.insert(discussions).values(
      Array.from({ length: 60 }, (_, i) => ({
        slug: `masse-${i}`,
        title: `Massentest ${i}`,
        content: "",
        category: "tools",
        authorId: author.id,
      })),
    );
    const result = await searchDiscussions(filter({ query: "Massentest" }), now);
    expect(result.hits).toHaveLength(50);
    expect(result.total).toBe(60);
    expect(result.capped).toBe(false);
  });

  it("stops counting past 1000 matches and says so", async () => {
    const author = await makeViewer();
    await db.insert(discussions).values(
      Array.from({ length: 1005 }, (_, i) => ({
        slug: `flut-${i}`,
        title: `Flutwelle ${i}`,
        content: "",
        category: "tools",
        authorId: author.id,
      })),
    );
    const result = await searchDiscussions(filter({ query: "Flutwelle" }), now);
    expect(result).toMatchObject({ total: 1000, capped: true });
    expect(result.hits).toHaveLength(50);
  });
});

describe("counting at scale", () => {
  /** The search's result and how many counting statements it sent. */
  const searchCounting = async (overrides: Partial<SearchFilter>, options?: { countEstimateBound?: number }) => {
    const statements: string[] = [];
    const stop = onQuery((query) => statements.push(query));
    try {
      const result = await searchDiscussions(filter(overrides), now, options);
      return { result, counts: statements.filter((query) => /count\(\*\)/i.test(query)).length };
    } finally {
      stop();
    }
  };

  beforeAll(async () => {
    const author = await makeViewer();
    // Distinct replies and views: the relevance order of the 70 is known without the database.
    await db.insert(discussions).values(
      Array.from({ length: 70 }, (_, i) => ({
        slug: `welle-${i}`,
        title: `Wellenreiter ${i}`,
        content: "",
        category: i % 7 === 0 ? "seo" : "tools",
        repliesCount: (i * 37) % 70,
        viewsCount: i,
        authorId: author.id,
        createdAt: daysAgo(i),
      })),
    );
    // The statistics the estimate reads, as autovacuum (PostgreSQL) or the app's maintenance (PGlite) keep them.
    await db.execute(sql`analyze ${discussions}`);
  });

  it("fewer than 50 hits are all the hits: no counting statement", async () => {
    const { result, counts } = await searchCounting({ query: "Backlink" });
    expect(result).toMatchObject({ total: 2, capped: false });
    expect(counts).toBe(0);
  });

  it("below the bound it counts exactly, and the 50 hits are the first 50 of the full relevance order", async () => {
    const { result, counts } = await searchCounting({ query: "Wellenreiter" });
    expect(counts).toBe(1);
    expect(result).toMatchObject({ total: 70, capped: false });
    const fullOrder = Array.from({ length: 70 }, (_, i) => ({ title: `Wellenreiter ${i}`, replies: (i * 37) % 70, views: i }))
      .sort((a, b) => b.replies - a.replies || b.views - a.views)
      .map((row) => row.title);
    expect(result.hits.map((hit) => hit.title)).toEqual(fullOrder.slice(0, 50));
  });

  it("a plain text search estimated at the bound or above is not counted and says more than 1000, with the same hits", async () => {
    const counted = await searchCounting({ query: "Wellenreiter" });
    const bounded = await searchCounting({ query: "Wellenreiter" }, { countEstimateBound: 60 });
    expect(bounded.counts).toBe(0);
    expect(bounded.result).toMatchObject({ total: 1000, capped: true });
    expect(bounded.result.hits).toEqual(counted.result.hits);
    // Far above what the statistics say about the word: counted.
    expect((await searchCounting({ query: "Wellenreiter" }, { countEstimateBound: 10_000 })).counts).toBe(1);
  });

  it("with a category the estimate is not trusted: counted exactly", async () => {
    const { result, counts } = await searchCounting({ query: "Wellenreiter", category: "tools" }, { countEstimateBound: 1 });
    expect(counts).toBe(1);
    expect(result).toMatchObject({ total: 60, capped: false });
  });
});
