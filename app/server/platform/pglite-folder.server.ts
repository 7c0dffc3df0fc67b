/**
 * The embedded database's folder: who has it open, and how a backup gets a
 * consistent copy of it while the server runs (decision 0025). PGlite is
 * PostgreSQL inside one process; no other process may open the folder, so
 * the backup command asks that process: it writes a request file into the
 * folder and sends SIGUSR2, and the server answers with PGlite's own
 * `dumpDataDir()`, taken while no query runs.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const LOCK_FILE = "forum.lock";
/** Holds the pid of a server that answers backup requests; a server of an older version, which SIGUSR2 would end, writes none. */
const READY_FILE = "forum.backup-ready";
const REQUEST_PREFIX = "backup-request-";
/** The signing secret the app generates when AUTH_SECRET is not set (app/server/accounts/auth.server.ts). */
export const AUTH_SECRET_FILE = "auth-secret";
/** The uploads' folder inside DATA_DIR when STORAGE_DIR is not set (app/server/platform/storage.server.ts). */
export const STORAGE_FOLDER = "storage";

/** Files the app keeps in the folder beside the database; a backup carries the secret and the uploads as entries of their own, none of the others. */
export function isAppFileInDataFolder(name: string): boolean {
  return (
    name === LOCK_FILE ||
    name === READY_FILE ||
    name === AUTH_SECRET_FILE ||
    name === STORAGE_FOLDER ||
    name.startsWith(`${AUTH_SECRET_FILE}.`) ||
    name.startsWith(REQUEST_PREFIX)
  );
}

/**
 * PGlite does not guard its folder against a second process, and two writers
 * would corrupt it. A lock file with our pid refuses the second one; a lock
 * left by a killed process (its pid no longer runs) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockFile, "utf8").trim());
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `Der Datenordner ${path.resolve(dataDir)} wird bereits von Prozess ${owner} verwendet. ` +
            "Beenden Sie diesen Prozess oder setzen Sie DATA_DIR auf einen anderen Ordner.",
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Sperrdatei ${lockFile} konnte nicht angelegt werden.`);
}

/** Removes everything in the folder but our lock on it, before a restore loads the database into it. */
export function emptyDataFolder(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    // The uploads are not the database's: a restore replaces them on its own, only when the backup has them.
    if (name !== LOCK_FILE && name !== STORAGE_FOLDER) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** The pid of another process that has the folder open (its lock names it and it runs), or null. */
export function pgliteFolderOwner(dataDir: string): number | null {
  const owner = readPid(path.join(dataDir, LOCK_FILE));
  return owner && owner !== process.pid && isRunning(owner) ? owner : null;
}

function readPid(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, "utf8").trim()) || null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export type BackupDumpReport = { target: string; bytes: number; ms: number } | { target: string; error: Error };

/**
 * In the process that opened the folder: answers the backup command's
 * requests until the returned function is called. Windows knows no SIGUSR2;
 * there the server is stopped for a backup.
 */
export function answerBackupRequests(
  dataDir: string,
  client: PGlite,
  report: (result: BackupDumpReport) => void = () => undefined,
): () => void {
  if (process.platform === "win32") return () => undefined;
  let queue = Promise.resolve();
  let scheduled = false;
  const onSignal = () => {
    // Signals that arrive while one round runs are served by the next round, which reads the folder anew.
    if (scheduled) return;
    scheduled = true;
    queue = queue.then(async () => {
      scheduled = false;
      await answerPendingRequests(dataDir, client, report);
    });
  };
  process.on("SIGUSR2", onSignal);
  const readyFile = path.join(dataDir, READY_FILE);
  fs.writeFileSync(readyFile, String(process.pid));
  return () => {
    process.off("SIGUSR2", onSignal);
    if (readPid(readyFile) === process.pid) fs.rmSync(readyFile, { force: true });
  };
}

async function answerPendingRequests(dataDir: string, client: PGlite, report: (result: BackupDumpReport) => void) {
  const requests = fs.readdirSync(dataDir).filter((name) => name.startsWith(REQUEST_PREFIX) && name.endsWith(".json"));
  for (const name of requests) {
    const file = path.join(dataDir, name);
    let target: string | null = null;
    try {
      target = parseRequest(fs.readFileSync(file, "utf8"));
    } catch {
      // Not a request of ours to answer (or already answered by the round before); dropped either way.
    }
    // Gone before the dump, so the copy does not carry it.
    fs.rmSync(file, { force: true });
    if (!target) continue;
    const started = performance.now();
    try {
      // Dirty pages to disk first: the copy then needs little or no WAL replay when it is opened.
      await client.exec("checkpoint");
      // Runs under PGlite's query lock: no statement changes the files while they are read. A transaction
      // open at this moment is absent from the copy, as after a crash.
      const dump = await client.dumpDataDir("none");
      const data = Buffer.from(await dump.arrayBuffer());
      await fs.promises.writeFile(`${target}.partial`, data);
      await fs.promises.rename(`${target}.partial`, target);
      report({ target, bytes: data.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      await fs.promises.writeFile(`${target}.error`, failure.message).catch(() => undefined);
      report({ target, error: failure });
    }
  }
}

/** The dump goes only where the backup command can name it: an absolute path of a `.pglite.tar` file. */
function parseRequest(text: string): string {
  const target = (JSON.parse(text) as { target?: unknown }).target;
  if (typeof target !== "string" || !path.isAbsolute(target) || !target.endsWith(".pglite.tar")) throw new Error("invalid request");
  return target;
}

/**
 * In the backup command: has the server that holds the folder write a dump
 * of it to `target` (an absolute path ending in `.pglite.tar`), and waits
 * until it is there.
 */
export async function requestDumpFromServer(dataDir: string, target: string, options: { timeoutMs?: number } = {}): Promise<void> {
  const owner = pgliteFolderOwner(dataDir);
  if (!owner) throw new Error(`Kein Server hat den Datenordner ${path.resolve(dataDir)} geöffnet.`);
  if (readPid(path.join(dataDir, READY_FILE)) !== owner) {
    throw new Error(
      `Der laufende Server (Prozess ${owner}) nimmt keine Sicherungsanfragen an: Er stammt von einer älteren Version ` +
        "oder läuft unter Windows. Beenden Sie ihn, sichern Sie dann, und starten Sie ihn wieder.",
    );
  }
  const id = randomUUID();
  const draft = path.join(dataDir, `.${id}.json`);
  const request = path.join(dataDir, `${REQUEST_PREFIX}${id}.json`);
  // Written aside and renamed: the server never reads half a request.
  fs.writeFileSync(draft, JSON.stringify({ target }));
  fs.renameSync(draft, request);
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  try {
    process.kill(owner, "SIGUSR2");
    for (;;) {
      if (fs.existsSync(target)) return;
      if (fs.existsSync(`${target}.error`)) {
        const message = fs.readFileSync(`${target}.error`, "utf8");
        fs.rmSync(`${target}.error`, { force: true });
        throw new Error(`Der Server konnte die Datenbank nicht kopieren: ${message}`);
      }
      if (!isRunning(owner)) throw new Error(`Der Server (Prozess ${owner}) wurde während der Sicherung beendet.`);
      if (Date.now() > deadline) throw new Error(`Der Server (Prozess ${owner}) hat die Datenbank nicht rechtzeitig kopiert.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    fs.rmSync(request, { force: true });
    fs.rmSync(`${target}.partial`, { force: true });
  }
}
