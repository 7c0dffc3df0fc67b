import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Every password hash and check of the app, ours and better-auth's, goes
 * through this one object. Hashing is the expensive step whose presence or
 * absence would tell by timing whether an address is registered; one place
 * lets a test count that it runs on every path, however fast the machine.
 */
export const passwordHashing = {
  hash: (password: string): Promise<string> => hashPassword(password),
  verify: (input: { hash: string; password: string }): Promise<boolean> => verifyPassword(input),
};
