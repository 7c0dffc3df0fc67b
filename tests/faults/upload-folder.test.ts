/**
 * An upload folder that cannot take a file (read-only, full): an image for a post and an avatar are refused as a
 * database that cannot store refuses a comment, with a 503 in German and Retry-After, and nothing is half-written:
 * no row names a file that is not there, no file is left that no row names. Once the folder takes files again,
 * uploads go through without a restart. The folder is a tmpfs of its own (the test runs as root, as CI does), the
 * database a PostgreSQL server of its own, so the test reads the rows while the server runs.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, signIn, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { startOwnPostgres, type OwnPostgres } from "../../scripts/lib/own-postgres";
import { seedDemoDatabase } from "../support/demo-database";
import { fillDisk } from "../support/full-disk";

const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };
const STORAGE_TEXT = "Das Forum kann gerade keine Änderungen speichern. Bitte versuchen Sie es in einigen Minuten erneut.";

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let server: BenchServer;
let postgres: OwnPostgres;
let mount: string;
let storage: string;
let cookie: string;
let memberId: string;

beforeAll(async () => {
  mount = fs.mkdtempSync(path.join(os.tmpdir(), "forum-uploads-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=64m", "tmpfs", mount]);
  cleanups.push(() => {
    execFileSync("umount", ["-l", mount]);
    fs.rmSync(mount, { recursive: true, force: true });
  });
  storage = path.join(mount, "storage");
  postgres = await startOwnPostgres();
  cleanups.push(() => postgres.remove());
  // The demo's pictures go where the server serves them from.
  process.env.STORAGE_DIR = storage;
  await seedDemoDatabase(postgres.url, "fault-admin-passwort");
  server = await startServer({
    port: await freePort(),
    env: {
      DATABASE_URL: postgres.url,
      STORAGE_DIR: storage,
      WEB_CONCURRENCY: "1",
      AUTH_SECRET: "fault-test-geheimnis-mit-genug-zeichen-0123",
    },
  });
  cleanups.push(() => (server.exitStatus() === null ? server.stop() : undefined));
  cookie = await signIn(server.url, MEMBER.email, MEMBER.password);
  memberId = (await query<{ id: string }>("select id from profiles where email = $1", [MEMBER.email]))[0]!.id;
});

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Every file under the folder, by its path inside it. */
function filesIn(folder: string): string[] {
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What is stored of uploads: the member's avatar, the post images' rows and the folder's files. */
async function stored() {
  const [profile] = await query<{ avatar_url: string | null }>("select avatar_url from profiles where id = $1", [memberId]);
  const images = await query<{ id: string }>("select id from post_images order by id");
  return { avatar: profile!.avatar_url, images: images.map((row) => row.id), files: filesIn(storage) };
}

const picture = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: "#b45309" } })
    .png()
    .toBuffer();

function upload(to: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set(file.name, new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), "bild.png");
  return fetch(`${server.url}${to}`, { method: "POST", redirect: "manual", headers: { cookie, Origin: server.url }, body: form });
}

const postImage = async () => upload("/images", {}, { name: "image", bytes: await picture() });
const avatar = async () => upload(`/profile/${memberId}`, { intent: "upload-avatar" }, { name: "avatar", bytes: await picture() });

/** Both uploads refused as a database that cannot store, and the folder and the rows as they were. */
async function expectRefusedWithNothingWritten() {
  const before = await stored();
  const image = await postImage();
  expect(image.status).toBe(503);
  expect(image.headers.get("retry-after")).toBe("300");
  expect(await image.text()).toContain(STORAGE_TEXT);
  const refused = await avatar();
  expect(refused.status).toBe(503);
  expect(refused.headers.get("retry-after")).toBe("300");
  // The profile page without JavaScript: the text in its toast.
  expect(await refused.text()).toContain(STORAGE_TEXT);
  expect(await stored()).toEqual(before);
  expect(server.exitStatus()).toBeNull();
}

/** Once the folder takes files: both uploads stored, the avatar's row naming its file. */
async function expectStored() {
  expect((await postImage()).status).toBe(200);
  const changed = await avatar();
  expect(changed.status).toBe(302);
  const after = await stored();
  expect(after.avatar).toMatch(/^\/storage\/avatars\//);
  expect(after.files).toContain(after.avatar!.replace("/storage/", ""));
}

describe("an upload folder that cannot take a file", () => {
  it("read-only (EROFS): both uploads answer 503 in German with Retry-After and store nothing; writable again, they store", async () => {
    execFileSync("mount", ["-o", "remount,ro", mount]);
    try {
      await expectRefusedWithNothingWritten();
    } finally {
      execFileSync("mount", ["-o", "remount,rw", mount]);
    }
    await expectStored();
  });

  it("full (ENOSPC): both uploads answer 503 in German with Retry-After and leave no partial file; room again, they store", async () => {
    const filler = path.join(mount, "filler");
    fillDisk(filler);
    try {
      await expectRefusedWithNothingWritten();
    } finally {
      fs.rmSync(filler);
    }
    await expectStored();
  });
});
