import { and, desc, eq } from "drizzle-orm";
import { profiles, session } from "../../db/schema";
import { db } from "./db.server";
import { logger } from "./logger.server";
import { sendMail } from "./mail.server";
import { accountApprovedMail } from "./mail-templates.server";
import type { Viewer } from "./session.server";

export interface PendingMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  createdAt: Date;
}

/** Profiles waiting for a decision, newest first. */
export async function listPendingMembers(): Promise<PendingMember[]> {
  return db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      company: profiles.company,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .where(eq(profiles.approvalStatus, "pending"))
    .orderBy(desc(profiles.createdAt));
}

export type ApprovalOutcome = "ok" | "not-pending";

/**
 * Approves or rejects a pending member and records who decided and when.
 * Only a pending profile changes, so two admins clicking at once cannot
 * overwrite each other's decision. A rejected member's sessions end at once.
 */
export async function decideApproval(actor: Viewer, memberId: string, decision: "approved" | "rejected"): Promise<ApprovalOutcome> {
  const member = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profiles)
      .set({ approvalStatus: decision, approvalDecidedBy: actor.id, approvalDecidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(profiles.id, memberId), eq(profiles.approvalStatus, "pending")))
      .returning({ email: profiles.email, firstName: profiles.firstName });
    if (updated && decision === "rejected") await tx.delete(session).where(eq(session.userId, memberId));
    return updated;
  });
  if (!member) return "not-pending";
  logger.info({ actor: actor.id, member: memberId, decision }, "approval decided");
  if (decision === "approved") {
    // The decision stands even if the mail fails; the outbox retries it.
    await sendMail(accountApprovedMail(member.email, member.firstName)).catch((error: unknown) =>
      logger.error({ err: error, member: memberId }, "approval mail could not be queued"),
    );
  }
  return "ok";
}
