/**
 * `npm run test:lighthouse`: starts the built production server on an
 * in-memory database with demo content and audits the home page, a subforum
 * and a discussion with Lighthouse in the system Chromium. Fails unless the
 * SEO score is 100 on each; prints all four category scores.
 */
import { spawn } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3210);
const BASE = `http://localhost:${PORT}`;
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

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

async function main() {
  const server = spawn("node", ["build/server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: "memory://", SEED_DEMO: "true", LOG_LEVEL: "warn", PUBLIC_URL: BASE },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer();
    const subforumHtml = await (await fetch(`${BASE}/subforum/seo`)).text();
    const discussion = subforumHtml.match(/href="(\/discussion\/[^"]+)"/)?.[1];
    if (!discussion) throw new Error("no discussion found");
    const pages = ["/", "/subforum/seo", discussion];

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
        const audits = Object.values(result?.lhr.audits ?? {}).filter((audit) => audit.score !== null && audit.score < 1 && result?.lhr.categories.seo?.auditRefs.some((ref) => ref.id === audit.id));
        for (const audit of audits) console.log(`  SEO: ${audit.id} – ${audit.title}`);
      }
    }
    if (failed) process.exitCode = 1;
  } finally {
    await chrome?.kill();
    server.kill("SIGTERM");
  }
}

await main();
