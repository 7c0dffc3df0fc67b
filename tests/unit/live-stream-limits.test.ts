import { describe, expect, it } from "vitest";
import { LiveStreamLimits, liveStreamTexts, sessionOf } from "~/server/http";

const limits = { perMember: 2, perAddress: 3, guestsPerAddress: 2, setupBurst: 4, setupsPerSecond: 1 } as const;

describe("live stream limits", () => {
  it("counts open streams per address and per member, and frees a place when one closes", () => {
    const streams = new LiveStreamLimits(limits);
    for (let i = 0; i < 3; i++) expect(streams.takeSetup("a", null, 0)).toBeNull();
    expect(streams.takeSetup("a", null, 0)).toMatchObject({ status: 429, message: liveStreamTexts.perAddress });
    expect(streams.takeSetup("b", null, 0)).toBeNull();
    streams.releaseAddress("a");
    expect(streams.takeSetup("a", null, 0)).toBeNull();

    expect(streams.takeMember("m")).toBeNull();
    expect(streams.takeMember("m")).toBeNull();
    expect(streams.takeMember("m")).toMatchObject({ status: 429, message: liveStreamTexts.perMember });
    expect(streams.takeMember("n")).toBeNull();
    streams.releaseMember("m");
    expect(streams.takeMember("m")).toBeNull();
  });

  it("counts guests' streams per address apart, below the address's limit", () => {
    const streams = new LiveStreamLimits(limits);
    expect(streams.takeGuest("a")).toBeNull();
    expect(streams.takeGuest("a")).toBeNull();
    expect(streams.takeGuest("a")).toMatchObject({ status: 429, message: liveStreamTexts.guests });
    expect(streams.takeGuest("b")).toBeNull();
    streams.releaseGuest("a");
    expect(streams.takeGuest("a")).toBeNull();
  });

  it("lets an address set up a burst of streams, then one a second", () => {
    const streams = new LiveStreamLimits({ ...limits, perAddress: 100 });
    for (let i = 0; i < 4; i++) expect(streams.takeSetup("a", null, 1_000)).toBeNull();
    const refused = streams.takeSetup("a", null, 1_000);
    expect(refused).toMatchObject({ status: 429, message: liveStreamTexts.tooOften });
    expect(refused!.retryAfter).toBeGreaterThanOrEqual(1);
    // Another address has its own allowance.
    expect(streams.takeSetup("b", null, 1_000)).toBeNull();
    expect(streams.takeSetup("a", null, 1_600)).not.toBeNull();
    expect(streams.takeSetup("a", null, 2_100)).toBeNull();
    expect(streams.takeSetup("a", null, 2_100)).not.toBeNull();
  });

  it("gives one session the same allowance, whichever addresses it comes from", () => {
    const streams = new LiveStreamLimits({ ...limits, perAddress: 100 });
    for (let i = 0; i < 4; i++) expect(streams.takeSetup(`10.0.0.${i}`, "sitzung", 0)).toBeNull();
    expect(streams.takeSetup("10.0.0.9", "sitzung", 0)).toMatchObject({ message: liveStreamTexts.tooOften });
    // Refused by the session, the address keeps its tokens.
    for (let i = 0; i < 4; i++) expect(streams.takeSetup("10.0.0.9", "andere", 0)).toBeNull();
  });

  it("finds the session cookie, also behind __Secure- and with spaces", () => {
    expect(sessionOf("a=1; forum.session_token=abc.def; b=2")).toBe("abc.def");
    expect(sessionOf("__Secure-forum.session_token = xyz")).toBe("xyz");
    expect(sessionOf("forum.session_data=abc")).toBeNull();
    expect(sessionOf(undefined)).toBeNull();
  });
});
