import { afterEach, describe, expect, it, vi } from "vitest";
import { texts } from "~/lib/texts";
import { createMemberAccount, signIn } from "~/server/accounts";
import { db } from "~/server/db";
import { logger } from "~/server/platform";

afterEach(() => vi.restoreAllMocks());

describe("a rejected member's sign-in", () => {
  it("is refused without an error-level log line: it is an expected answer, not a fault", async () => {
    const email = `abgelehnt.${Date.now()}@example.com`;
    await createMemberAccount(db, {
      email,
      password: { clear: "abgelehnt-1" },
      firstName: "Abge",
      lastName: "Lehnt",
      approvalStatus: "rejected",
      role: "member",
      emailVerified: true,
    });
    const errors = vi.spyOn(logger, "error").mockImplementation((() => undefined) as never);
    const fatals = vi.spyOn(logger, "fatal").mockImplementation((() => undefined) as never);
    const result = await signIn(new Request("http://localhost:3000/auth", { method: "POST" }), "10.0.0.1", email, "abgelehnt-1");
    expect(result).toMatchObject({ ok: false, message: texts.accountRejected });
    expect(errors.mock.calls).toEqual([]);
    expect(fatals.mock.calls).toEqual([]);
  });
});
