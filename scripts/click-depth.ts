/**
 * `npm run bench:click-depth [-- --max-depth 3 --concurrency 6 --url http://127.0.0.1:3000]`
 * How many clicks from home a crawler needs to reach each discussion (the goal: none deeper than 3 at 100,000).
 * Starts the built server on the bench data (`npm run bench:data`: DATABASE_URL, else the PGlite folder
 * BENCH_DATA_DIR), or crawls `--url`. Like a search engine it reads /robots.txt (group `*`, the longest matching
 * rule wins, `$` anchors), follows only links in `<a href>` of the same origin, none with rel="nofollow" and none
 * on a page whose robots meta says nofollow, and fetches pages breadth first from `/`. Pages at `--max-depth` are
 * not fetched: what they would link lies deeper. The discussions to reach are those of the sitemap.
 * Prints the depth histogram, max and percentiles of the discussions reached, and how many are deeper than 3
 * (or were not reached within --max-depth); JSON in bench/results/click-depth.json.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { Parser } from "htmlparser2";
import { BENCH_DATA_DIR } from "./lib/bench-config";
import { freePort, percentile, startServer, type BenchServer } from "./lib/bench-server";

const { values } = parseArgs({
  options: {
    "max-depth": { type: "string", default: "3" },
    concurrency: { type: "string", default: "6" },
    url: { type: "string" },
  },
});
const maxDepth = Number(values["max-depth"]);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(maxDepth) || maxDepth < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error("Aufruf: npm run bench:click-depth -- --max-depth <Zahl> --concurrency <Zahl> [--url <Adresse>]");
  process.exit(1);
}
/** The goal: every discussion within this many clicks of home. */
const GOAL = 3;

interface Rule {
  allow: boolean;
  pattern: string;
}

/** The rules of the group for every crawler (`User-agent: *`). */
function robotsRules(text: string): Rule[] {
  const rules: Rule[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").trim();
    const key = field?.trim().toLowerCase();
    if (key === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
    } else if ((key === "allow" || key === "disallow") && value) {
      inRules = true;
      if (agents.includes("*")) rules.push({ allow: key === "allow", pattern: value });
    }
  }
  return rules;
}

function matches(pattern: string, target: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`).test(target);
}

/** Allowed unless the longest matching rule disallows it (Allow wins a tie, as Google reads it). */
function allowedBy(rules: Rule[], target: string): boolean {
  let best: Rule | null = null;
  for (const rule of rules) {
    if (!matches(rule.pattern, target)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow)) best = rule;
  }
  return best?.allow ?? true;
}

/** The links a crawler follows on a page: same origin, no nofollow, none at all under a nofollow robots meta. */
function followedLinks(html: string, pageUrl: URL): string[] {
  const links: string[] = [];
  let nofollowPage = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "meta" && attributes.name?.toLowerCase() === "robots" && /nofollow|none/i.test(attributes.content ?? "")) {
        nofollowPage = true;
      }
      if (name !== "a" || !attributes.href || /\bnofollow\b/i.test(attributes.rel ?? "")) return;
      let url: URL;
      try {
        url = new URL(attributes.href, pageUrl);
      } catch {
        return;
      }
      if (url.origin !== pageUrl.origin) return;
      links.push(url.pathname + url.search);
    },
  });
  parser.write(html);
  parser.end();
  return nofollowPage ? [] : links;
}

/** `/discussion/<slug>` of any address of a discussion's pages (its comment pages, anchors), else null. */
function discussionOf(target: string): string | null {
  const pathname = target.split("?")[0]!;
  return /^\/discussion\/[^/]+$/.test(pathname) ? pathname : null;
}

async function sitemapDiscussions(base: string): Promise<Set<string>> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const root = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = root.includes("<sitemapindex") ? [] : locs(root);
  if (root.includes("<sitemapindex")) {
    for (const sitemap of locs(root)) paths.push(...locs(await (await fetch(`${base}${sitemap}`)).text()));
  }
  return new Set(paths.map(discussionOf).filter((found): found is string => found !== null));
}

async function crawl(base: string) {
  const rules = robotsRules(await (await fetch(`${base}/robots.txt`)).text());
  const wanted = await sitemapDiscussions(base);
  const depthOf = new Map<string, number>([["/", 0]]);
  const discussionDepth = new Map<string, number>();
  let level = ["/"];
  let fetched = 0;
  const started = Date.now();
  for (let depth = 0; depth < maxDepth && level.length > 0; depth++) {
    const next: string[] = [];
    let cursor = 0;
    const worker = async () => {
      while (cursor < level.length) {
        const target = level[cursor++]!;
        const response = await fetch(`${base}${target}`, { redirect: "manual", headers: { "User-Agent": "click-depth" } });
        fetched++;
        // A redirect is a link too: its target is as deep as the page that pointed to it.
        const location = response.headers.get("location");
        const found =
          response.status >= 300 && response.status < 400 && location
            ? [new URL(location, `${base}${target}`).pathname + new URL(location, `${base}${target}`).search]
            : response.status === 200 && (response.headers.get("content-type") ?? "").includes("text/html")
              ? followedLinks(await response.text(), new URL(`${base}${target}`))
              : [];
        if (!found.length) await response.body?.cancel().catch(() => undefined);
        const linkDepth = response.status >= 300 && response.status < 400 ? depth : depth + 1;
        for (const link of found) {
          if (depthOf.has(link) || !allowedBy(rules, link)) continue;
          depthOf.set(link, linkDepth);
          const discussion = discussionOf(link);
          if (discussion && !discussionDepth.has(discussion)) discussionDepth.set(discussion, linkDepth);
          if (linkDepth === depth) level.push(link);
          else next.push(link);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    process.stdout.write(
      `  Tiefe ${depth}: ${level.length} Seiten gelesen, ${fetched} insgesamt (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
    );
    level = next;
  }
  return { wanted, discussionDepth, fetched, seconds: (Date.now() - started) / 1000 };
}

