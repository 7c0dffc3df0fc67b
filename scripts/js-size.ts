/**
 * `npm run bench:js [-- --browser] [-- --budget 140] [-- --guest-budget 10]`:
 * JavaScript a first visit downloads, per page, from the production build
 * (run `npm run build` first), for a guest and for a signed-in member apart:
 * a guest's reading pages carry only the enhancement script (decision record
 * 0036), a member's the full app.
 *
 * The built server renders each page; every `<script src>`, every
 * `<link rel="modulepreload">` and every import of the inline module script is
 * fetched, and the static imports of those files are followed too (React
 * Router modulepreloads them all, so that only guards against a gap). Dynamic
 * imports inside the bundles are not followed: they load on interaction.
 * `--browser` additionally opens each page in the system Chromium and counts
 * any further script it fetches before the network is idle, e.g. a lazy chunk
 * that a component imports right on mount.
 *
 * Sizes: gzip at level 9 and brotli at quality 11 of each file (what the
 * build's precompressed .gz and .br files hold, comparable between builds)
 * and the bytes the server actually sends with `Accept-Encoding: gzip`.
 * kB = 1000 bytes, as in Vite's build output. `--budget` (kB gzip) applies to
 * the member's discussion page, `--guest-budget` (kB brotli) to every guest
 * page.
 * Writes bench/results/js-size.json.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants as zlib, gunzipSync, gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";
import { findDiscussionPath, signIn, startDemoServer } from "./lib/bench-server";

const { values: args } = parseArgs({
  options: {
    browser: { type: "boolean", default: false },
    budget: { type: "string" },
    "guest-budget": { type: "string" },
  },
});

interface JsFile {
  url: string;
  raw: number;
  gzip9: number;
  brotli11: number;
  served: number;
  /** How the first visit reaches it: listed in the HTML, a static import found by following, or fetched by the browser. */
  via: "html" | "static-import" | "browser";
}

type Visitor = "guest" | "member";

/** A demo member (db/seed/demo-content.ts): the member's pages are measured with this session. */
const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };

interface PageResult {
  visitor: Visitor;
  page: string;
  path: string;
  files: JsFile[];
  inlineModuleBytes: number;
  totals: { raw: number; gzip9: number; brotli11: number; served: number };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Body bytes as sent on the wire: Node's fetch would silently decompress them. */
function fetchServedBytes(url: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url}: HTTP ${res.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function measureFile(url: string, via: JsFile["via"]): Promise<{ file: JsFile; source: string }> {
  const { body, encoding } = await fetchServedBytes(url);
  const source = encoding === "gzip" ? gunzipSync(body) : body;
  return {
    file: {
      url: new URL(url).pathname,
      raw: source.length,
      gzip9: gzipSync(source, { level: 9 }).length,
      brotli11: brotliCompressSync(source, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      }).length,
      served: body.length,
      via,
    },
    source: source.toString("utf8"),
  };
}

function attributes(tag: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) map.set(match[1]!.toLowerCase(), match[2] ?? "");
  return map;
}

/** Specifiers that load a module: static imports and dynamic imports with a literal string. */
function importsOf(source: string): string[] {
  const [imports] = parse(source);
  return imports.map((entry) => entry.n).filter((name): name is string => typeof name === "string");
}

function staticImportsOf(source: string): string[] {
  const [imports] = parse(source);
  // d === -1: a static import statement; dynamic imports (d >= 0) only load on demand inside bundles.
  return imports.filter((entry) => entry.d === -1 && entry.n).map((entry) => entry.n!);
}

/** Script URLs the server-rendered HTML makes the browser load. */
function scriptsInHtml(html: string, pageUrl: string): { urls: string[]; inlineModuleBytes: number } {
  const urls = new Set<string>();
  let inlineModuleBytes = 0;
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(match[2]!);
    if (match[1]!.toLowerCase() === "script" && attrs.get("src")) urls.add(new URL(attrs.get("src")!, pageUrl).href);
    if (match[1]!.toLowerCase() === "link" && attrs.get("rel") === "modulepreload" && attrs.get("href")) {
      urls.add(new URL(attrs.get("href")!, pageUrl).href);
    }
  }
  // React Router's inline module script imports the route modules and then, dynamically, the client entry:
  // both happen on every first visit.
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(match[1]!);
    if (attrs.get("type") !== "module" || attrs.has("src")) continue;
    inlineModuleBytes += Buffer.byteLength(match[2]!);
    for (const specifier of importsOf(match[2]!)) urls.add(new URL(specifier, pageUrl).href);
  }
  return { urls: [...urls], inlineModuleBytes };
}

async function measurePage(baseUrl: string, visitor: Visitor, cookie: string | null, page: string, path: string): Promise<PageResult> {
  const pageUrl = `${baseUrl}${path}`;
  const response = await fetch(pageUrl, { headers: cookie ? { Cookie: cookie } : {} });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const { urls, inlineModuleBytes } = scriptsInHtml(await response.text(), pageUrl);

  const files = new Map<string, JsFile>();
  const queue: Array<{ url: string; via: JsFile["via"] }> = urls.map((url) => ({ url, via: "html" }));
  for (let item = queue.shift(); item; item = queue.shift()) {
    if (files.has(item.url)) continue;
    const { file, source } = await measureFile(item.url, item.via);
    files.set(item.url, file);
    for (const specifier of staticImportsOf(source)) {
      queue.push({ url: new URL(specifier, item.url).href, via: "static-import" });
    }
  }
  return { visitor, page, path, files: [...files.values()], inlineModuleBytes, totals: sum([...files.values()]) };
}

