import { hashPassword, verifyPassword } from "better-auth/crypto";
import { createWorkLine, outsideGate } from "~/server/platform";

/**
 * One hash or check at a time per process. Each is scrypt in libuv's thread
 * pool, which also compresses our pages: twenty sign-ups at once kept every
 * request slot and the whole pool busy with hashing, and an uncached guest
 * page waited seconds behind them. In their own line, outside the request
 * gate, they take one core at most, and pages pass them (decision 0020).
 * Hence: never hash within a database transaction (see outsideGate).
 */
const oneAtATime = createWorkLine(1);

/**
 * Every password hash and check of the app, ours and better-auth's, goes
 * through this one object. Hashing is the expensive step whose presence or
 * absence would tell by timing whether an address is registered; one place
 * lets a test count that it runs on every path, however fast the machine.
 */
export const passwordHashing = {
  hash: (password: string): Promise<string> => outsideGate(() => oneAtATime(() => hashPassword(password))),
  verify: (input: { hash: string; password: string }): Promise<boolean> => outsideGate(() => oneAtATime(() => verifyPassword(input))),
};
