/**
 * Starts the production build (build/server/index.js) on an in-memory
 * database with demo content, for scripts that measure or audit the real
 * server output (Lighthouse, JS size). Requires `npm run build` first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

export interface BuiltServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A port the OS just handed out, so parallel runs (e2e, another worktree) do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  // Seeding the in-memory database takes 5–20 s on two shared cores.
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

export async function startBuiltServer(options: { port?: number; logLevel?: string } = {}): Promise<BuiltServer> {
  if (!existsSync("build/server/index.js")) throw new Error("build/server/index.js fehlt – zuerst `npm run build` ausführen");
  const port = options.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const child = spawn("node", ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      SEED_DEMO: "true",
      LOG_LEVEL: options.logLevel ?? "warn",
      PUBLIC_URL: baseUrl,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForHealthy(baseUrl, child);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The first discussion linked from a subforum page: demo slugs are generated, so none is hard-coded. */
export async function findDiscussionPath(baseUrl: string, subforum = "/subforum/seo"): Promise<string> {
  const html = await (await fetch(`${baseUrl}${subforum}`)).text();
  const path = html.match(/href="(\/discussion\/[^"]+)"/)?.[1];
  if (!path) throw new Error(`no discussion linked from ${subforum}`);
  return path;
}
