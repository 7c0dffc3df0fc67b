/**
 * `npm run test:stress [-- <vitest arguments, e.g. a test file>]`
 * The integration suite on PostgreSQL (DATABASE_URL, default the local test
 * server; each file gets a database of its own) while every core is kept busy
 * by a busy-loop child: timing assumptions that hold on an idle machine (a
 * notification arriving "soon", a lock taken "first") show up here as
 * failures instead of as rare flakes in CI.
 *
 * The burners are bounded twice: each one exits by itself at a hard deadline
 * (STRESS_MAX_SECONDS, default 1,800), so none outlives a killed parent, and
 * they are killed as soon as the suite ends, whatever its result. The exit
 * code is the suite's.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
const maxSeconds = Number(process.env.STRESS_MAX_SECONDS ?? 1800);
const cores = availableParallelism();

if (!Number.isFinite(maxSeconds) || maxSeconds <= 0) {
  console.error("STRESS_MAX_SECONDS muss eine positive Zahl sein.");
  process.exit(2);
}

const deadline = Date.now() + maxSeconds * 1000;
// Plain JavaScript for `node -e`: spin, and look at the clock often enough to stop within a few milliseconds of the deadline.
const burnerSource = `const end = ${deadline}; for (;;) { for (let i = 0; i < 1e6; i++); if (Date.now() > end) process.exit(0); }`;
const burners: ChildProcess[] = Array.from({ length: cores }, () => spawn(process.execPath, ["-e", burnerSource], { stdio: "ignore" }));

function stopBurners() {
  for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill("SIGKILL");
}
process.on("exit", stopBurners);

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
console.log(`test:stress: ${cores} Busy-Loop-Prozesse (höchstens ${maxSeconds} s), Integrationstests auf ${databaseUrl}`);
const started = Date.now();
const suite = spawn(path.resolve("node_modules/.bin/vitest"), ["run", "--project", "integration", ...process.argv.slice(2)], {
  env: { ...process.env, DATABASE_URL: databaseUrl },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopBurners();
    suite.kill(signal);
  });
}

suite.once("exit", (code, signal) => {
  stopBurners();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`test:stress: Integrationstests unter Last nach ${seconds} s beendet (${signal ? `Signal ${signal}` : `Code ${code}`}).`);
  process.exit(code ?? 1);
});
suite.once("error", (error) => {
  stopBurners();
  console.error(`test:stress: Vitest ließ sich nicht starten: ${error.message}`);
  process.exit(1);
});
