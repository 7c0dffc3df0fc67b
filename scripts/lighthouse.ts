/**
 * `npm run test:lighthouse`: starts the built production server on an
 * in-memory database with demo content and audits the home page, a subforum
 * and a discussion with Lighthouse in the system Chromium. Fails unless the
 * SEO score is 100 on each; prints all four category scores.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findDiscussionPath, startDemoServer } from "./lib/bench-server";

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

async function main() {
  const server = await startDemoServer({ port: process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : undefined });
  const BASE = server.url;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const pages = ["/", "/subforum/seo", await findDiscussionPath(BASE)];

    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
    let failed = false;
    const audit = (page: string) =>
      lighthouse(`${BASE}${page}`, {
        port: chrome!.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
    // A first, unscored run warms the browser and the server (the very first audit of a fresh Chromium can time out).
    await audit("/");
    for (const page of pages) {
      let result = await audit(page);
      if (result?.lhr.runtimeError) {
        console.log(`  ${page}: ${result.lhr.runtimeError.code} – retrying once`);
        result = await audit(page);
      }
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const line = `${page.padEnd(60)} performance ${score("performance")}  accessibility ${score("accessibility")}  best-practices ${score("best-practices")}  seo ${score("seo")}`;
      console.log(line);
      if (score("seo") !== 100) {
        failed = true;
        const audits = Object.values(result?.lhr.audits ?? {}).filter(
          (audit) => audit.score !== null && audit.score < 1 && result?.lhr.categories.seo?.auditRefs.some((ref) => ref.id === audit.id),
        );
        for (const audit of audits) console.log(`  SEO: ${audit.id} – ${audit.title}`);
      }
    }
    if (failed) process.exitCode = 1;
  } finally {
    await chrome?.kill();
    await server.stop();
  }
}

await main();
