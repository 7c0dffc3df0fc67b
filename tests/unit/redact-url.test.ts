import { describe, expect, it } from "vitest";
import { redactUrl } from "~/server/platform";

describe("redactUrl", () => {
  it("hides mailed tokens and the mailbox key, keeps the rest of the address", () => {
    expect(redactUrl("/auth/magic-link?token=abc.def")).toBe("/auth/magic-link?token=[redacted]");
    expect(redactUrl("/reset-password?x=1&TOKEN=abc#frag")).toBe("/reset-password?x=1&TOKEN=[redacted]#frag");
    expect(redactUrl("/dev/mailbox?key=s3cr3t&y=2")).toBe("/dev/mailbox?key=[redacted]&y=2");
    expect(redactUrl("/search?q=token=1")).toBe("/search?q=token=1");
  });
});
