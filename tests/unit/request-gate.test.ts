import { describe, expect, it, vi } from "vitest";
import {
  clientKeyOf,
  clientNetworkOf,
  createRequestGate,
  outsideGate,
  VisitEndedError,
  waitOutsideGate,
  withinVisit,
  type Visit,
} from "~/server/platform";

const settled = () => new Promise((resolve) => setImmediate(resolve));

function options(limit: number, perClient = 0) {
  return { limit, perClient, waitingPerClient: 3, waitingBytesPerClient: 1000 };
}

describe("request gate", () => {
  it("lets `limit` in at once and the rest in the order they came", async () => {
    const gate = createRequestGate(2);
    const admitted: number[] = [];
    const visits: Visit[] = [];
    const enter = (n: number) => {
      const visit = gate.arrive("a")!;
      visits.push(visit);
      return visit.enter().then(() => admitted.push(n));
    };
    const all = [1, 2, 3, 4, 5].map(enter);
    await settled();
    expect(admitted).toEqual([1, 2]);
    expect(gate.active).toBe(2);
    expect(gate.waiting).toBe(3);

    visits[0]!.leave();
    await settled();
    expect(admitted).toEqual([1, 2, 3]);
    visits[1]!.leave();
    visits[2]!.leave();
    visits[3]!.leave();
    await Promise.all(all);
    expect(admitted).toEqual([1, 2, 3, 4, 5]);
    // Four have left: the last one is still inside.
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(0);
  });

  it("a newcomer cannot overtake the queue when a slot frees up", async () => {
    const gate = createRequestGate(1);
    const first = gate.arrive("a")!;
    await first.enter();
    const order: string[] = [];
    const second = gate.arrive("b")!;
    const waiting = second.enter().then(() => order.push("wartend"));
    first.leave();
    const late = gate.arrive("c")!;
    const lateEntered = late.enter().then(() => order.push("neu"));
    await waiting;
    expect(order).toEqual(["wartend"]);
    second.leave();
    await lateEntered;
    expect(order).toEqual(["wartend", "neu"]);
  });

  it("one client holds at most `perClient` slots; others pass its waiting requests", async () => {
    const gate = createRequestGate(options(4, 2));
    const admitted: string[] = [];
    const enter = (client: string, label: string) => {
      const visit = gate.arrive(client)!;
      void visit.enter().then(() => admitted.push(label));
      return visit;
    };
    const greedy = [enter("gierig", "g1"), enter("gierig", "g2"), enter("gierig", "g3")];
    const other = enter("andere", "a1");
    await settled();
    expect(admitted).toEqual(["g1", "g2", "a1"]);
    // A slot is free, but not for the greedy client.
    expect(gate.active).toBe(3);
    greedy[0]!.leave();
    await settled();
    expect(admitted).toEqual(["g1", "g2", "a1", "g3"]);
    other.leave();
  });

  it("refuses a client with too many requests or too many body bytes waiting", async () => {
    const gate = createRequestGate(options(1, 1));
    const inside = gate.arrive("a")!;
    await inside.enter();
    const waiting = [gate.arrive("a")!, gate.arrive("a")!, gate.arrive("a")!];
    expect(gate.arrive("a")).toBeNull();
    // Others are not affected; bodies count against their sender.
    expect(gate.arrive("b", 900)).not.toBeNull();
    expect(gate.arrive("c", 1001)).toBeNull();
    waiting[0]!.leave();
    expect(gate.arrive("a")).not.toBeNull();
  });

  it("a visit that ends while waiting does not take a slot", async () => {
    const gate = createRequestGate(1);
    const inside = gate.arrive("a")!;
    await inside.enter();
    const gone = gate.arrive("b")!;
    const entered = gone.enter();
    gone.leave();
    expect(await entered).toBe(false);
    const next = gate.arrive("c")!;
    const nextEntered = next.enter();
    inside.leave();
    expect(await nextEntered).toBe(true);
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(0);
  });

  it("work outside gives the slot up meanwhile and lines up again behind those who came meanwhile", async () => {
    const gate = createRequestGate(1);
    const sleeper = gate.arrive("a")!;
    await sleeper.enter();
    let wake!: () => void;
    const order: string[] = [];
    const slept = sleeper.outside(() => new Promise<void>((resolve) => (wake = resolve))).then(() => order.push("zurück"));
    const guest = gate.arrive("b")!;
    await guest.enter();
    order.push("gast drin");
    const meanwhile = gate.arrive("c")!;
    const meanwhileEntered = meanwhile.enter().then(() => order.push("inzwischen"));
    wake();
    await settled();
    const later = gate.arrive("d")!;
    const laterEntered = later.enter().then(() => order.push("später"));
    expect(order).toEqual(["gast drin"]);
    guest.leave();
    await meanwhileEntered;
    meanwhile.leave();
    await slept;
    sleeper.leave();
    await laterEntered;
    expect(order).toEqual(["gast drin", "inzwischen", "zurück", "später"]);
  });

  it("a visit that ends while outside does not come back in", async () => {
    const gate = createRequestGate(1);
    const sleeper = gate.arrive("a")!;
    await sleeper.enter();
    let wake!: () => void;
    const slept = sleeper.outside(() => new Promise<void>((resolve) => (wake = resolve)));
    sleeper.leave();
    wake();
    await expect(slept).rejects.toBeInstanceOf(VisitEndedError);
    expect(gate.active).toBe(0);
  });

  it("outsideGate and waitOutsideGate use the visit of the request they run in, and just run without one", async () => {
    const gate = createRequestGate(1);
    const visit = gate.arrive("a")!;
    await visit.enter();
    const activeDuringWait = await withinVisit(visit, async () => {
      await Promise.resolve();
      return outsideGate(async () => gate.active);
    });
    expect(activeDuringWait).toBe(0);
    expect(gate.active).toBe(1);
    await waitOutsideGate(1);
    expect(await outsideGate(async () => "ohne Besuch")).toBe("ohne Besuch");
  });
});

