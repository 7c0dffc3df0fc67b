import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

// Real mail over SMTP, as in production: the capture server must run before the app reads its environment.
const smtp = await startSmtpCapture();
process.env.SMTP_URL = smtp.url;

const accounts = await import("~/server/accounts");
const { db } = await import("~/server/db");
const { createMemberAccount } = await import("~/server/accounts");
const { passwordHashing } = await import("~/server/accounts");

afterAll(() => smtp.close());
afterEach(() => vi.restoreAllMocks());

/**
 * How often the expensive step (a password hash or check) ran during `work`.
 * Counting instead of timing: the answer does not depend on the machine.
 */
async function expensiveSteps(work: () => Promise<unknown>): Promise<number> {
  const hash = vi.spyOn(passwordHashing, "hash");
  const verify = vi.spyOn(passwordHashing, "verify");
  await work();
  const count = hash.mock.calls.length + verify.mock.calls.length;
  hash.mockRestore();
  verify.mockRestore();
  return count;
}

const person = (email: string) => ({ firstName: "Zeit", lastName: "Gleich", email, password: "zeit-passwort", newsletter: false });
const request = () => new Request("http://localhost:3000/auth", { method: "POST" });

describe("timing does not tell whether an address is registered", () => {
  it("sign-up hashes the password for a new and for an existing address alike", async () => {
    const fresh = await expensiveSteps(() => accounts.signUp(person(`neu.${Date.now()}@example.com`)));
    const existingEmail = `vorhanden.${Date.now()}@example.com`;
    await accounts.signUp(person(existingEmail));
    const existing = await expensiveSteps(() => accounts.signUp(person(existingEmail)));
    expect(fresh).toBe(1);
    expect(existing).toBe(fresh);
  });

  it("sign-in hashes or checks a password once for a wrong password and for an unknown account alike", async () => {
    const email = `mitglied.${Date.now()}@example.com`;
    await createMemberAccount(db, {
      email,
      password: { clear: "richtig-1" },
      firstName: "A",
      lastName: "B",
      approvalStatus: "approved",
      role: "member",
      emailVerified: true,
    });
    const wrongPassword = await expensiveSteps(() => accounts.signIn(request(), "10.0.0.1", email, "falsch-1"));
    const unknownAccount = await expensiveSteps(() =>
      accounts.signIn(request(), "10.0.0.1", `niemand.${Date.now()}@example.com`, "falsch-1"),
    );
    expect(wrongPassword).toBe(1);
    expect(unknownAccount).toBe(wrongPassword);
  });
});
