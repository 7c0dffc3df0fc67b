/**
 * `npm run backup` and `npm run restore` (scripts/lib/backup.ts): content is
 * written, backed up, more is written, the backup is restored, and exactly
 * the backed-up content is there again, with the generated signing secret
 * and the uploaded files. On PGlite the backup is taken while another
 * process has the folder open and writes (the server's situation); on
 * PostgreSQL (`npm run test:db`) through pg_dump/psql, which must be on the PATH.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { comments, discussions, jobs, pushKeys } from "../../db/schema";
import { createMemberAccount } from "../../app/server/accounts";
import { type Database, type DatabaseConnection, openDatabase, withPgliteFolder } from "../../app/server/platform";
import { type BackupSettings, createBackup, readManifest, restoreBackup } from "../../scripts/lib/backup";

const onPostgres = Boolean(process.env.DATABASE_URL);
let root: string;
let settings: BackupSettings;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "forum-backup-test-"));
  settings = {
    databaseUrl: process.env.DATABASE_URL,
    dataDir: path.join(root, "data"),
    storageDir: path.join(root, "storage"),
    authSecretFromEnvironment: false,
  };
  if (!onPostgres) {
    // The migrated template of the test setup, loaded into a folder: no initdb, no migrations to wait for.
    const template = inject("pgliteTemplate");
    if (!template) throw new Error("no PGlite template");
    await withPgliteFolder(settings.dataDir, async () => undefined, { replaceWith: new Blob([fs.readFileSync(template)]) });
  }
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The test's database: the app's own on PostgreSQL, the folder opened in this process on PGlite. */
async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  if (onPostgres) return work((await import("../../app/server/db")).db);
  const connection: DatabaseConnection = await openDatabase({ dataDir: settings.dataDir });
  try {
    return await work(connection.db);
  } finally {
    await connection.close();
  }
}

async function writeDiscussion(db: Database, title: string): Promise<string> {
  const authorId = await createMemberAccount(db, {
    email: `${title.toLowerCase().replace(/\W+/g, "-")}@example.com`,
    password: { hash: "unused" },
    firstName: title,
    lastName: "Mitglied",
    approvalStatus: "approved",
    role: "member",
    emailVerified: true,
  });
  const [row] = await db
    .insert(discussions)
    .values({ slug: title.toLowerCase().replace(/\W+/g, "-"), title, content: `<p>${title}</p>`, category: "seo", authorId })
    .returning({ id: discussions.id });
  await db.insert(comments).values({ discussionId: row!.id, authorId, content: `Kommentar zu ${title}` });
  return row!.id;
}

