/**
 * `npm run build && npm run bench:proof-of-work [-- --rounds 11] [-- --budget 500]`
 * How long a person's browser works on the sign-up form's proof of work (decision 0031): the built server with
 * demo content, its sign-up page in the system Chromium (the full browser a reader has, `CHROMIUM_PATH`), the
 * widget's first solve as it loads, then `--rounds` more, each fetching a challenge from /auth/challenge and
 * solving it in the page's workers. Prints each round and the median and 95th percentile of fetch + solve;
 * `--budget` (ms) fails when the median is above it. The e2e test checks that the widget solves and the sign-up
 * goes through unmarked; how fast is measured here, apart from whatever else the machine is doing.
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { percentile, startDemoServer } from "./lib/bench-server";

const { values: args } = parseArgs({
  options: {
    rounds: { type: "string", default: "11" },
    budget: { type: "string" },
  },
});
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("--rounds muss eine ganze Zahl ab 1 sein.");
  process.exit(2);
}

const server = await startDemoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/auth?tab=register`);
  const widget = page.locator("altcha-widget");
  await widget.getByText("Geprüft", { exact: true }).waitFor();
  const first = JSON.parse(Buffer.from(await page.locator('input[type="hidden"][name="altcha"]').inputValue(), "base64").toString()) as {
    solution: { counter: number; time: number };
  };
  console.log(`Erste Lösung beim Laden: ${first.solution.time} ms (Zähler ${first.solution.counter})`);

  const times = await page.evaluate(async (count) => {
    const element = document.querySelector("altcha-widget") as HTMLElement & {
      verify(): Promise<{ solution?: { time?: number } } | null>;
    };
    const measured: Array<{ total: number; solve: number }> = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const result = await element.verify();
      measured.push({ total: performance.now() - started, solve: result?.solution?.time ?? Number.NaN });
    }
    return measured;
  }, rounds);
  for (const [index, time] of times.entries()) {
    console.log(`Runde ${index + 1}: ${time.total.toFixed(0)} ms Abruf und Lösung (davon Lösung ${time.solve.toFixed(0)} ms)`);
  }
  const totals = times.map((time) => time.total).sort((a, b) => a - b);
  const median = percentile(totals, 50);
  console.log(`Median ${median.toFixed(0)} ms, p95 ${percentile(totals, 95).toFixed(0)} ms über ${rounds} Runden`);
  if (args.budget !== undefined && median > Number(args.budget)) {
    console.error(`Median ${median.toFixed(0)} ms über dem Budget von ${args.budget} ms`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
