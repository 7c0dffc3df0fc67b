import { db } from "~/server/db.server";
import { createMemberAccount } from "~/server/members.server";
import { findViewer, type Viewer } from "~/server/session.server";
import type { ApprovalStatus, Role } from "../../db/schema";

let counter = 0;

/** A member straight in the database, returned as the app sees them. */
export async function makeViewer(options: { approvalStatus?: ApprovalStatus; role?: Role; firstName?: string } = {}): Promise<Viewer> {
  counter += 1;
  const id = await createMemberAccount(db, {
    email: `mitglied${counter}.${Date.now()}@example.com`,
    password: { hash: "unused" },
    firstName: options.firstName ?? `Test${counter}`,
    lastName: "Mitglied",
    approvalStatus: options.approvalStatus ?? "approved",
    role: options.role ?? "member",
    emailVerified: true,
  });
  return (await findViewer(id))!;
}
