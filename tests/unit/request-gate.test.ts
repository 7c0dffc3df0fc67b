import { describe, expect, it } from "vitest";
import { createRequestGate } from "~/server/request-gate.server";

describe("request gate", () => {
  it("lets `limit` in at once and the rest in the order they came", async () => {
    const gate = createRequestGate(2);
    const admitted: number[] = [];
    const enter = (n: number) => gate.enter().then(() => admitted.push(n));
    const all = [1, 2, 3, 4, 5].map(enter);
    await Promise.resolve();
    expect(admitted).toEqual([1, 2]);
    expect(gate.active).toBe(2);
    expect(gate.waiting).toBe(3);

    gate.leave();
    await Promise.resolve();
    await Promise.resolve();
    expect(admitted).toEqual([1, 2, 3]);
    gate.leave();
    gate.leave();
    gate.leave();
    await Promise.all(all);
    expect(admitted).toEqual([1, 2, 3, 4, 5]);
    // Four have left: the last one is still inside.
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(0);
  });

  it("a newcomer cannot overtake the queue when a slot frees up", async () => {
    const gate = createRequestGate(1);
    await gate.enter();
    const order: string[] = [];
    const waiting = gate.enter().then(() => order.push("wartend"));
    gate.leave();
    const late = gate.enter().then(() => order.push("neu"));
    await waiting;
    expect(order).toEqual(["wartend"]);
    gate.leave();
    await late;
    expect(order).toEqual(["wartend", "neu"]);
  });
});
