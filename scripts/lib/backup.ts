/**
 * One backup = one .tar.gz: a manifest, the database (PGlite's own dump of
 * its folder, or pg_dump's custom format), the generated signing secret and
 * the uploaded files of the local storage folder. Restore puts all of it
 * back. Decision 0025 says why it is built this way.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import pg from "pg";
import { extract as tarExtract, type Header, pack as tarPack, type Pack } from "tar-stream";
import { z } from "zod";
import {
  AUTH_SECRET_FILE,
  type DatabaseKind,
  env,
  isAppFileInDataFolder,
  pgliteFolderOwner,
  requestDumpFromServer,
  storageDirectory,
  withPgliteFolder,
} from "~/server/platform";

export interface BackupSettings {
  /** Set: PostgreSQL; unset: the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** The embedded database's folder, and with either database the home of the generated signing secret. */
  dataDir: string;
  /** The local folder of uploaded files; null when they live in an S3 bucket, which a backup does not copy. */
  storageDir: string | null;
  /** AUTH_SECRET is set in the environment: the operator keeps it, the backup holds no secret. */
  authSecretFromEnvironment: boolean;
}

export function settingsFromEnvironment(): BackupSettings {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    storageDir: env.S3_BUCKET ? null : storageDirectory(),
    authSecretFromEnvironment: Boolean(env.AUTH_SECRET),
  };
}

const countsSchema = z.object({ members: z.number().int(), discussions: z.number().int(), comments: z.number().int() });
export type ContentCounts = z.infer<typeof countsSchema>;

