import { describe, expect, it } from "vitest";
import { SharedReads } from "~/server/platform";

function reads() {
  const shared = new SharedReads({ maxEntries: 10, maxBytes: 1_000_000, maxAgeMs: 60_000 });
  shared.start();
  return shared;
}

/** A read that finishes when told to, counting how often it ran. */
function pending<T>() {
  const finishers: ((value: T) => void)[] = [];
  const load = () => new Promise<T>((resolve) => finishers.push(resolve));
  return { load, finishers };
}

describe("SharedReads", () => {
  it("reads once and keeps the value for the next readers", async () => {
    const shared = reads();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await shared.read("home", load)).toEqual({ n: 1 });
    expect(await shared.read("home", load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
  });

  it("lets readers who ask at the same time share one read", async () => {
    const shared = reads();
    const { load, finishers } = pending<string>();
    const first = shared.read("k", load);
    const second = shared.read("k", load);
    finishers[0]!("liste");
    expect([await first, await second]).toEqual(["liste", "liste"]);
    expect(finishers).toHaveLength(1);
  });

  it("reads anew after a change, and does not keep or share a read begun before it", async () => {
    const shared = reads();
    const { load, finishers } = pending<string>();
    const before = shared.read("k", load);
    shared.forget();
    const after = shared.read("k", load);
    expect(finishers).toHaveLength(2);
    finishers[0]!("alt");
    finishers[1]!("neu");
    expect([await before, await after]).toEqual(["alt", "neu"]);
    expect(await shared.read("k", async () => "nie")).toBe("neu");
    shared.forget();
    expect(await shared.read("k", async () => "danach")).toBe("danach");
  });

  it("keeps nothing until the process listens for changes, nor after it stops", async () => {
    const shared = new SharedReads({ maxEntries: 10, maxBytes: 1_000_000, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    await shared.read("k", load);
    await shared.read("k", load);
    expect(loads).toBe(2);
    shared.start();
    await shared.read("k", load);
    await shared.read("k", load);
    expect(loads).toBe(3);
    shared.stop();
    await shared.read("k", load);
    expect(loads).toBe(4);
  });
});

describe("SharedReads and discussions (decision record 0042)", () => {
  it("a discussion's change drops its own reads and every list, not another discussion's", async () => {
    const shared = reads();
    let loads = 0;
    const load = async () => ++loads;
    await shared.read("home", load);
    await shared.read("discussion a 1", load, { discussion: "a" });
    await shared.read("discussion b 1", load, { discussion: "b" });
    shared.forget("discussion:a");
    expect(await shared.read("home", load)).toBe(4);
    expect(await shared.read("discussion a 1", load, { discussion: "a" })).toBe(5);
    expect(await shared.read("discussion b 1", load, { discussion: "b" })).toBe(3);
    shared.forget("*");
    expect(await shared.read("discussion b 1", load, { discussion: "b" })).toBe(6);
  });

  it("keeps no more than its bytes allow, by the weight its readers give", async () => {
    const shared = new SharedReads({ maxEntries: 100, maxBytes: 10_000, maxAgeMs: 60_000 });
    shared.start();
    let loads = 0;
    const heavy = { weight: () => 4_000 };
    for (const key of ["a", "b", "c"]) await shared.read(key, async () => ++loads, heavy);
    // The oldest gave way: two of 4,000 bytes fit into 10,000, three do not.
    expect(await shared.read("a", async () => ++loads, heavy)).toBe(4);
    expect(await shared.read("c", async () => ++loads, heavy)).toBe(3);
  });
});