/** The PGlite folder held open by another process that keeps writing comments into `discussionId`. */
async function whileAnotherProcessWrites<T>(discussionId: string, work: () => Promise<T>): Promise<{ result: T; written: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/pglite-holder.ts", settings.dataDir, discussionId], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  /** The count of the last whole "wrote k" line. */
  const writtenSoFar = () => {
    const lines = output.split("\n").slice(0, -1);
    const last = lines.findLast((line) => line.startsWith("wrote "));
    return last ? Number(last.slice("wrote ".length)) : 0;
  };
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    // Some writes before the copy, some during it, and some after it.
    await expect.poll(writtenSoFar, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    const result = await work();
    const atTheEnd = writtenSoFar();
    await expect.poll(writtenSoFar, { timeout: 60_000, interval: 20 }).toBeGreaterThan(atTheEnd);
    return { result, written: await stop() };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  async function stop(): Promise<number> {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    return Number(/written (\d+)/.exec(output)?.[1]);
  }
}

it("restores exactly the backed-up database, the generated signing secret and the uploads", { timeout: 180_000 }, async () => {
  const discussionId = await withDatabase(async (db) => {
    // The counters' repair ran a moment ago: its next run is hours away, in the backup too.
    await db.execute(sql`insert into jobs (kind, every_seconds, run_at) values ('repair-counters', 43200, now() + interval '12 hours')`);
    // The generated VAPID keys (decision 0060): every member's push subscription is bound to them.
    await db.insert(pushKeys).values({ publicKey: "oeffentlich-vor-der-sicherung", privateKey: "privat-vor-der-sicherung" });
    return writeDiscussion(db, "Vor der Sicherung");
  });
  fs.mkdirSync(settings.dataDir, { recursive: true });
  fs.writeFileSync(path.join(settings.dataDir, "auth-secret"), "geheimnis-vor-der-sicherung");
  fs.mkdirSync(path.join(settings.storageDir!, "avatars/a"), { recursive: true });
  fs.writeFileSync(path.join(settings.storageDir!, "avatars/a/1.webp"), "bild-vor-der-sicherung");

  const backups = path.join(root, "backups");
  let written = 0;
  let backup: Awaited<ReturnType<typeof createBackup>>;
  if (onPostgres) {
    backup = await createBackup(settings, backups);
  } else {
    ({ result: backup, written } = await whileAnotherProcessWrites(discussionId, () => createBackup(settings, backups)));
    expect(backup.fromRunningServer).toBe(true);
  }
  expect(path.dirname(backup.file)).toBe(backups);
  // It holds the whole database and the signing secret: for the owner alone, whatever the umask.
  expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
  expect(await readManifest(backup.file)).toEqual(backup.manifest);
  const runningComments = backup.manifest.counts.comments - 1;
  if (!onPostgres) {
    // Copied while the other process wrote: some of its comments are in, some came later.
    expect(runningComments).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(runningComments);
  }

  // After the backup: more content, a table no backup knows (a newer migration's), a new secret, other uploads.
  await withDatabase(async (db) => {
    await writeDiscussion(db, "Nach der Sicherung");
    await db.execute(sql`create table after_the_backup (id int)`);
    await db.update(pushKeys).set({ publicKey: "oeffentlich-nach-der-sicherung", privateKey: "privat-nach-der-sicherung" });
  });
  fs.writeFileSync(path.join(settings.dataDir, "auth-secret"), "geheimnis-nach-der-sicherung");
  fs.rmSync(path.join(settings.storageDir!, "avatars/a/1.webp"));
  fs.writeFileSync(path.join(settings.storageDir!, "avatars/a/2.webp"), "bild-nach-der-sicherung");

  const restored = await restoreBackup(settings, backup.file, backups);
  expect(restored.counts).toEqual(backup.manifest.counts);
  expect(restored.safetyBackup).not.toBeNull();
  expect(fs.statSync(restored.safetyBackup!).mode & 0o777).toBe(0o600);
  expect((await readManifest(restored.safetyBackup!)).counts.discussions).toBe(backup.manifest.counts.discussions + 1);

  await withDatabase(async (db) => {
    const titles = (await db.select({ title: discussions.title }).from(discussions)).map((row) => row.title);
    expect(titles).toEqual(["Vor der Sicherung"]);
    const contents = (await db.select({ content: comments.content }).from(comments).where(eq(comments.discussionId, discussionId))).map(
      (row) => row.content,
    );
    // Exactly the first k of the other process's comments: the copy shows one moment, nothing torn.
    const running = Array.from({ length: runningComments }, (_, i) => `laufend-${i + 1}`);
    expect(contents.sort()).toEqual(["Kommentar zu Vor der Sicherung", ...running].sort());
    const extra = await db.execute(sql`select to_regclass('after_the_backup') as name`);
    expect((extra as unknown as { rows: Array<{ name: unknown }> }).rows[0]!.name).toBeNull();
    // The restore made the counters' repair due (tests/integration/counters.test.ts: a due run sets them anew).
    const [repair] = await db
      .select({ due: sql<boolean>`${jobs.runAt} <= now()` })
      .from(jobs)
      .where(eq(jobs.kind, "repair-counters"));
    expect(repair?.due).toBe(true);
    expect(await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys)).toEqual([
      { publicKey: "oeffentlich-vor-der-sicherung", privateKey: "privat-vor-der-sicherung" },
    ]);
  });
  expect(fs.readFileSync(path.join(settings.dataDir, "auth-secret"), "utf8")).toBe("geheimnis-vor-der-sicherung");
  expect(fs.readdirSync(path.join(settings.storageDir!, "avatars/a"))).toEqual(["1.webp"]);
  expect(fs.readFileSync(path.join(settings.storageDir!, "avatars/a/1.webp"), "utf8")).toBe("bild-vor-der-sicherung");
});

it("refuses to restore while another process has the PGlite folder open", { timeout: 120_000 }, async ({ skip }) => {
  if (onPostgres) skip();
  const discussionId = await withDatabase(async (db) => (await db.select({ id: discussions.id }).from(discussions))[0]!.id);
  const backup = await createBackup(settings, path.join(root, "more-backups"));
  await whileAnotherProcessWrites(discussionId, async () => {
    await expect(restoreBackup(settings, backup.file, path.join(root, "more-backups"))).rejects.toThrow(/Der Server läuft noch/);
  });
});
