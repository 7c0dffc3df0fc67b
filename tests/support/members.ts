import { db } from "../../app/server/db";
import { createMemberAccount } from "../../app/server/accounts";
import { findViewer, type Viewer } from "../../app/server/accounts";
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
