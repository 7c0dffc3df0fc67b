/**
 * A member's last visit (the digest mail's clock, decision 0059): written beside a signed-in page at most once an
 * hour, never for guests or the suspended, never awaited by the page, and never waiting for a locked row; a write
 * that fails is logged, not thrown.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { profiles } from "../../db/schema";
import { getViewer, stampVisit } from "~/server/accounts";
import { db, databaseKind, onQuery } from "~/server/db";
import { logger } from "~/server/platform";
import { signedInMember } from "../support/members";

afterEach(() => vi.restoreAllMocks());

async function lastVisitOf(memberId: string): Promise<Date> {
  const [row] = await db.select({ at: profiles.lastVisitedAt }).from(profiles).where(eq(profiles.id, memberId));
  return row!.at;
}

const backdate = (memberId: string, hours: number) =>
  db
    .update(profiles)
    .set({ lastVisitedAt: sql`now() - interval '1 hour' * ${hours}::float8` })
    .where(eq(profiles.id, memberId));

/** The statements one getViewer sends, including what it leaves running beside the page, and its answer. */
async function visit(cookie: string | null) {
  const queries: string[] = [];
  const stop = onQuery((query) => queries.push(query));
  try {
    const viewer = await getViewer(new Request("http://localhost:3000/", { headers: cookie ? { Cookie: cookie } : {} }));
    // The stamp is not awaited: give it the turns it needs to reach the database.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { viewer, queries };
  } finally {
    stop();
  }
}

describe("the last visit", () => {
  it("is stamped by a signed-in page once it is an hour old, and then not again within the hour", async () => {
    const { viewer, cookie } = await signedInMember({ firstName: "Besucherin" });
    await backdate(viewer.id, 50);
    const first = await visit(cookie);
    expect(first.viewer?.id).toBe(viewer.id);
    await expect.poll(async () => Date.now() - (await lastVisitOf(viewer.id)).getTime(), { timeout: 5_000 }).toBeLessThan(60_000);
    expect(first.queries.filter((query) => /^update "profiles"/.test(query))).toHaveLength(1);

    // Fresh now: the page's one query reads it, and nothing is written.
    const second = await visit(cookie);
    expect(second.queries).toHaveLength(1);
    await backdate(viewer.id, 0.5);
    expect((await visit(cookie)).queries).toHaveLength(1);
  });

  it("is never written for a guest or a suspended member", async () => {
    expect((await visit(null)).queries).toEqual([]);
    const { viewer, cookie } = await signedInMember({ firstName: "Gesperrt" });
    await backdate(viewer.id, 50);
    await db
      .update(profiles)
      .set({ suspendedAt: sql`now()` })
      .where(eq(profiles.id, viewer.id));
    const suspended = await visit(cookie);
    expect(suspended.viewer).toBeNull();
    expect(suspended.queries.filter((query) => /^update "profiles"/.test(query))).toEqual([]);
  });

  it("writes once an hour at most, whoever asks", async () => {
    const { viewer } = await signedInMember({ firstName: "Zweifach" });
    await backdate(viewer.id, 2);
    expect(await Promise.all([stampVisit(viewer.id), stampVisit(viewer.id)])).toEqual(expect.arrayContaining([true, false]));
    expect(await stampVisit(viewer.id)).toBe(false);
  });

  it("costs the page nothing when it fails: logged, not thrown", async () => {
    const { viewer, cookie } = await signedInMember({ firstName: "Fehlschlag" });
    await backdate(viewer.id, 50);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    vi.spyOn(db, "update").mockImplementation(() => {
      throw new Error("Schreiben fehlgeschlagen");
    });
    const { viewer: found } = await visit(cookie);
    expect(found?.id).toBe(viewer.id);
    expect(logged.mock.calls.some(([, message]) => message === "last visit not stored")).toBe(true);
  });

  it.runIf(databaseKind === "postgres")("skips a profile another transaction holds instead of waiting for it", async () => {
    const { viewer } = await signedInMember({ firstName: "Gesperrte Zeile" });
    await backdate(viewer.id, 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.select().from(profiles).where(eq(profiles.id, viewer.id)).for("update");
      locked();
      await held;
    });
    await lockTaken;
    const started = Date.now();
    expect(await stampVisit(viewer.id)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    release();
    await holder;
    expect(await stampVisit(viewer.id)).toBe(true);
  });
});
