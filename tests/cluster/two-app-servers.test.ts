/**
 * Two app servers on one PostgreSQL, as behind a load balancer: what one
 * learns, the other knows. The guest page cache of each is emptied by the
 * other's writes (LISTEN/NOTIFY), rate limits and sessions count across both,
 * and `npm start`'s worker processes share the developer mailbox's key.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDiscussionPath, freePort, signIn, startServer, type BenchServer } from "../../scripts/lib/bench-server";
import { createScratchDatabase, type ScratchDatabase } from "../../scripts/lib/scratch-db";
import { seedDemoDatabase } from "../support/demo-database";
import { rawGet } from "../support/raw-http";
import { SESSION_COOKIE_NAME, sessionCookieVariants } from "../support/session-cookie-variants";

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error("DATABASE_URL fehlt: dieser Test braucht einen PostgreSQL-Server.");

const MEMBER = { email: "sabine.koehler@example.com", password: "demo-passwort" };
let database: ScratchDatabase;
let a: BenchServer;
let b: BenchServer;

beforeAll(async () => {
  database = await createScratchDatabase(baseUrl, "forum_cluster");
  await seedDemoDatabase(database.url, "cluster-admin-passwort");
  const shared = {
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: "1",
    TRUST_PROXY: "1",
    AUTH_SECRET: "cluster-test-geheimnis-mit-genug-zeichen-0123",
  };
  [a, b] = await Promise.all([
    freePort().then((port) => startServer({ port, env: shared })),
    freePort().then((port) => startServer({ port, env: shared })),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

const get = (server: BenchServer, pathname: string, cookie?: string) =>
  fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {} });

describe("two app servers on one database", () => {
  it("a comment written through one is on the other's cached guest page", async () => {
    const pathname = await findDiscussionPath(b.url);
    await expect.poll(async () => (await get(b, pathname)).headers.get("x-page-cache")).toBe("hit");

    const cookie = await signIn(a.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.10" });
    const text = `Von Server A ${Date.now()}`;
    const posted = await fetch(`${a.url}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-comment", content: text }),
    });
    expect(posted.status).toBeLessThan(400);

    // B hears of the commit on its listening connection, a moment after A's answer went out.
    await expect.poll(async () => (await (await get(b, pathname)).text()).includes(text), { timeout: 5_000, interval: 10 }).toBe(true);
  });

  it("a session made on one is valid on the other, and members are never served from either cache", async () => {
    const cookie = await signIn(b.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.11" });
    for (const server of [a, b]) {
      const page = await get(server, "/", cookie);
      expect(page.headers.get("x-page-cache")).toBeNull();
      expect(await page.text()).toContain("Abmelden");
    }
  });

  it("a session cookie spelt as only some parsers read it never puts a member's page into either cache", async () => {
    const cookie = await signIn(a.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.16" });
    const value = cookie
      .split("; ")
      .find((pair) => pair.startsWith(`${SESSION_COOKIE_NAME}=`))!
      .slice(SESSION_COOKIE_NAME.length + 1);
    // The core of e2e/page-cache-sessions.spec.ts: spellings that signed in and were stored as guest pages before.
    const core = [
      "as the browser sends it",
      "space before =",
      "tab before =",
      "spaces around =",
      "quoted value, space before =",
      "among guest cookies",
      "junk first, real second",
      "real first, junk second",
      "two Cookie headers, space before =",
      "two Cookie headers, junk first",
      "__Secure- prefix, space before =",
      "percent-encoded dot",
    ];
    const variants = sessionCookieVariants(value).filter((variant) => core.includes(variant.label));
    expect(variants).toHaveLength(core.length);
    const run = Date.now().toString(36);
    const signedIn = new Set<string>();
    for (const [index, variant] of variants.entries()) {
      for (const [server, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const url = `/?probe=${run}-${index}-${server === a ? "a" : "b"}`;
        const asMember = await rawGet(
          server.url,
          url,
          variant.headers.map((header) => ["Cookie", header]),
        );
        if (asMember.body.includes("Abmelden")) {
          signedIn.add(variant.label);
          expect(asMember.headers["x-page-cache"], variant.label).toBeUndefined();
        }
        // The next guest, on the same server and on the other one, gets a guest's page.
        for (const target of [server, other]) {
          const guest = await rawGet(target.url, url);
          expect(guest.status, variant.label).toBe(200);
          expect(guest.body, `${variant.label}: ${guest.headers["x-page-cache"] ?? "nicht gecacht"}`).not.toContain("Abmelden");
        }
      }
    }
    // Not vacuous: the cookie as the browser sends it, and the spellings better-auth trims, do sign in.
    expect([...signedIn]).toEqual(
      expect.arrayContaining(["as the browser sends it", "space before =", "two Cookie headers, space before ="]),
    );
  });

  it("a discussion started through one is on a member's home at the other, whose lists were kept", async () => {
    const cookie = await signIn(b.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.13" });
    // Twice: the second answer comes from B's kept lists (app/server/shared-reads.server.ts).
    for (let i = 0; i < 2; i++) expect((await get(b, "/", cookie)).status).toBe(200);

    const title = `Neu über Server A ${Date.now()}`;
    const created = await fetch(`${a.url}/create-discussion`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        similarSeen: "1",
        title,
        category: "seo",
        content: "<p>Ein Beitrag, der über den anderen Server geschrieben wurde.</p>",
        contentFormat: "html",
      }),
    });
    expect(created.status).toBe(302);

    await expect.poll(async () => (await (await get(b, "/", cookie)).text()).includes(title), { timeout: 5_000, interval: 10 }).toBe(true);
    expect(await (await get(b, "/subforum/seo", cookie)).text()).toContain(title);
  });

  it("a reply written through one moves the bell on the other's live stream", async () => {
    const author = await signIn(a.url, MEMBER.email, MEMBER.password, { "X-Forwarded-For": "203.0.113.14" });
    const replier = await signIn(a.url, "aylin.demir@example.com", MEMBER.password, { "X-Forwarded-For": "203.0.113.15" });
    const title = `Glocke über zwei Server ${Date.now()}`;
    const created = await fetch(`${a.url}/create-discussion`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: author, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        similarSeen: "1",
        title,
        category: "seo",
        content: "<p>Wer antwortet, läutet die Glocke auf dem anderen Server.</p>",
        contentFormat: "html",
      }),
    });
    expect(created.status).toBe(302);
    const slug = /href="\/discussion\/([^"?#/]+)"[^>]*>[^<]*Glocke über zwei Server/.exec(await (await get(a, "/", author)).text())?.[1];
    expect(slug).toBeTruthy();

    // The author's stream at B: first the count now, then each change.
    const stream = await fetch(`${b.url}/notifications/live`, { headers: { cookie: author } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const counts: number[] = [];
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (const match of buffer.matchAll(/event: count\ndata: (\d+)\n\n/g)) counts.push(Number(match[1]));
        buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
      }
    })();
    await expect.poll(() => counts.length).toBeGreaterThan(0);
    const before = counts[counts.length - 1]!;

    const replied = await fetch(`${a.url}/discussion/${slug}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: replier, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-comment", content: "Eine Antwort über Server A." }),
    });
    expect(replied.status).toBeLessThan(400);
    await expect.poll(() => counts[counts.length - 1], { timeout: 5_000, interval: 20 }).toBe(before + 1);
    await reader.cancel();
    await reading.catch(() => undefined);
  });

  it("failed sign-ins count across both servers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      const response = await fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "X-Forwarded-For": "203.0.113.12", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "sign-in", email: "katrin.schaefer@example.com", password: `falsch-${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

describe("npm start with PostgreSQL", () => {
  it("runs one process per core, the mailbox address it prints works on each, and Ctrl+C ends them all", async () => {
    const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "forum-cluster-")), "server.log");
    const server = await startServer({
      port: await freePort(),
      env: { DATABASE_URL: database.url, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" },
      logFile,
    });
    try {
      const listening = () =>
        new Set(
          fs
            .readFileSync(logFile, "utf8")
            .split("\n")
            .filter((line) => line.includes('"server listening"'))
            .map((line) => (JSON.parse(line) as { pid: number }).pid),
        );
      // The health check answers once the first process listens; the second may be a moment behind.
      await expect.poll(() => listening().size, { timeout: 20_000 }).toBe(2);
      const log = fs.readFileSync(logFile, "utf8");
      expect(log).toContain("(2 Prozesse)");
      const mailbox = /Entwickler-Postfach: (\S+)/.exec(log)?.[1];
      expect(mailbox).toBeDefined();
      const address = new URL(mailbox!);
      // Each new connection goes to the next process (round robin): ten of them reach both.
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`${server.url}${address.pathname}${address.search}`, { headers: { Connection: "close" } });
        expect(response.status).toBe(200);
      }

      // Ctrl+C: the primary passes it on, and every process ends.
      const workers = [...listening()];
      process.kill(server.pid, "SIGINT");
      await expect.poll(() => server.exitStatus(), { timeout: 20_000 }).toBe("Code 0");
      const running = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(() => workers.filter(running), { timeout: 20_000 }).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
