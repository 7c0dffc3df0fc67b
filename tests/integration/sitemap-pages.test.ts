/**
 * A large forum's sitemap: an index whose pages are ranges of discussion
 * numbers. Every page, the last one too, must read its own stretch of the
 * number index and nothing before it (an OFFSET walked every row it skipped).
 * The forum is made sparse (every 500th number) so that there are many pages
 * without inserting hundreds of thousands of rows.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { vacuumAnalyze } from "../../db/seed/bench-data";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { loader as sitemapPageLoader } from "~/routes/sitemaps";
import { db, onQuery } from "~/server/db";
import { SITEMAP_MAX_URLS } from "~/server/seo";

const DISCUSSIONS = 6_000;
const STEP = 500;
const PER_PAGE = SITEMAP_MAX_URLS / STEP;
const DISCUSSION_PAGES = Math.ceil((DISCUSSIONS * STEP) / SITEMAP_MAX_URLS);

beforeAll(async () => {
  await db.execute(sql`
    insert into discussions (number, slug, title, content, category, created_at, updated_at)
    select g * ${STEP}, 'karte-' || g, 'Karte ' || g, '<p>Karte</p>', 'general', now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${DISCUSSIONS}) g`);
  // Every tenth discussion is hidden: it leaves a gap and must not appear.
  await db.execute(sql`update discussions set hidden_at = now() where number % ${STEP * 10} = 0`);
  await db.execute(sql`
    insert into comments (discussion_id, content, created_at)
    select d.id, 'Antwort', d.created_at + c * interval '1 second'
    from discussions d, generate_series(1, 3) c`);
  await vacuumAnalyze(db);
}, 300_000);

async function page(file: string): Promise<Response> {
  return (await sitemapPageLoader({
    params: { file },
    request: new Request(`http://localhost/sitemaps/${file}`),
    context: {},
  } as never)) as Response;
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>[^<]*\/discussion\/([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describe("sitemap index on a large forum", () => {
  it("has one page for the fixed pages and one per 50,000 discussion numbers", async () => {
    const response = (await sitemapLoader()) as Response;
    const xml = await response.text();
    expect(xml).toContain("<sitemapindex");
    expect(xml.match(/<sitemap>/g)).toHaveLength(1 + DISCUSSION_PAGES);
    expect(xml).toContain(`/sitemaps/${1 + DISCUSSION_PAGES}.xml`);
  });

  it("lists each visible discussion on the page of its number, newest first, once", async () => {
    const seen: string[] = [];
    for (let n = 2; n <= 1 + DISCUSSION_PAGES; n += 1) {
      const response = await page(`${n}.xml`);
      expect(response.status).toBe(200);
      const slugs = locs(await response.text());
      // Numbers (n − 2) · 50,000 + 1 … (n − 1) · 50,000 are discussions g = (n − 2) · 100 + 1 … (n − 1) · 100.
      const expected = Array.from({ length: PER_PAGE }, (_, i) => (n - 1) * PER_PAGE - i)
        .filter((g) => g % 10 !== 0)
        .map((g) => `karte-${g}`);
      expect(slugs).toEqual(expected);
      seen.push(...slugs);
    }
    expect(new Set(seen).size).toBe(DISCUSSIONS - DISCUSSIONS / 10);
  });

  it("answers 404 past the last page", async () => {
    const response = await page(`${2 + DISCUSSION_PAGES}.xml`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Diese Sitemap-Seite gibt es nicht.");
  });
});

describe("sitemap page queries", () => {
  interface PlanNode {
    "Node Type": string;
    "Relation Name"?: string;
    "Index Name"?: string;
    "Index Cond"?: string;
    "Actual Rows"?: number;
    "Actual Loops"?: number;
    Plans?: PlanNode[];
  }

  function nodes(plan: PlanNode): PlanNode[] {
    return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
  }

  /** Every statement a page's loader sends, explained with the rows each step actually read. */
  async function explainedQueries(file: string): Promise<PlanNode[]> {
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const stop = onQuery((query, params) => captured.push({ sql: query, params }));
    try {
      await page(file);
    } finally {
      stop();
    }
    const client = (
      db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> } }
    ).$client;
    const plans: PlanNode[] = [];
    for (const query of captured) {
      const { rows } = await client.query(`explain (analyze, format json) ${query.sql}`, query.params);
      const raw = rows[0]!["QUERY PLAN"];
      plans.push(((typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>)[0]!.Plan);
    }
    return plans;
  }

  for (const [name, n] of [
    ["first discussion page", 2],
    ["middle page", 1 + Math.ceil(DISCUSSION_PAGES / 2)],
    ["last page", 1 + DISCUSSION_PAGES],
  ] as const) {
    it(`${name}: reads the discussions of its number range by index and no row before them`, async () => {
      const plans = await explainedQueries(`${n}.xml`);
      // The layout (highest number) and the page's discussions.
      expect(plans).toHaveLength(2);
      const all = plans.flatMap(nodes);
      expect(all.filter((node) => node["Node Type"] === "Seq Scan").map((node) => node["Relation Name"])).toEqual([]);
      const discussionScans = all.filter((node) => node["Relation Name"] === "discussions");
      expect(discussionScans.length).toBeGreaterThan(0);
      for (const scan of discussionScans) {
        expect(scan["Index Name"]).toBe("discussions_number_key");
        // A stretch of the index, not a walk over it: the visible discussions of the page plus its hidden ones at most.
        expect((scan["Actual Rows"] ?? 0) * (scan["Actual Loops"] ?? 1)).toBeLessThanOrEqual(PER_PAGE);
      }
      const pageScan = plans[1]!;
      const rangeScan = nodes(pageScan).find((node) => node["Relation Name"] === "discussions");
      expect(rangeScan?.["Index Cond"]).toMatch(/number >= .*number <= /);
    });
  }
});

describe("a page whose discussions are all hidden", () => {
  it("is left out of the index and answers 404 (a urlset needs one URL)", async () => {
    // Page 3 holds discussions g = 101 … 200.
    await db.execute(
      sql`update discussions set hidden_at = now() where number between ${SITEMAP_MAX_URLS + 1} and ${2 * SITEMAP_MAX_URLS}`,
    );
    const xml = await ((await sitemapLoader()) as Response).text();
    expect(xml.match(/<sitemap>/g)).toHaveLength(DISCUSSION_PAGES);
    expect(xml).not.toContain("/sitemaps/3.xml");
    expect(xml).toContain("/sitemaps/4.xml");
    const response = await page("3.xml");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Diese Sitemap-Seite gibt es nicht.");
    expect((await page("4.xml")).status).toBe(200);
  });

  it("makes the index probe each page along the number index", async () => {
    const captured: Array<{ sql: string; params: unknown[] }> = [];
    const stop = onQuery((query, params) => captured.push({ sql: query, params }));
    try {
      await sitemapLoader();
    } finally {
      stop();
    }
    const client = (
      db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> } }
    ).$client;
    for (const query of captured) {
      const { rows } = await client.query(`explain (format json) ${query.sql}`, query.params);
      const raw = rows[0]!["QUERY PLAN"];
      const plan = JSON.stringify(typeof raw === "string" ? JSON.parse(raw) : raw);
      expect(plan).not.toContain('"Seq Scan"');
      if (plan.includes('"discussions"')) expect(plan).toContain("discussions_number_key");
    }
  });
});
