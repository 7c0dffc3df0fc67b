import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { faultOf, FolderCannotStore, isDatabaseUnavailable, lastStorageFailure, nextPause, wantsPage } from "~/server/platform";

describe("isDatabaseUnavailable", () => {
  it("knows a lost or refused connection, also wrapped by Drizzle", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    const restart = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: restart }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(true);
  });

  it("leaves our own faults to be 500s", () => {
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});

describe("faultOf", () => {
  it("tells a database that cannot store from one that is away, and remembers when it could not store", () => {
    const before = lastStorageFailure();
    const full = Object.assign(new Error('could not extend file "base/5/16916": No space left on device'), { code: "53100" });
    expect(faultOf(new Error("Failed query: insert into comments", { cause: full }))).toBe("storage");
    expect(lastStorageFailure()).toBeGreaterThanOrEqual(before);
    expect(lastStorageFailure()).toBeGreaterThan(0);
    expect(faultOf(Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" }))).toBe("storage");
    // The embedded database on a read-only file system: a permission error that names it.
    expect(faultOf(Object.assign(new Error('could not open file "base/5/1": Read-only file system'), { code: "42501" }))).toBe("storage");
    expect(faultOf(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe("database");
    expect(faultOf(Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" }))).toBeNull();
    expect(faultOf(Object.assign(new Error("permission denied for table comments"), { code: "42501" }))).toBeNull();
  });
});

describe("faultOf, for the storage folder", () => {
  const fileError = (code: string) => Object.assign(new Error(`${code}: open '/srv/storage/avatars/x.webp'`), { code });

  it("takes a folder that cannot take a file as a forum that cannot store, without marking the database", () => {
    const before = lastStorageFailure();
    for (const code of ["EACCES", "EPERM", "EROFS", "ENOSPC", "EDQUOT"])
      expect(faultOf(new FolderCannotStore(fileError(code)))).toBe("storage");
    // The health check reports the database: it stores.
    expect(lastStorageFailure()).toBe(before);
  });

  it("leaves a file-system error nobody marked to be a 500", () => {
    expect(faultOf(fileError("EACCES"))).toBeNull();
  });
});

describe("wantsPage", () => {
  const request = (method: string, url: string, accept?: string) =>
    ({ method, url, headers: accept === undefined ? {} : { accept } }) as IncomingMessage;
  const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

  it("gives a browser's document request a page and everything else the sentence", () => {
    expect(wantsPage(request("GET", "/discussion/x", browser))).toBe(true);
    expect(wantsPage(request("POST", "/discussion/x?index", browser))).toBe(true);
    expect(wantsPage(request("GET", "/discussion/x.data", browser))).toBe(false);
    expect(wantsPage(request("GET", "/feed.xml", "application/rss+xml, text/plain"))).toBe(false);
    expect(wantsPage(request("HEAD", "/", browser))).toBe(false);
  });

  it("negotiates the Accept header: none or */* takes the page, text or JSON alone the sentence", () => {
    expect(wantsPage(request("GET", "/"))).toBe(true);
    expect(wantsPage(request("GET", "/", "*/*"))).toBe(true);
    expect(wantsPage(request("GET", "/", "text/plain"))).toBe(false);
    expect(wantsPage(request("GET", "/", "application/json"))).toBe(false);
    expect(wantsPage(request("GET", "/", "text/plain;q=1, text/html;q=0.5"))).toBe(false);
  });
});

describe("nextPause", () => {
  it("starts at the first pause, doubles, and stays at the longest", () => {
    const pauses: number[] = [];
    for (let pause = 0, i = 0; i < 7; i++) pauses.push((pause = nextPause(pause, { first: 250, max: 5_000 })));
    expect(pauses).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
  });
});