function sum(files: JsFile[]) {
  return files.reduce(
    (total, file) => ({
      raw: total.raw + file.raw,
      gzip9: total.gzip9 + file.gzip9,
      brotli11: total.brotli11 + file.brotli11,
      served: total.served + file.served,
    }),
    { raw: 0, gzip9: 0, brotli11: 0, served: 0 },
  );
}

/** Scripts Chromium really fetches until the network is idle, without any interaction. */
async function scriptsInBrowser(baseUrl: string, path: string, cookie: string | null): Promise<string[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
    const scripts = new Set<string>();
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.add(req.url());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
    // The full app marks hydration; a guest's reading page, its enhancement script's run.
    await page.waitForSelector("html[data-hydrated='true'], html[data-enhanced='true']");
    // Whatever an effect imports right after hydration has to start within this window.
    await page.waitForTimeout(1000);
    await page.waitForLoadState("networkidle");
    return [...scripts];
  } finally {
    await browser.close();
  }
}

async function addBrowserScripts(result: PageResult, baseUrl: string, cookie: string | null) {
  const known = new Set(result.files.map((file) => `${baseUrl}${file.url}`));
  const extra = (await scriptsInBrowser(baseUrl, result.path, cookie)).filter((url) => !known.has(url));
  for (const url of extra) result.files.push((await measureFile(url, "browser")).file);
  result.totals = sum(result.files);
  return extra.length;
}

function printTable(results: PageResult[]) {
  console.log(
    `\n${"visitor".padEnd(8)} ${"page".padEnd(12)} ${"files".padStart(5)} ${"raw kB".padStart(8)} ${"gzip-9 kB".padStart(10)} ${"brotli kB".padStart(10)} ${"served kB".padStart(10)} ${"inline kB".padStart(10)}`,
  );
  for (const result of results) {
    const { raw, gzip9, brotli11, served } = result.totals;
    console.log(
      `${result.visitor.padEnd(8)} ${result.page.padEnd(12)} ${String(result.files.length).padStart(5)} ${kb(raw).padStart(8)} ${kb(gzip9).padStart(10)} ${kb(brotli11).padStart(10)} ${kb(served).padStart(10)} ${kb(result.inlineModuleBytes).padStart(10)}`,
    );
  }
}

function printBreakdown(result: PageResult) {
  console.log(
    `\n${result.visitor} ${result.page} ${result.path}\n${"file".padEnd(48)} ${"raw kB".padStart(8)} ${"gzip-9 kB".padStart(10)} ${"brotli kB".padStart(10)}  via`,
  );
  for (const file of [...result.files].sort((a, b) => b.gzip9 - a.gzip9)) {
    console.log(
      `${file.url.padEnd(48)} ${kb(file.raw).padStart(8)} ${kb(file.gzip9).padStart(10)} ${kb(file.brotli11).padStart(10)}  ${file.via}`,
    );
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

async function main() {
  await init;
  const server = await startDemoServer({ logLevel: "silent" });
  try {
    const discussion = await findDiscussionPath(server.url);
    const pages: Array<[string, string]> = [
      ["home", "/"],
      ["subforum", "/subforum/seo"],
      ["discussion", discussion],
      ["search", "/search"],
      ["members", "/members"],
    ];
    const memberCookie = await signIn(server.url, MEMBER.email, MEMBER.password);
    const visitors: Array<[Visitor, string | null]> = [
      ["guest", null],
      ["member", memberCookie],
    ];
    const results: PageResult[] = [];
    for (const [visitor, cookie] of visitors) {
      for (const [page, path] of pages) {
        const result = await measurePage(server.url, visitor, cookie, page, path);
        const followed = result.files.filter((file) => file.via === "static-import");
        if (followed.length > 0)
          console.warn(
            `${visitor} ${page}: ${followed.length} statically imported file(s) not preloaded by the HTML: ${followed.map((f) => f.url).join(", ")}`,
          );
        if (args.browser) {
          const extra = await addBrowserScripts(result, server.url, cookie);
          if (extra > 0)
            console.warn(`${visitor} ${page}: Chromium fetched ${extra} script(s) beyond the HTML list (counted in the total)`);
        }
        results.push(result);
      }
    }
    printTable(results);
    for (const visitor of ["guest", "member"] as const) {
      printBreakdown(results.find((result) => result.visitor === visitor && result.page === "discussion")!);
    }

    mkdirSync("bench/results", { recursive: true });
    const output = {
      measuredAt: new Date().toISOString(),
      commit: gitCommit(),
      browserChecked: args.browser,
      unit: "bytes",
      pages: results,
    };
    writeFileSync("bench/results/js-size.json", `${JSON.stringify(output, null, 2)}\n`);
    console.log("\nbench/results/js-size.json written");

    if (args.budget) {
      const limit = Number(args.budget) * 1000;
      const discussionTotal = results.find((result) => result.visitor === "member" && result.page === "discussion")!.totals.gzip9;
      if (discussionTotal > limit) {
        console.error(`member's discussion page: ${kb(discussionTotal)} kB gzip exceeds the budget of ${args.budget} kB`);
        process.exitCode = 1;
      }
    }
    if (args["guest-budget"]) {
      const limit = Number(args["guest-budget"]) * 1000;
      for (const result of results.filter((each) => each.visitor === "guest" && each.totals.brotli11 > limit)) {
        console.error(
          `guest's ${result.page} page: ${kb(result.totals.brotli11)} kB brotli exceeds the budget of ${args["guest-budget"]} kB`,
        );
        process.exitCode = 1;
      }
    }
  } finally {
    await server.stop();
  }
}

await main();
