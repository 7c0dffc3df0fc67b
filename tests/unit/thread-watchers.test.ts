import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ThreadState } from "~/lib/live-thread";
import { ThreadWatchers } from "~/server/http";

const DEBOUNCE = 100;

function state(replies: number, extra: Partial<ThreadState> = {}): ThreadState {
  return { replies, solved: false, helpful: 0, changedAt: `2026-11-29T06:00:0${replies}.000Z`, ...extra };
}

describe("the open discussion pages of a process (ThreadWatchers)", () => {
  let current: Map<string, ThreadState | null>;
  let reads: string[];
  let watchers: ThreadWatchers;

  beforeEach(() => {
    vi.useFakeTimers();
    current = new Map([
      ["seo", state(1)],
      ["sea", state(4)],
    ]);
    reads = [];
    watchers = new ThreadWatchers((slug) => {
      reads.push(slug);
      return Promise.resolve(current.get(slug) ?? null);
    }, DEBOUNCE);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives a new watcher the state and reads a discussion once for all its watchers", async () => {
    const first = await watchers.watch("seo", () => undefined);
    const second = await watchers.watch("seo", () => undefined);
    expect(first.state).toEqual(state(1));
    expect(second.state).toEqual(state(1));
    expect(reads).toEqual(["seo"]);
    expect(watchers.size).toEqual({ discussions: 1, watchers: 2 });
  });

  it("coalesces a burst of messages into one read, and pushes the change to every watcher of that discussion only", async () => {
    const seo: ThreadState[] = [];
    const seo2: ThreadState[] = [];
    const sea: ThreadState[] = [];
    await watchers.watch("seo", (s) => seo.push(s));
    await watchers.watch("seo", (s) => seo2.push(s));
    await watchers.watch("sea", (s) => sea.push(s));
    reads.length = 0;
    current.set("seo", state(2));
    for (let i = 0; i < 5; i++) watchers.changed("discussion:seo");
    watchers.changed("discussion:nobody-watches-this");
    await vi.advanceTimersByTimeAsync(DEBOUNCE - 1);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual(["seo"]);
    expect(seo).toEqual([state(2)]);
    expect(seo2).toEqual([state(2)]);
    expect(sea).toEqual([]);
  });

  it("pushes nothing when what readers see did not change (a held comment, a view), nor for a hidden discussion", async () => {
    const pushed: ThreadState[] = [];
    await watchers.watch("seo", (s) => pushed.push(s));
    watchers.changed("discussion:seo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(reads).toEqual(["seo", "seo"]);
    expect(pushed).toEqual([]);

    current.set("seo", null);
    watchers.changed("discussion:seo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(pushed).toEqual([]);
    // Shown again: its watchers learn of it.
    current.set("seo", state(1, { helpful: 3 }));
    watchers.changed("discussion:seo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(pushed).toEqual([state(1, { helpful: 3 })]);
  });

  it("reads every watched discussion on a '*' or a reconnect, and forgets one whose last watcher left", async () => {
    const seo = await watchers.watch("seo", () => undefined);
    const sea = await watchers.watch("sea", () => undefined);
    reads.length = 0;
    watchers.changed("*");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(reads.sort()).toEqual(["sea", "seo"]);
    seo.stop();
    reads.length = 0;
    watchers.changedAll();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(reads).toEqual(["sea"]);
    sea.stop();
    expect(watchers.size).toEqual({ discussions: 0, watchers: 0 });
  });

  it("reads once more when a message arrives while the discussion is being read", async () => {
    let release: () => void = () => undefined;
    const pushed: ThreadState[] = [];
    const slow = new ThreadWatchers(async (slug) => {
      reads.push(slug);
      if (reads.length === 2) await new Promise<void>((resolve) => (release = resolve));
      return current.get(slug) ?? null;
    }, DEBOUNCE);
    reads.length = 0;
    await slow.watch("seo", (s) => pushed.push(s));
    current.set("seo", state(2));
    slow.changed("discussion:seo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(reads).toHaveLength(2);
    current.set("seo", state(3));
    slow.changed("discussion:seo");
    release();
    await vi.advanceTimersByTimeAsync(DEBOUNCE);
    expect(reads).toHaveLength(3);
    expect(pushed.at(-1)).toEqual(state(3));
  });
});
