/**
 * `npm run test:lighthouse`: starts the built production server on an
 * in-memory database with demo content and audits the home page, a subforum
 * and a discussion with Lighthouse in the system Chromium. Fails unless the
 * SEO score is 100 on each; prints the category scores.
 * Performance is audited twice: with Lighthouse's mobile defaults, and with
 * the CPU slowed down `--extra-cpu-slowdown` times more (default 4, so 16×
 * instead of 4×: a cheap phone, or a busy machine), each with its Total
 * Blocking Time, the cost of the page's scripts on the main thread.
 * Lighthouse 12 has no PWA checks any more: whether Chromium offers to install
 * the forum (manifest, icons, display mode) is asked of the same browser on
 * the home page, as the removed `installable-manifest` audit did, and any
 * reason against it fails the run too (scripts/lib/installability.ts).
 * With `--no-performance` (CI) the performance category is left out: it
 * traces each load under simulated throttling, which is most of the run's
 * time, and a lab score on a shared CI machine says nothing (`npm run bench*`
 * measures speed).
 */
import * as chromeLauncher from "chrome-launcher";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { findDiscussionPath, startDemoServer } from "./lib/bench-server";
import { installabilityOf } from "./lib/installability";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const { values: args } = parseArgs({
  options: {
    "no-performance": { type: "boolean", default: false },
    "extra-cpu-slowdown": { type: "string", default: "4" },
  },
});

const auditedCategories = ["performance", "accessibility", "best-practices", "seo"].filter(
  (category) => category !== "performance" || !args["no-performance"],
);

/** Lighthouse's own mobile setting (simulated throttling), which the extra slowdown multiplies. */
const DEFAULT_CPU_SLOWDOWN = 4;
const slowerCpu = DEFAULT_CPU_SLOWDOWN * Number(args["extra-cpu-slowdown"]);

async function main() {
  const server = await startDemoServer({ port: process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined });
  const BASE = server.url;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const pages = ["/", "/subforum/seo", await findDiscussionPath(BASE)];

    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
    let failed = false;
    const audit = (page: string, categories = auditedCategories, cpuSlowdownMultiplier?: number) =>
      lighthouse(`${BASE}${page}`, {
        port: chrome!.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
        ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
      });
    const blockingTime = (result: Awaited<ReturnType<typeof audit>>) =>
      `TBT ${Math.round(result?.lhr.audits["total-blocking-time"]?.numericValue ?? 0)} ms`;
    // A first, unscored run warms the browser and the server, so the first page's timings are not a cold start's
    // (and the very first traced audit of a fresh Chromium can time out).
    if (auditedCategories.includes("performance")) await audit("/");
    for (const page of pages) {
      let result = await audit(page);
      if (result?.lhr.runtimeError) {
        console.log(`  ${page}: ${result.lhr.runtimeError.code} – retrying once`);
        result = await audit(page);
      }
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      let line = `${page.padEnd(60)} ${auditedCategories.map((id) => `${id} ${score(id)}`).join("  ")}`;
      if (auditedCategories.includes("performance")) {
        let slowed = await audit(page, ["performance"], slowerCpu);
        if (slowed?.lhr.runtimeError) slowed = await audit(page, ["performance"], slowerCpu);
        const slowedScore = Math.round((slowed?.lhr.categories.performance?.score ?? 0) * 100);
        line += `  ${blockingTime(result)}  | CPU ${slowerCpu}×: performance ${slowedScore}  ${blockingTime(slowed)}`;
      }
      console.log(line);
      if (score("seo") !== 100) {
        failed = true;
        const audits = Object.values(result?.lhr.audits ?? {}).filter(
          (audit) => audit.score !== null && audit.score < 1 && result?.lhr.categories.seo?.auditRefs.some((ref) => ref.id === audit.id),
        );
        for (const audit of audits) console.log(`  SEO: ${audit.id} – ${audit.title}`);
      }
    }
    const install = await installabilityOf(chrome.port, `${BASE}/`);
    const problems = [...install.errors, ...install.manifestErrors];
    console.log(`${"/ installable".padEnd(60)} ${problems.length === 0 ? "yes" : `no: ${problems.join("; ")}`}  (${install.manifestUrl})`);
    if (problems.length > 0 || !install.manifestUrl) failed = true;
    if (failed) process.exitCode = 1;
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

await main();