describe("clientKeyOf", () => {
  it("is the address for IPv4 and the /64 for IPv6", () => {
    expect(clientKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOf(undefined)).toBe("unknown");
  });
});

describe("clientNetworkOf", () => {
  it("is the /24 for IPv4 (also written as IPv6) and the /64 for IPv6", () => {
    expect(clientNetworkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(clientNetworkOf("203.0.113.250")).toBe("203.0.113.0/24");
    expect(clientNetworkOf("::ffff:203.0.113.7")).toBe("203.0.113.0/24");
    expect(clientNetworkOf("203.0.114.7")).toBe("203.0.114.0/24");
    expect(clientNetworkOf("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientNetworkOf("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientNetworkOf(undefined)).toBe("unknown");
  });
});

describe("request gate: the wait in line is bounded", () => {
  it("turns a request away that waited longer than maxWaitMs, and its place does not block those behind it", async () => {
    vi.useFakeTimers();
    try {
      const gate = createRequestGate({ ...options(1), maxWaitMs: 5_000 });
      const first = gate.arrive("a")!;
      expect(await first.enter()).toBe(true);
      const second = gate.arrive("b")!;
      const secondInside = second.enter();
      await vi.advanceTimersByTimeAsync(4_999);
      expect(gate.waiting).toBe(1);
      const third = gate.arrive("c")!;
      const thirdInside = third.enter();
      await vi.advanceTimersByTimeAsync(1);
      expect(await secondInside).toBe(false);
      expect(second.timedOut).toBe(true);
      expect(gate.waiting).toBe(1);

      // The slot goes to the one still waiting, and the one turned away never takes it.
      first.leave();
      expect(await thirdInside).toBe(true);
      expect(third.timedOut).toBe(false);
      expect(gate.active).toBe(1);
      second.leave();
      expect(gate.active).toBe(1);
      third.leave();
      expect(gate.active).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never lets in a request that waited past the bound, even when its timer has not run yet (a busy event loop)", async () => {
    // The gate's own clock moves on while no timer runs: as when a long synchronous stretch holds the event loop.
    let clock = 0;
    const gate = createRequestGate({ ...options(1), maxWaitMs: 5_000, now: () => clock });
    const first = gate.arrive("a")!;
    expect(await first.enter()).toBe(true);
    const late = gate.arrive("b")!;
    const lateInside = late.enter();
    clock = 1_000;
    const recent = gate.arrive("c")!;
    const recentInside = recent.enter();
    clock = 5_000;
    // The slot frees before any timer could fire: the one past the bound is turned away, the next one let in.
    first.leave();
    expect(await lateInside).toBe(false);
    expect(late.timedOut).toBe(true);
    expect(await recentInside).toBe(true);
    expect(recent.timedOut).toBe(false);
    expect(gate.active).toBe(1);
    expect(gate.waiting).toBe(0);
    late.leave();
    recent.leave();
    expect(gate.active).toBe(0);
  });

  it("counts the wait from the request's arrival: what it waited before the line is part of the bound", async () => {
    vi.useFakeTimers();
    try {
      const gate = createRequestGate({ ...options(1), maxWaitMs: 5_000 });
      const first = gate.arrive("a")!;
      expect(await first.enter()).toBe(true);
      const member = gate.arrive("b")!;
      // Arrived 3 s ago (the server was busy before it reached the line): 2 s are left.
      const memberInside = member.enter(3_000);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(member.timedOut).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await memberInside).toBe(false);
      expect(member.timedOut).toBe(true);

      // One that already waited the whole bound is turned away at once, and takes no slot.
      const stale = gate.arrive("c")!;
      expect(await stale.enter(5_000)).toBe(false);
      expect(stale.timedOut).toBe(true);
      first.leave();
      expect(gate.active).toBe(0);
      expect(gate.waiting).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not time out a request let in, nor one that left by itself", async () => {
    vi.useFakeTimers();
    try {
      const gate = createRequestGate({ ...options(1), maxWaitMs: 1_000 });
      const first = gate.arrive("a")!;
      await first.enter();
      const second = gate.arrive("b")!;
      const secondInside = second.enter();
      second.leave();
      expect(await secondInside).toBe(false);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(second.timedOut).toBe(false);
      expect(first.timedOut).toBe(false);
      expect(gate.active).toBe(1);
      first.leave();
    } finally {
      vi.useRealTimers();
    }
  });
});
