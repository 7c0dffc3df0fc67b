import { describe, expect, it } from "vitest";
import { deviceLabel } from "~/lib/push";
import { configurableKinds, isPushable, pushedByDefault } from "~/lib/notifications";

describe("the label of a push device", () => {
  it.each([
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      "Chrome auf Android",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari auf iPhone",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge auf Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox auf macOS"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
      "Samsung Internet auf Android",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", "Chrome auf Linux"],
    ["", "Browser"],
    [null, "Browser"],
  ])("%s is %s", (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});

describe("which kinds go to push", () => {
  it("are answers, mentions, solutions, what is watched and messages; what is addressed to the member is on by default", () => {
    expect(configurableKinds.filter(isPushable)).toEqual([
      "reply-to-discussion",
      "reply-to-comment",
      "mention",
      "watched-discussion",
      "watched-category",
      "watched-tag",
      "solution",
      "message",
    ]);
    expect(configurableKinds.filter((kind) => isPushable(kind) && pushedByDefault(kind))).toEqual([
      "reply-to-discussion",
      "reply-to-comment",
      "mention",
      "solution",
      "message",
    ]);
  });
});
