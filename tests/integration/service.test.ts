/**
 * defineService's steps around the transaction: what `prepare` made is
 * removed when no committed change uses it, and `after` runs only once a
 * change answered ok.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Viewer } from "~/server/accounts";

const { defineService } = await import("~/server/db");
const { fail, ok } = await import("~/server/platform");
const { makeViewer } = await import("../support/members");

type Input = { answer: "ok" | "refuse" | "throw" | "not-found"; submissionKey?: string };

/** A write that makes a numbered thing before its transaction and says in `steps` what ran, in order. */
function tracedService(options: { prepareFails?: boolean; policy?: boolean; afterThrows?: boolean } = {}) {
  const steps: string[] = [];
  let made = 0;
  const service = defineService<Viewer, Input, { row: string }, { thing: string }, string>({
    policy: () => options.policy ?? true,
    async prepare() {
      if (options.prepareFails) return fail("too-large", "Zu groß");
      made += 1;
      steps.push(`prepare ${made}`);
      return ok(`Ding ${made}`);
    },
    abandon: async (thing) => void steps.push(`abandon ${thing}`),
    submissionKey: (input) => input.submissionKey,
    load: async (_tx, { answer }) => (answer === "not-found" ? null : { row: "Zeile" }),
    async change(_tx, { input: { answer }, prepared }) {
      steps.push(`change ${prepared}`);
      if (answer === "throw") throw new Error("Die Änderung scheitert");
      return answer === "refuse" ? fail("conflict", "Abgelehnt") : ok({ thing: prepared });
    },
    async after({ value, loaded, prepared }) {
      steps.push(`after ${value.thing} ${loaded.row} ${prepared}`);
      if (options.afterThrows) throw new Error("Die Datei lässt sich nicht löschen");
    },
  });
  return { service, steps };
}

describe("defineService's prepare, after and abandon", () => {
  it("runs after, with the value and what prepare and load made, only when the change answered ok", async () => {
    const me = await makeViewer();
    const { service, steps } = tracedService();
    expect(await service(me, { answer: "ok" })).toEqual({ ok: true, value: { thing: "Ding 1" } });
    expect(steps).toEqual(["prepare 1", "change Ding 1", "after Ding 1 Zeile Ding 1"]);
  });

  it("abandons what prepare made when the write is refused, not found, or throws", async () => {
    const me = await makeViewer();
    const { service, steps } = tracedService();
    expect(await service(me, { answer: "refuse" })).toEqual({ ok: false, reason: "conflict", message: "Abgelehnt" });
    expect(await service(me, { answer: "not-found" })).toEqual({ ok: false, reason: "not-found" });
    await expect(service(me, { answer: "throw" })).rejects.toThrow("Die Änderung scheitert");
    expect(steps).toEqual([
      "prepare 1",
      "change Ding 1",
      "abandon Ding 1",
      "prepare 2",
      "abandon Ding 2",
      "prepare 3",
      "change Ding 3",
      "abandon Ding 3",
    ]);
  });

  it("rolls back what a change wrote before it answered with a failure", async () => {
    const { db } = await import("~/server/db");
    const { readinessProbes } = await import("../../db/schema");
    const { eq } = await import("drizzle-orm");
    const me = await makeViewer();
    const host = `refused-${randomUUID()}`;
    const refusing = defineService<Viewer, { host: string }, { row: string }>({
      policy: () => true,
      load: async () => ({ row: "Zeile" }),
      async change(tx, { input }) {
        await tx.insert(readinessProbes).values({ host: input.host });
        return fail("conflict", "Doch nicht");
      },
    });
    expect(await refusing(me, { host })).toEqual({ ok: false, reason: "conflict", message: "Doch nicht" });
    expect(await db.select().from(readinessProbes).where(eq(readinessProbes.host, host))).toEqual([]);
  });

  it("abandons what a resend prepared: the first write's value answers, and nothing runs after", async () => {
    const me = await makeViewer();
    const { service, steps } = tracedService();
    const input = { answer: "ok" as const, submissionKey: randomUUID() };
    const first = await service(me, input);
    expect(await service(me, input)).toEqual(first);
    expect(steps).toEqual(["prepare 1", "change Ding 1", "after Ding 1 Zeile Ding 1", "prepare 2", "abandon Ding 2"]);
  });

  it("answers a failed prepare at once, and prepares nothing for a refused policy", async () => {
    const me = await makeViewer();
    const failing = tracedService({ prepareFails: true });
    expect(await failing.service(me, { answer: "ok" })).toEqual({ ok: false, reason: "too-large", message: "Zu groß" });
    expect(failing.steps).toEqual([]);
    const refused = tracedService({ policy: false });
    expect(await refused.service(me, { answer: "ok" })).toEqual({ ok: false, reason: "forbidden" });
    expect(await refused.service(null, { answer: "ok" })).toEqual({ ok: false, reason: "forbidden" });
    expect(refused.steps).toEqual([]);
  });

  it("answers a committed write with its value when a side effect after it fails, and keeps what prepare made", async () => {
    const me = await makeViewer();
    const { service, steps } = tracedService({ afterThrows: true });
    expect(await service(me, { answer: "ok" })).toEqual({ ok: true, value: { thing: "Ding 1" } });
    expect(steps).toEqual(["prepare 1", "change Ding 1", "after Ding 1 Zeile Ding 1"]);
  });
});