let server: BenchServer | null = null;
try {
  let base = values.url;
  if (!base) {
    const databaseUrl = process.env.DATABASE_URL;
    server = await startServer({
      port: await freePort(),
      env: {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: BENCH_DATA_DIR }),
        TRUST_PROXY: "1",
        MAX_REQUESTS_PER_CLIENT: "0",
      },
    });
    base = server.url;
  }
  const { wanted, discussionDepth, fetched, seconds } = await crawl(base.replace(/\/$/, ""));
  const depths = [...wanted].map((discussion) => discussionDepth.get(discussion)).filter((depth): depth is number => depth !== undefined);
  const sorted = depths.sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (const depth of sorted) histogram[depth] = (histogram[depth] ?? 0) + 1;
  const unreached = wanted.size - sorted.length;
  const result = {
    discussions: wanted.size,
    maxDepthCrawled: maxDepth,
    pagesFetched: fetched,
    seconds: Math.round(seconds),
    reached: sorted.length,
    notReachedWithinMaxDepth: unreached,
    histogram,
    max: unreached > 0 ? `> ${maxDepth}` : (sorted.at(-1) ?? 0),
    p50: sorted.length ? percentile(sorted, 50) : null,
    p90: sorted.length ? percentile(sorted, 90) : null,
    p99: sorted.length ? percentile(sorted, 99) : null,
    deeperThanGoal: sorted.filter((depth) => depth > GOAL).length + unreached,
  };
  console.log(`\nKlicktiefe der ${wanted.size} Diskussionen der Sitemap (${fetched} Seiten gelesen in ${result.seconds} s):`);
  for (const [depth, count] of Object.entries(histogram)) console.log(`  ${depth} Klicks: ${count}`);
  if (unreached > 0) console.log(`  nicht innerhalb von ${maxDepth} Klicks erreicht: ${unreached}`);
  console.log(`  Maximum ${result.max}, p50 ${result.p50}, p90 ${result.p90}, p99 ${result.p99} (der erreichten)`);
  console.log(`  tiefer als ${GOAL} Klicks: ${result.deeperThanGoal} von ${wanted.size}`);
  fs.mkdirSync("bench/results", { recursive: true });
  fs.writeFileSync(path.join("bench/results", "click-depth.json"), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await server?.stop();
}
