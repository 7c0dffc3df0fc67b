/**
 * A PostgreSQL server of its own for fault tests: made with initdb in a
 * temporary folder and started with pg_ctl on a free port, so a test may
 * restart or stop it without touching the machine's server and its other
 * users. Run as root, the folder is handed to the `postgres` account and the
 * tools run as that account (PostgreSQL refuses to run as root).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./bench-server";

export interface OwnPostgres {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is ended by the server, as in an operator's restart. */
  restart(): void;
  stop(): void;
  start(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
}

function binDir(): string {
  const fromEnv = process.env.PG_BIN_DIR;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, "bin");
    if (fs.existsSync(path.join(dir, "initdb"))) return dir;
  }
  throw new Error("initdb nicht gefunden: PG_BIN_DIR auf den bin-Ordner von PostgreSQL setzen.");
}

export function ownPostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    execFileSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, {
      stdio: ["ignore", "ignore", "pipe"],
      cwd: dir,
    });
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  // Durability is not what these tests are about: no fsync keeps restarts quick.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  const ctl = (...args: string[]) => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "-t", "60", ...args]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => ctl("-m", "fast", "restart"),
    stop: () => ctl("-m", "fast", "stop"),
    start: () => ctl("start"),
    remove: () => {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
