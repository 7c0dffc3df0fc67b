import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { submissions } from "../../../db/schema";
import { db, type Transaction } from "./db.server";

/**
 * Forms that create something carry a one-time key (made by the page's
 * loader). A member who sends one twice — a double click without JavaScript,
 * a resend after a timeout whose write went through — gets the first answer
 * again instead of a second comment. The key is claimed in the write's own
 * transaction, so of two copies racing, the second waits for the first and
 * sees its result; a write that fails gives its key back.
 */
export type Claim = { status: "new" } | { status: "sent-before"; value: unknown } | { status: "other" };

/** A hash of what was sent: the same key with other content (two forms of one page) is another write. */
export function fingerprintOf(input: unknown): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("base64url");
}

export async function claimSubmission(tx: Transaction, key: string, memberId: string, fingerprint: string): Promise<Claim> {
  const claimed = await tx
    .insert(submissions)
    .values({ key, memberId, fingerprint })
    .onConflictDoNothing()
    .returning({ key: submissions.key });
  if (claimed.length > 0) return { status: "new" };
  const [earlier] = await tx.select().from(submissions).where(eq(submissions.key, key));
  if (earlier?.memberId === memberId && earlier.fingerprint === fingerprint) return { status: "sent-before", value: earlier.value };
  return { status: "other" };
}

export async function settleSubmission(tx: Transaction, key: string, outcome: { ok: true; value: unknown } | { ok: false }): Promise<void> {
  if (outcome.ok)
    await tx
      .update(submissions)
      .set({ value: outcome.value ?? null })
      .where(eq(submissions.key, key));
  else await tx.delete(submissions).where(eq(submissions.key, key));
}

/** A day is long past any resend. */
export async function purgeSubmissions(): Promise<void> {
  await db.delete(submissions).where(lt(submissions.createdAt, sql`now() - interval '1 day'`));
}