const manifestSchema = z.object({
  format: z.literal("marketing-community-backup"),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.enum(["pglite", "postgres"]),
  postgresVersion: z.string(),
  /** Major version of the pg_dump that wrote the dump; pg_restore must not be older. */
  pgDumpMajor: z.number().int().nullable(),
  /** `when` of the newest migration applied in the copy (db/migrations/meta/_journal.json). */
  lastMigration: z.number().nullable(),
  counts: countsSchema,
  /** included: the generated secret travels with the backup; environment: AUTH_SECRET was set, the operator keeps it. */
  authSecret: z.enum(["included", "environment", "none"]),
  /** bucket: uploads live in S3 and are not part of the backup. */
  uploads: z.enum(["included", "bucket"]),
  uploadFiles: z.number().int(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const MANIFEST = "manifest.json";
const SECRET_ENTRY = AUTH_SECRET_FILE;
const DATABASE_ENTRY: Record<DatabaseKind, string> = { pglite: "database/pglite.tar", postgres: "database/postgres.dump" };
const UPLOADS_PREFIX = "storage/";

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  manifest: BackupManifest;
  /** The embedded database was copied by the server that had it open. */
  fromRunningServer: boolean;
}

/** `target`: a .tar.gz file, or a folder for a file named by the time (default ./backups). */
export async function createBackup(settings: BackupSettings, target = "backups", now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const file = target.endsWith(".tar.gz") ? path.resolve(target) : path.join(path.resolve(target), `forum-${fileStamp(now)}.tar.gz`);
  if (fs.existsSync(file)) throw new Error(`${file} gibt es schon; eine Sicherung überschreibt nichts.`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const work = await fsp.mkdtemp(path.join(path.dirname(file), ".sicherung-"));
  try {
    const database = settings.databaseUrl ? await dumpPostgres(settings.databaseUrl, work) : await dumpPglite(settings.dataDir, work);
    const secretFile = path.join(settings.dataDir, AUTH_SECRET_FILE);
    const secret = !settings.authSecretFromEnvironment && fs.existsSync(secretFile) ? await fsp.readFile(secretFile) : null;
    const uploads = settings.storageDir ? await listFiles(settings.storageDir) : [];
    const manifest: BackupManifest = {
      format: "marketing-community-backup",
      formatVersion: 1,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      database: settings.databaseUrl ? "postgres" : "pglite",
      postgresVersion: database.facts.postgresVersion,
      pgDumpMajor: database.pgDumpMajor,
      lastMigration: database.facts.lastMigration,
      counts: database.facts.counts,
      authSecret: settings.authSecretFromEnvironment ? "environment" : secret ? "included" : "none",
      uploads: settings.storageDir ? "included" : "bucket",
      uploadFiles: uploads.length,
    };

    const pack = tarPack();
    // Written aside and renamed at the end: a half-written file never looks like a backup.
    // The archive holds the whole database and the signing secret: for the owner alone (0600), the safety copy before
    // a restore too; the mode is set again after the rename, so no umask or earlier file can leave it readable.
    const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(`${file}.partial`, { mode: 0o600 }));
    await addEntry(pack, { name: MANIFEST }, Buffer.from(JSON.stringify(manifest, null, 2)));
    if (secret) await addEntry(pack, { name: SECRET_ENTRY, mode: 0o600 }, secret);
    await addFile(pack, DATABASE_ENTRY[manifest.database], database.file);
    for (const upload of uploads) await addFile(pack, UPLOADS_PREFIX + upload, path.join(settings.storageDir!, upload));
    pack.finalize();
    await written;
    await fsp.rename(`${file}.partial`, file);
    await fsp.chmod(file, 0o600);
    const bytes = (await fsp.stat(file)).size;
    return { file, bytes, ms: Math.round(performance.now() - started), manifest, fromRunningServer: database.fromRunningServer };
  } finally {
    await fsp.rm(`${file}.partial`, { force: true });
    await fsp.rm(work, { recursive: true, force: true });
  }
}

interface DatabaseFacts {
  postgresVersion: string;
  lastMigration: number | null;
  counts: ContentCounts;
}

interface DatabaseDump {
  file: string;
  facts: DatabaseFacts;
  pgDumpMajor: number | null;
  fromRunningServer: boolean;
}

async function dumpPglite(dataDir: string, work: string): Promise<DatabaseDump> {
  const raw = path.join(work, "folder.pglite.tar");
  const owner = pgliteFolderOwner(dataDir);
  if (owner) {
    await requestDumpFromServer(dataDir, raw);
  } else {
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`Im Datenordner ${dataDir} liegt keine Datenbank.`);
    await withPgliteFolder(dataDir, async (client) => {
      await client.exec("checkpoint");
      await fsp.writeFile(raw, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    });
  }
  // Only the database: the lock (it would name a process that runs no more, or another one), the secret (an entry
  // of its own) and the backup handshake's files stay behind.
  const file = path.join(work, "pglite.tar");
  await filterTar(raw, file, (name) => !isAppFileInDataFolder(name.replace(/^\/+/, "").split("/")[0] ?? ""));
  await fsp.rm(raw);
  // Opened once, in memory: a copy that PGlite cannot load is no backup, and its counts go into the manifest.
  const facts = await withPgliteFolder("memory://", (client) => readFacts((text) => client.query(text)), {
    replaceWith: await fs.openAsBlob(file),
  });
  return { file, facts, pgDumpMajor: null, fromRunningServer: owner !== null };
}

async function dumpPostgres(databaseUrl: string, work: string): Promise<DatabaseDump> {
  const pgDumpMajor = await clientMajor("pg_dump");
  const file = path.join(work, "postgres.dump");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const serverMajor = Math.floor(Number((await client.query<{ v: string }>("show server_version_num")).rows[0]!.v) / 10_000);
    if (pgDumpMajor < serverMajor) {
      throw new Error(
        `pg_dump ${pgDumpMajor} ist älter als der PostgreSQL-Server (${serverMajor}) und kann ihn nicht sichern. ` +
          `Installieren Sie die Client-Programme der Version ${serverMajor} oder neuer (z. B. Paket postgresql-client-${serverMajor}) ` +
          "und sorgen Sie dafür, dass deren pg_dump im PATH zuerst gefunden wird.",
      );
    }
    // The counts and pg_dump read the same snapshot: the manifest describes exactly the dump.
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const facts = await readFacts((text) => client.query(text));
    await runTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`], databaseUrl);
    await client.query("commit");
    return { file, facts, pgDumpMajor, fromRunningServer: false };
  } finally {
    await client.end();
  }
}

type RowsOf = (text: string) => Promise<{ rows: unknown[] }>;

async function readFacts(query: RowsOf): Promise<DatabaseFacts> {
  const row = (
    await query(
      `select current_setting('server_version') as version,
      (select max(created_at) from drizzle.__drizzle_migrations)::text as last_migration,
      (select count(*) from "user")::int as members,
      (select count(*) from discussions)::int as discussions,
      (select count(*) from comments)::int as comments`,
    ).catch((error: unknown) => {
      throw new Error(`Die Datenbank ist nicht die eines eingerichteten Forums: ${(error as Error).message}`);
    })
  ).rows[0] as { version: string; last_migration: string | null; members: number; discussions: number; comments: number };
  return {
    postgresVersion: row.version,
    lastMigration: row.last_migration === null ? null : Number(row.last_migration),
    counts: { members: row.members, discussions: row.discussions, comments: row.comments },
  };
}

export async function readManifest(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new Error(`Die Datei ${file} gibt es nicht.`);
  let manifest: unknown = null;
  await forEachEntry(file, async (header, stream) => {
    if (header.name === MANIFEST) manifest = JSON.parse((await readAll(stream)).toString("utf8"));
    else stream.resume();
    // The manifest is the first entry; what follows is not needed here.
    return "stop";
  }).catch((error: unknown) => {
    throw new Error(`${file} ist keine lesbare Sicherung (${(error as Error).message}).`);
  });
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success) throw new Error(`${file} ist keine Sicherung dieses Forums (Manifest fehlt oder ist unbekannt).`);
  return parsed.data;
}

/** Reasons the backup cannot be restored here; empty when it can. */
export function restoreObstacles(settings: BackupSettings, manifest: BackupManifest): string[] {
  const here: DatabaseKind = settings.databaseUrl ? "postgres" : "pglite";
  const obstacles: string[] = [];
  if (manifest.database !== here) {
    obstacles.push(
      manifest.database === "pglite"
        ? "Die Sicherung enthält die eingebettete Datenbank (PGlite), dieses Forum nutzt aber PostgreSQL (DATABASE_URL ist gesetzt). " +
            "Spielen Sie sie in eine Installation ohne DATABASE_URL zurück."
        : "Die Sicherung enthält eine PostgreSQL-Datenbank, dieses Forum nutzt aber die eingebettete (DATABASE_URL ist nicht gesetzt). " +
            "Setzen Sie DATABASE_URL auf die Datenbank, in die sie zurück soll.",
    );
  }
  const known = newestKnownMigration();
  if (manifest.lastMigration !== null && manifest.lastMigration > known) {
    obstacles.push(
      "Die Sicherung stammt von einer neueren Version des Forums, als hier installiert ist (ihre Datenbank hat Migrationen, " +
        "die dieser Code nicht kennt). Aktualisieren Sie zuerst den Code.",
    );
  }
  if (here === "pglite") {
    const owner = pgliteFolderOwner(settings.dataDir);
    if (owner)
      obstacles.push(`Der Server läuft noch auf diesem Datenordner (Prozess ${owner}). Beenden Sie ihn vor der Wiederherstellung.`);
  }
  return obstacles;
}

export function kindName(kind: DatabaseKind): string {
  return kind === "pglite" ? "eingebettete Datenbank (PGlite)" : "PostgreSQL";
}

/** Other sessions on the PostgreSQL database: app servers that still run would keep stale pages in their caches. */
export async function otherDatabaseSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The state before the restore, saved first; null when there was nothing to save. */
  safetyBackup: string | null;
  counts: ContentCounts;
  uploadFiles: number;
  /** Uploads in the backup that were not put back: this forum keeps its uploads in a bucket. */
  uploadsSkipped: number;
}

/**
 * Replaces the database, the generated signing secret and the local uploads
 * with the backup's. The state before is saved into `safetyDir` first, so a
 * restore of the wrong file can be undone.
 */
export async function restoreBackup(
  settings: BackupSettings,
  file: string,
  safetyDir = "backups",
  now = new Date(),
): Promise<RestoreResult> {
  const archive = path.resolve(file);
  const manifest = await readManifest(archive);
  const obstacles = restoreObstacles(settings, manifest);
  if (obstacles.length > 0) throw new Error(obstacles.join("\n"));

  const safetyBackup = (await hasDatabase(settings))
    ? (await createBackup(settings, path.join(path.resolve(safetyDir), `vor-wiederherstellung-${fileStamp(now)}.tar.gz`), now)).file
    : null;

  const work = await fsp.mkdtemp(path.join(path.resolve(safetyDir), ".wiederherstellung-"));
  try {
    const databaseFile = path.join(work, path.basename(DATABASE_ENTRY[manifest.database]));
    let secret: Buffer | null = null;
    let databaseFound = false;
    await forEachEntry(archive, async (header, stream) => {
      if (header.name === DATABASE_ENTRY[manifest.database]) {
        databaseFound = true;
        await pipeline(stream, fs.createWriteStream(databaseFile));
      } else if (header.name === SECRET_ENTRY) {
        secret = await readAll(stream);
      } else {
        stream.resume();
      }
    });
    if (!databaseFound) throw new Error(`${archive} enthält keine Datenbank.`);

    const facts = settings.databaseUrl
      ? await restorePostgres(settings.databaseUrl, databaseFile, manifest)
      : await withPgliteFolder(
          settings.dataDir,
          async (client) => {
            await counterRepairDue((text) => client.query(text));
            return readFacts((text) => client.query(text));
          },
          { replaceWith: await fs.openAsBlob(databaseFile) },
        );
    if (JSON.stringify(facts.counts) !== JSON.stringify(manifest.counts)) {
      throw new Error(
        `Die zurückgespielte Datenbank weicht von der Sicherung ab (${describeCounts(facts.counts)} statt ${describeCounts(manifest.counts)}).` +
          (safetyBackup ? ` Der vorige Stand liegt in ${safetyBackup}.` : ""),
      );
    }

    if (secret) await writeSecret(settings.dataDir, secret);

    let uploadFiles = 0;
    let uploadsSkipped = 0;
    if (manifest.uploads === "included") {
      if (settings.storageDir) uploadFiles = await restoreUploads(archive, settings.storageDir);
      else uploadsSkipped = manifest.uploadFiles;
    }
    return { manifest, safetyBackup, counts: facts.counts, uploadFiles, uploadsSkipped };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

async function hasDatabase(settings: BackupSettings): Promise<boolean> {
  if (!settings.databaseUrl) return fs.existsSync(path.join(settings.dataDir, "PG_VERSION"));
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const result = await client.query("select 1 from pg_namespace where nspname = 'drizzle'");
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore writes the dump as SQL, and psql runs it in one transaction
 * behind a prelude that empties the database: a failure leaves the database
 * as it was, and tables a newer migration added (which pg_restore --clean
 * would keep, and the next start would then fail to create) are gone. The
 * SQL goes through a file, not a pipe: psql would commit a script that a
 * failing pg_restore cut short.
 */
async function restorePostgres(databaseUrl: string, dumpFile: string, manifest: BackupManifest): Promise<DatabaseFacts> {
  const restoreMajor = await clientMajor("pg_restore");
  await clientMajor("psql");
  if (manifest.pgDumpMajor !== null && restoreMajor < manifest.pgDumpMajor) {
    throw new Error(
      `pg_restore ${restoreMajor} kann eine Sicherung von pg_dump ${manifest.pgDumpMajor} nicht lesen. ` +
        `Installieren Sie die Client-Programme der Version ${manifest.pgDumpMajor} oder neuer.`,
    );
  }
  const script = `${dumpFile}.sql`;
  await runTool("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, dumpFile]);
  const prelude = "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;";
  await runTool(
    "psql",
    ["--no-psqlrc", "--quiet", "--single-transaction", "--set=ON_ERROR_STOP=1", `--command=${prelude}`, `--file=${script}`],
    databaseUrl,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await counterRepairDue((text) => client.query(text));
    return await readFacts((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/**
 * A backup brings its counters back with its rows, also counters that a version since mended kept wrong: the
 * repair schedule (app/server/answers/counters.server.ts) becomes due, so the first app server to take jobs sets
 * every counter from the restored rows; running servers hear of it at once. A backup from before that schedule has
 * no row for it: a server's start makes the row, due at once.
 */
async function counterRepairDue(query: RowsOf): Promise<void> {
  await query("update jobs set run_at = now() where kind = 'repair-counters' and every_seconds is not null");
  await query("select pg_notify('jobs', 'repair-counters')");
}

async function writeSecret(dataDir: string, secret: Buffer): Promise<void> {
  await fsp.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, AUTH_SECRET_FILE);
  const draft = `${file}.${process.pid}`;
  await fsp.writeFile(draft, secret, { mode: 0o600 });
  await fsp.rename(draft, file);
}

/** Empties the storage folder (not the folder itself: it may be a mount) and writes the backup's files into it. */
async function restoreUploads(archive: string, storageDir: string): Promise<number> {
  await fsp.mkdir(storageDir, { recursive: true });
  for (const name of await fsp.readdir(storageDir)) await fsp.rm(path.join(storageDir, name), { recursive: true, force: true });
  let count = 0;
  await forEachEntry(archive, async (header, stream) => {
    if (!header.name.startsWith(UPLOADS_PREFIX) || header.type !== "file") return void stream.resume();
    const target = path.resolve(storageDir, header.name.slice(UPLOADS_PREFIX.length));
    if (!target.startsWith(storageDir + path.sep)) throw new Error(`Ungültiger Dateiname in der Sicherung: ${header.name}`);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await pipeline(stream, fs.createWriteStream(target, { mode: 0o644 }));
    count++;
  });
  return count;
}

export function describeCounts(counts: ContentCounts): string {
  const n = (value: number) => value.toLocaleString("de-DE");
  return `${n(counts.members)} Mitglieder, ${n(counts.discussions)} Diskussionen, ${n(counts.comments)} Kommentare`;
}

function fileStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[:T]/g, "-");
}

function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unbekannt";
}

function newestKnownMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "db/migrations/meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** Paths of all files below `root`, relative to it and with forward slashes. */
async function listFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

function addEntry(pack: Pack, header: Partial<Header> & { name: string }, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) =>
    pack.entry({ ...header, size: data.length }, data, (error) => (error ? reject(error) : resolve())),
  );
}

async function addFile(pack: Pack, name: string, file: string): Promise<void> {
  const stat = await fsp.stat(file);
  const entry = pack.entry({ name, size: stat.size, mode: stat.mode & 0o777, mtime: stat.mtime });
  await pipeline(fs.createReadStream(file), entry);
}

/** Copies a tar archive, leaving out the entries `keep` refuses. */
async function filterTar(source: string, target: string, keep: (name: string) => boolean): Promise<void> {
  const pack = tarPack();
  const written = pipeline(pack, fs.createWriteStream(target, { mode: 0o600 }));
  const extract = tarExtract();
  const read = pipeline(fs.createReadStream(source), extract);
  for await (const entry of extract) {
    if (!keep(entry.header.name)) {
      entry.resume();
      continue;
    }
    await pipeline(entry, pack.entry({ ...entry.header }));
  }
  await read;
  pack.finalize();
  await written;
}

/**
 * Calls `handle` with each entry of a .tar.gz, in order; the handler consumes
 * the entry's stream. Returning "stop" ends the reading there.
 */
async function forEachEntry(file: string, handle: (header: Header, stream: Readable) => Promise<"stop" | void>): Promise<void> {
  const extract = tarExtract();
  const source = fs.createReadStream(file);
  const read = pipeline(source, zlib.createGunzip(), extract);
  let stopped = false;
  for await (const entry of extract) {
    if ((await handle(entry.header, entry as unknown as Readable)) === "stop") {
      stopped = true;
      break;
    }
  }
  if (stopped) {
    source.destroy();
    await read.catch(() => undefined);
  } else {
    await read;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The major version of a PostgreSQL client program on the PATH. */
async function clientMajor(tool: "pg_dump" | "pg_restore" | "psql"): Promise<number> {
  const child = spawn(tool, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
  const output = readAll(child.stdout);
  await toolFailure(tool, child);
  const major = /\(PostgreSQL\)\s+(\d+)/.exec((await output).toString())?.[1];
  if (!major) throw new Error(`${tool} --version nennt keine PostgreSQL-Version.`);
  return Number(major);
}

/**
 * Runs a PostgreSQL client program, against the database when one is given.
 * The password goes through PGPASSWORD, not the command line, where every
 * user of the machine could read it in the process list.
 */
async function runTool(tool: "pg_dump" | "pg_restore" | "psql", args: string[], databaseUrl?: string): Promise<void> {
  const connection: string[] = [];
  const secrets: Record<string, string> = {};
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) secrets.PGPASSWORD = decodeURIComponent(url.password);
    url.password = "";
    connection.push(`--dbname=${url.toString()}`);
  }
  const child = spawn(tool, [...args, ...connection], { env: { ...process.env, ...secrets }, stdio: ["ignore", "ignore", "pipe"] });
  await toolFailure(tool, child);
}

/** Resolves when the program ends with code 0; otherwise rejects with its error output, in German words around it. */
function toolFailure(tool: string, child: ReturnType<typeof spawn>): Promise<void> {
  const stderr: Buffer[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} wurde nicht gefunden. Installieren Sie die PostgreSQL-Client-Programme (mindestens die Version des Servers) ` +
                `und sorgen Sie dafür, dass ${tool} im PATH liegt.`,
            )
          : error,
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} ist mit Code ${code} beendet: ${Buffer.concat(stderr).toString().trim()}`)),
    );
  });
}
