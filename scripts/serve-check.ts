/**
 * `npx tsx scripts/serve-check.ts` (after `npm run build`)
 * Starts the built server on a free port with an in-memory database, expects
 * 200 from `/` and `/healthz`, then stops it with SIGTERM and expects a clean
 * exit. scripts/node-lts-check.sh runs it on another Node line than the
 * machine's, so it says which Node it ran on.
 */
import { freePort, startServer } from "./lib/bench-server";

const SHUTDOWN_LIMIT_MS = 30_000;

async function main() {
  const port = await freePort();
  const server = await startServer({ port, env: { DATA_DIR: "memory://" } });
  const problems: string[] = [];
  try {
    for (const route of ["/", "/healthz"]) {
      const response = await fetch(`${server.url}${route}`);
      await response.arrayBuffer();
      if (response.status !== 200) problems.push(`${route}: HTTP ${response.status}`);
    }
  } finally {
    const stopped = server.stop().then(() => "stopped" as const);
    const timeout = new Promise<"timeout">((resolve) => setTimeout(resolve, SHUTDOWN_LIMIT_MS, "timeout").unref());
    if ((await Promise.race([stopped, timeout])) === "timeout") {
      await server.kill9();
      problems.push(`kein Ende binnen ${SHUTDOWN_LIMIT_MS / 1000} s nach SIGTERM`);
    } else if (server.exitStatus() !== "Code 0") {
      problems.push(`Ende nach SIGTERM: ${server.exitStatus()}`);
    }
  }
  if (problems.length > 0) {
    console.error(`serve-check auf Node ${process.version} fehlgeschlagen:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`serve-check auf Node ${process.version}: / und /healthz 200, sauberes Ende nach SIGTERM`);
}

await main();
