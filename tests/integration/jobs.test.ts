import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { db } from "~/server/db";
import { defineJob, defineSchedule, ensureSchedules, runDueJobs, startJobRunner } from "~/server/jobs";

/** What the test jobs below saw, in order. */
const seen: string[] = [];
const givenUp: string[] = [];
let failuresLeft = new Map<string, number>();

const echo = defineJob<{ note: string }>("test-echo", {
  async run({ note }) {
    seen.push(note);
  },
});

const flaky = defineJob<{ note: string }>("test-flaky", {
  maxAttempts: 3,
  backoffSeconds: [10, 20],
  async run({ note }, { attempt }) {
    const left = failuresLeft.get(note) ?? 0;
    if (left > 0) {
      failuresLeft.set(note, left - 1);
      throw new Error(`Fehlschlag ${attempt}`);
    }
    seen.push(`${note}@${attempt}`);
  },
  async giveUp({ note }) {
    givenUp.push(note);
  },
});

let rebuilds = 0;
const rebuild = defineJob<Record<string, never>>("test-rebuild", {
  coalesce: true,
  async run() {
    rebuilds++;
  },
});

let ticks = 0;
defineSchedule("test-tick", {
  everySeconds: 60,
  async run() {
    ticks++;
    // Long enough that a second runner asking meanwhile would find it due, if the lease did not hold it.
    await new Promise((resolve) => setTimeout(resolve, 50));
  },
});

const testKinds = ["test-echo", "test-flaky", "test-tick", "test-rebuild"];
const run = () => runDueJobs({ kinds: testKinds });
const rowsOf = (kind: string) => db.select().from(jobs).where(eq(jobs.kind, kind));
const makeDue = (kind: string) =>
  db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "pending")));

afterAll(async () => {
  await db.delete(jobs).where(inArray(jobs.kind, testKinds));
});

describe("the job runner", () => {
  it("runs a job only if the write that recorded it commits, and then once", async () => {
    seen.length = 0;
    await expect(
      db.transaction(async (tx) => {
        await echo.enqueue(tx, { note: "zurückgerollt" });
        throw new Error("the write fails after recording its job");
      }),
    ).rejects.toThrow("the write fails");
    await db.transaction((tx) => echo.enqueue(tx, { note: "festgeschrieben" }));

    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
    expect(seen).toEqual(["festgeschrieben"]);
    const [row] = await rowsOf("test-echo");
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, payload: { note: "festgeschrieben" } });
    expect(row!.finishedAt).not.toBeNull();
  });

  it("tries a failed job again after growing pauses and gives it up after its last try", async () => {
    seen.length = 0;
    failuresLeft = new Map([
      ["klappt beim zweiten Mal", 1],
      ["klappt nie", 99],
    ]);
    await flaky.enqueue(db, { note: "klappt beim zweiten Mal" });
    await flaky.enqueue(db, { note: "klappt nie" });

    expect(await run()).toBe(0);
    for (const row of await rowsOf("test-flaky")) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null, lastError: "Fehlschlag 1" });
      // The first pause (10 s), not sooner.
      expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 8_000);
    }
    expect(await run()).toBe(0);

    await makeDue("test-flaky");
    expect(await run()).toBe(1);
    expect(seen).toEqual(["klappt beim zweiten Mal@2"]);
    const [never] = (await rowsOf("test-flaky")).filter((row) => row.status === "pending");
    expect(never).toMatchObject({ attempts: 2, lastError: "Fehlschlag 2" });
    // The second pause is the longer one.
    expect(never!.runAt.getTime()).toBeGreaterThan(Date.now() + 18_000);

    await makeDue("test-flaky");
    expect(await run()).toBe(0);
    const [failed] = (await rowsOf("test-flaky")).filter((row) => row.status === "failed");
    expect(failed).toMatchObject({ attempts: 3, lastError: "Fehlschlag 3", payload: { note: "klappt nie" } });
    expect(givenUp).toEqual(["klappt nie"]);
    // Given up means given up.
    await makeDue("test-flaky");
    expect(await run()).toBe(0);
  });

  it("leaves a job held by another runner alone until its lease has run out", async () => {
    seen.length = 0;
    await echo.enqueue(db, { note: "vom abgestürzten Server" });
    // A runner claimed it and died mid-run: the lease says so.
    await db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(and(eq(jobs.kind, "test-echo"), eq(jobs.status, "pending")));
    expect(await run()).toBe(0);

    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.kind, "test-echo"), eq(jobs.status, "pending")));
    expect(await run()).toBe(1);
    expect(seen).toEqual(["vom abgestürzten Server"]);
    const [row] = (await rowsOf("test-echo")).filter((job) => job.payload.note === "vom abgestürzten Server");
    // The cut-off run counts as a try.
    expect(row).toMatchObject({ status: "done", attempts: 2 });
  });

  it("adds no coalescing job while one of its kind waits unclaimed, and one more while the waiting one runs", async () => {
    const waiting = async () => (await rowsOf("test-rebuild")).filter((job) => job.status === "pending").length;
    await db.transaction(async (tx) => {
      await rebuild.enqueue(tx, {});
      await rebuild.enqueue(tx, {});
    });
    await rebuild.enqueue(db, {});
    expect(await waiting()).toBe(1);

    // Claimed, its run may already have read the data: a write now needs a run of its own.
    await db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(and(eq(jobs.kind, "test-rebuild"), eq(jobs.status, "pending")));
    await rebuild.enqueue(db, {});
    expect(await waiting()).toBe(2);
    await db
      .update(jobs)
      .set({ lockedUntil: null })
      .where(and(eq(jobs.kind, "test-rebuild"), eq(jobs.status, "pending")));
    expect(await run()).toBe(2);
    expect(rebuilds).toBe(2);
    expect(await waiting()).toBe(0);
  });

  it("keeps one row per schedule and runs it once per slot, however many runners ask", async () => {
    await ensureSchedules();
    await ensureSchedules();
    expect(await rowsOf("test-tick")).toHaveLength(1);

    ticks = 0;
    await Promise.all([run(), run(), run()]);
    expect(ticks).toBe(1);
    const [row] = await rowsOf("test-tick");
    expect(row).toMatchObject({ status: "pending", attempts: 0, everySeconds: 60, lockedUntil: null });
    // The next slot is a minute on.
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 55_000);
    expect(await run()).toBe(0);
    expect(ticks).toBe(1);

    await makeDue("test-tick");
    await Promise.all([run(), run()]);
    expect(ticks).toBe(2);
  });

  it("is woken by the commit of a job on any connection, not by its timer", async () => {
    seen.length = 0;
    // The timer is far beyond the wait below.
    const stop = await startJobRunner(10 * 60_000);
    try {
      await db.transaction((tx) => echo.enqueue(tx, { note: "geweckt" }));
      await expect.poll(() => seen, { timeout: 5_000, interval: 20, message: "the runner to run the job" }).toContain("geweckt");
    } finally {
      await stop();
    }
  });
});
