import { describe, expect, it } from "vitest";
import { titleWithCount } from "~/lib/meta";

describe("the unread count in a member's tab title", () => {
  it("goes in front, capped like the bell, and not at zero", () => {
    expect(titleWithCount("Benachrichtigungen | Marketing Community", 3)).toBe("(3) Benachrichtigungen | Marketing Community");
    expect(titleWithCount("Start", 150)).toBe("(99+) Start");
    expect(titleWithCount("Start", 0)).toBe("Start");
    // A title that itself begins with a bracket stays whole.
    expect(titleWithCount("(2) Teil zwei", 1)).toBe("(1) (2) Teil zwei");
  });
});
