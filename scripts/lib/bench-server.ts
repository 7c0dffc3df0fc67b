/**
 * The built production server as a child process, for benchmarks and fault
 * tests: start it against a database, read its memory, sign a member in,
 * stop it politely or kill it hard.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export interface BenchServer {
  url: string;
  pid: number;
  /** Base URL of the metrics port (GET `${metricsUrl}/metrics`), when started with `metricsPort`. */
  metricsUrl: string | null;
  /** Resident memory of the server process in MB (Linux /proc). */
  rssMb(): number;
  /** CPU time the server has used so far in ms, its worker processes included (Linux /proc; PostgreSQL's not). */
  cpuMs(): number;
  /** How the process ended, if it has: "Code 1", "Signal SIGKILL"; null while it runs. */
  exitStatus(): string | null;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown handler runs, nothing is flushed. */
  kill9(): Promise<void>;
}

export interface StartOptions {
  port: number;
  /** Extra environment, e.g. DATABASE_URL or DATA_DIR. */
  env?: Record<string, string | undefined>;
  /** Where the server's stdout/stderr go (default: ignored / inherited). */
  logFile?: string;
  /** Opens the Prometheus metrics on this port of 127.0.0.1 (METRICS_PORT). */
  metricsPort?: number;
  /** How long to wait for the first `/healthz` 200 before the server is killed and the start fails (default 180 s). */
  readyWithinMs?: number;
}

const SERVER_ENTRY = "build/server/index.js";

export async function startServer(options: StartOptions): Promise<BenchServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} fehlt: zuerst \`npm run build\` ausführen.`);
  const url = `http://127.0.0.1:${options.port}`;
  const log = options.logFile ? fs.openSync(options.logFile, "a") : "ignore";
  // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof": Node refuses profiling flags in NODE_OPTIONS, and the
  // cluster's workers inherit what the primary was started with.
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeFlags, SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      PUBLIC_URL: url,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...(options.metricsPort ? { METRICS_PORT: String(options.metricsPort), METRICS_HOST: "127.0.0.1" } : {}),
      ...options.env,
    },
    stdio: ["ignore", log, options.logFile ? log : "inherit"],
  });
  let exitStatus: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitStatus = signal ? `Signal ${signal}` : `Code ${code}`;
      resolve();
    }),
  );
  await waitForHealth(url, child, options.readyWithinMs ?? 180_000);
  return {
    url,
    pid: child.pid!,
    metricsUrl: options.metricsPort ? `http://127.0.0.1:${options.metricsPort}` : null,
    rssMb: () => readRssMb(child.pid!),
    cpuMs: () => readCpuMs(child.pid!),
    exitStatus: () => exitStatus,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** One health check may wait this long: a connection that is never answered must not stall the wait for good. */
const HEALTH_ATTEMPT_MS = 5_000;

async function waitForHealth(url: string, child: ChildProcess, readyWithinMs: number): Promise<void> {
  const started = Date.now();
  // What the checks saw, for the error: a start that fails says what it was waiting for.
  let last = "noch keine Antwort";
  let unanswered = 0;
  while (Date.now() - started < readyWithinMs) {
    if (child.exitCode !== null) throw new Error(`Server beendet mit Code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(HEALTH_ATTEMPT_MS) });
      if (response.ok) return;
      last = `HTTP ${response.status} ${(await response.text()).slice(0, 200)}`;
    } catch (error) {
      const timedOut = (error as Error).name === "TimeoutError";
      if (timedOut) unanswered++;
      const code = (error as { cause?: { code?: string } }).cause?.code;
      last = timedOut ? `keine Antwort nach ${HEALTH_ATTEMPT_MS / 1000} s` : (code ?? (error as Error).message);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(
    `Server antwortet nach ${Math.round(readyWithinMs / 1000)} s nicht mit 200 auf /healthz (zuletzt: ${last}; ${unanswered} Anfragen ohne Antwort)`,
  );
}

/** The processes of the server: the one started and, on PostgreSQL, the workers it forked. */
function processTree(pid: number): number[] {
  try {
    const children = fs.readFileSync(path.join("/proc", String(pid), "task", String(pid), "children"), "utf8").trim();
    return [pid, ...(children ? children.split(/\s+/).map(Number).flatMap(processTree) : [])];
  } catch {
    return [];
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function readCpuMs(pid: number): number {
  const ticks = processTree(pid).reduce((sum, id) => {
    try {
      // utime and stime, the 14th and 15th fields; the name in parentheses may hold spaces, so count after it.
      const fields = fs
        .readFileSync(path.join("/proc", String(id), "stat"), "utf8")
        .split(") ")[1]!
        .split(" ");
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of the server, its worker processes included (`npm start` forks one per core on PostgreSQL). */
function readRssMb(pid: number): number {
  const kilobytes = processTree(pid).reduce((sum, id) => {
    try {
      const status = fs.readFileSync(path.join("/proc", String(id), "status"), "utf8");
      return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kilobytes / 1024);
}

/**
 * Signs in through the sign-in form (as a browser without JavaScript would) and returns the Cookie header.
 * `headers` may add an X-Forwarded-For, for a server started with TRUST_PROXY, when many members sign in
 * at once and the per-IP limit would otherwise refuse them.
 */
/** `appCode`: for an account with a second factor, the code its authenticator app shows now (decision 0050). */
export async function signIn(
  url: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  appCode?: () => string,
): Promise<string> {
  const form = { ...headers, Origin: url, "Content-Type": "application/x-www-form-urlencoded" };
  let response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: form,
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const pending = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (appCode && response.headers.get("location")?.startsWith("/auth/second-factor"))
    response = await fetch(`${url}/auth/second-factor`, {
      method: "POST",
      redirect: "manual",
      headers: { ...form, Cookie: pending.join("; ") },
      body: new URLSearchParams({ code: appCode() }),
    });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const session = cookies.find((cookie) => cookie.startsWith("forum.session_token="));
  if (response.status !== 302 || !session) throw new Error(`Anmeldung als ${email} fehlgeschlagen (HTTP ${response.status})`);
  return cookies.join("; ");
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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

/** The built server on an in-memory database with demo content, for scripts that audit its output (Lighthouse, JS size). */
export async function startDemoServer(
  options: { port?: number; logLevel?: string; env?: Record<string, string>; metricsPort?: number } = {},
): Promise<BenchServer> {
  return startServer({
    port: options.port ?? (await freePort()),
    metricsPort: options.metricsPort,
    env: { DATA_DIR: "memory://", SEED_DEMO: "true", LOG_LEVEL: options.logLevel ?? "warn", ...options.env },
  });
}

/** The first discussion linked from a subforum page: demo slugs are generated, so none is hard-coded. */
export async function findDiscussionPath(baseUrl: string, subforum = "/subforum/seo"): Promise<string> {
  const html = await (await fetch(`${baseUrl}${subforum}`)).text();
  const found = html.match(/href="(\/discussion\/[^"]+)"/)?.[1];
  if (!found) throw new Error(`no discussion linked from ${subforum}`);
  return found;
}

/**
 * Posts a comment to a discussion as the comment form does without JavaScript; the answer is the caller's to read.
 * With a `submissionKey` (the form's one-time key) a resend is stored once.
 */
export function postComment(
  baseUrl: string,
  discussionPath: string,
  cookie: string,
  content: string,
  submissionKey?: string,
): Promise<Response> {
  return fetch(`${baseUrl}${discussionPath}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "create-comment", content, ...(submissionKey ? { submissionKey } : {}) }),
  });
}
