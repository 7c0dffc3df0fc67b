/**
 * A database that answers but cannot store: the embedded database on a full
 * disk, and a PostgreSQL server switched to read-only. A member's comment is
 * refused with a 503 in German and Retry-After, the typed text stays in the
 * form; pages still read (a read position that cannot be stored costs no
 * page); /healthz says the database cannot store; and once there is room
 * again, comments go through and the check is green, without a restart.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { findDiscussionPath, freePort, postComment, signIn, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { startOwnPostgres, type OwnPostgres } from "../../scripts/lib/own-postgres";
import { seedDemoDatabase } from "../support/demo-database";
import { fillDisk } from "../support/full-disk";

const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };
const STORAGE_TEXT = "Das Forum kann gerade keine Änderungen speichern. Bitte versuchen Sie es in einigen Minuten erneut.";

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Health {
  status: number;
  body: { status: string; reachable: boolean; stores: boolean };
}

async function health(server: BenchServer): Promise<Health> {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: (await response.json()) as Health["body"] };
}

/** What a member sees while nothing can be stored, and after. */
async function expectRefusedThenStored(server: BenchServer, makeRoom: () => Promise<void> | void) {
  const discussion = await findDiscussionPath(server.url);
  const cookie = await signIn(server.url, MEMBER.email, MEMBER.password);
  return {
    discussion,
    cookie,
    async whileFull() {
      const typed = `Mein Kommentar bei vollem Speicher ${Date.now()}`;
      const refused = await postComment(server.url, discussion, cookie, typed);
      const page = await refused.text();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("300");
      expect(page).toContain(STORAGE_TEXT);
      // The page is rendered anew (no JavaScript): the comment form holds what was typed.
      expect(page).toMatch(new RegExp(`<textarea[^>]*name="content"[^>]*>${typed}</textarea>`));

      const reading = await fetch(`${server.url}${discussion}`, { headers: { cookie } });
      expect(reading.status).toBe(200);

      const checked = await health(server);
      expect(checked.status).toBe(503);
      expect(checked.body).toMatchObject({ status: "error", reachable: true, stores: false });
      return typed;
    },
    async afterRoom(typed: string) {
      await makeRoom();
      const stored = await postComment(server.url, discussion, cookie, `${typed} – jetzt gespeichert`);
      expect(stored.status).toBe(302);
      // A request's failed write counts for a while; then the check writes again and is green.
      await expect.poll(async () => (await health(server)).status, { timeout: 30_000, interval: 1_000 }).toBe(200);
      expect(server.exitStatus()).toBeNull();
    },
  };
}

describe("the embedded database on a full disk", () => {
  it("refuses a comment with a 503 and keeps the text; reading and the health check say so; room again, it stores", async () => {
    const mount = fs.mkdtempSync(path.join(os.tmpdir(), "forum-full-"));
    // A file system of its own, small enough to fill in a moment: tmpfs (the test runs as root, as CI does).
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", mount]);
    cleanups.push(() => {
      execFileSync("umount", ["-l", mount]);
      fs.rmSync(mount, { recursive: true, force: true });
    });
    const server = await startServer({
      port: await freePort(),
      env: { DATA_DIR: path.join(mount, "data"), SEED_DEMO: "true" },
    });
    cleanups.push(() => (server.exitStatus() === null ? server.stop() : undefined));
    expect((await health(server)).status).toBe(200);

    const filler = path.join(mount, "filler");
    const member = await expectRefusedThenStored(server, () => fs.rmSync(filler));
    fillDisk(filler);
    const typed = await member.whileFull();
    await member.afterRoom(typed);
  });
});

describe("PostgreSQL switched to read-only", () => {
  it("refuses a comment with a 503 and keeps the text; reading and the health check say so; writable again, it stores", async () => {
    const postgres: OwnPostgres = await startOwnPostgres();
    cleanups.push(() => postgres.remove());
    await seedDemoDatabase(postgres.url, "fault-admin-passwort");
    const server = await startServer({
      port: await freePort(),
      env: { DATABASE_URL: postgres.url, WEB_CONCURRENCY: "1", AUTH_SECRET: "fault-test-geheimnis-mit-genug-zeichen-0123" },
    });
    cleanups.push(() => (server.exitStatus() === null ? server.stop() : undefined));

    // As a standby or an operator's `default_transaction_read_only` would: every session, the open ones too.
    const readOnly = async (on: boolean) => {
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query("set default_transaction_read_only = off");
      await admin.query(on ? "alter system set default_transaction_read_only = on" : "alter system reset default_transaction_read_only");
      await admin.query("select pg_reload_conf()");
      await admin.end();
    };
    const member = await expectRefusedThenStored(server, () => readOnly(false));
    await readOnly(true);
    const typed = await member.whileFull();
    await member.afterRoom(typed);
  });
});
