import { describe, expect, it } from "vitest";
import { checkRateLimits, hitRateLimit, purgeRateLimits, signInDelayMs, signInSlowdown } from "~/server/accounts";

const rule = { name: "test", limit: 5, windowSeconds: 60 };

describe("rate limits", () => {
  it("allows exactly the limit, then refuses with the time left", async () => {
    const now = 1_800_000_000_000;
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await hitRateLimit(rule, "a@example.com", now + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false]);
    expect(results[6]?.retryAfter).toBe(60);
  });

  it("counts concurrent attempts exactly", async () => {
    const now = 1_800_000_100_000;
    const results = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(rule, "parallel", now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("starts a new window after the old one ended", async () => {
    const now = 1_800_000_200_000;
    for (let i = 0; i < 6; i++) await hitRateLimit(rule, "window", now);
    expect((await hitRateLimit(rule, "window", now + 59_000)).allowed).toBe(false);
    expect((await hitRateLimit(rule, "window", now + 60_001)).allowed).toBe(true);
  });

  it("refuses when any of several rules is exceeded", async () => {
    const strict = { name: "strict", limit: 1, windowSeconds: 60 };
    expect(
      (
        await checkRateLimits([
          [rule, "x"],
          [strict, "x"],
        ])
      ).allowed,
    ).toBe(true);
    expect(
      (
        await checkRateLimits([
          [rule, "x"],
          [strict, "x"],
        ])
      ).allowed,
    ).toBe(false);
  });

  it("purges old counters", async () => {
    await hitRateLimit(rule, "old", Date.now() - 2 * 86_400_000);
    await purgeRateLimits();
    expect((await hitRateLimit({ ...rule, limit: 1 }, "old")).allowed).toBe(true);
  });

  it("slows sign-ins on one address from many clients down, never refuses them", async () => {
    const now = 1_800_000_300_000;
    const delays = [];
    for (let i = 0; i < signInSlowdown.rule.limit + 15; i++) delays.push(await signInDelayMs("owner@example.com", now + i));
    expect(delays.slice(0, signInSlowdown.rule.limit)).toEqual(Array(signInSlowdown.rule.limit).fill(0));
    expect(delays.slice(signInSlowdown.rule.limit, signInSlowdown.rule.limit + 3)).toEqual([250, 500, 750]);
    expect(Math.max(...delays)).toBe(signInSlowdown.maxDelayMs);
    // Another address is not affected, and the window ends.
    expect(await signInDelayMs("other@example.com", now)).toBe(0);
    expect(await signInDelayMs("owner@example.com", now + signInSlowdown.rule.windowSeconds * 1000 + 1)).toBe(0);
  });
});
