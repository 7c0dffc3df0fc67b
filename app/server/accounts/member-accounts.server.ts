import { randomUUID } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { account, profiles, user, userRoles, type ApprovalStatus, type Role } from "../../../db/schema";
import type { Database, Transaction } from "~/server/db";
import { passwordHashing } from "./password.server";

export interface NewMemberAccount {
  email: string;
  /** Either a clear-text password (hashed here) or an existing hash (demo seed reuses one hash). */
  password: { clear: string } | { hash: string };
  firstName: string;
  lastName: string;
  company?: string;
  expertise?: string;
  experience?: string;
  bio?: string;
  newsletterSubscribed?: boolean;
  approvalStatus: ApprovalStatus;
  role: Role;
  emailVerified: boolean;
  createdAt?: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function hashMemberPassword(password: string): Promise<string> {
  return passwordHashing.hash(password);
}

/**
 * Creates the auth user, its password credential, the forum profile and the
 * role row in one transaction. Within a transaction of the caller, pass the
 * hash, not the clear password (password.server.ts: no hashing in a transaction). The account format matches better-auth's, so
 * the member can sign in with the password right away.
 */
export async function createMemberAccount(executor: Database | Transaction, input: NewMemberAccount): Promise<string> {
  const id = randomUUID();
  const email = normalizeEmail(input.email);
  const passwordHash = "hash" in input.password ? input.password.hash : await hashMemberPassword(input.password.clear);
  const createdAt = input.createdAt ?? new Date();

  await executor.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: `${input.firstName} ${input.lastName}`.trim(),
      email,
      emailVerified: input.emailVerified,
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(profiles).values({
      id,
      firstName: input.firstName,
      lastName: input.lastName,
      email,
      company: input.company ?? "",
      expertise: input.expertise ?? "general",
      experience: input.experience ?? "anfaenger",
      bio: input.bio ?? "",
      newsletterSubscribed: input.newsletterSubscribed ?? true,
      approvalStatus: input.approvalStatus,
      approvalDecidedAt: input.approvalStatus === "pending" ? null : createdAt,
      createdAt,
      updatedAt: createdAt,
    });
    await tx.insert(userRoles).values({ userId: id, role: input.role, createdAt });
  });
  return id;
}

/**
 * Makes sure an approved, verified administrator with this e-mail exists:
 * creates the account, or promotes and approves an existing one. Running it
 * twice changes nothing the second time. Used by `npm run admin:create` and
 * the demo seed.
 */
export async function ensureAdmin(
  executor: Database,
  input: { email: string; password: string; firstName: string; lastName: string; company?: string; bio?: string; createdAt?: Date },
): Promise<{ id: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const [existing] = await executor.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!existing) {
    const id = await createMemberAccount(executor, {
      email,
      password: { clear: input.password },
      firstName: input.firstName,
      lastName: input.lastName,
      company: input.company,
      bio: input.bio,
      approvalStatus: "approved",
      role: "admin",
      emailVerified: true,
      createdAt: input.createdAt,
    });
    return { id, created: true };
  }
  const id = existing.id;
  await executor.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, id));
    await tx
      .update(profiles)
      .set({ approvalStatus: "approved", approvalDecidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(profiles.id, id), ne(profiles.approvalStatus, "approved")));
    await tx
      .insert(userRoles)
      .values({ userId: id, role: "admin" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  });
  return { id, created: false };
}
