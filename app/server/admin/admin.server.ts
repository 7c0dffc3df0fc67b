import { and, count, desc, eq } from "drizzle-orm";
import { passkey, profiles, reviewItems, twoFactor, user, userRoles, type Role, type SignUpSignal } from "../../../db/schema";
import type { CreateUserInput } from "~/lib/schemas/admin";
import { roleLabels, splitUsername } from "~/lib/schemas/admin";
import { recordAudit } from "~/server/moderation";
import { adminEvents } from "./events.server";
import { db, defineService, excluded } from "~/server/db";
import { done, fail, logger, ok } from "~/server/platform";
import {
  can,
  canResetSecondFactor,
  createMemberAccount,
  endSessions,
  hashMemberPassword,
  lastAdminTexts,
  removesLastAdmin,
  type Viewer,
} from "~/server/accounts";

export interface PendingMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  createdAt: Date;
  /** False for a sign-up that never followed its confirmation link: the address may not be theirs. */
  emailVerified: boolean;
  /** Why the sign-up looked automated (decision 0031); null when it did not. */
  automated: SignUpSignal[] | null;
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
      emailVerified: user.emailVerified,
      automated: reviewItems.signals,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(reviewItems, and(eq(reviewItems.memberId, profiles.id), eq(reviewItems.kind, "sign-up"), eq(reviewItems.status, "open")))
    .where(eq(profiles.approvalStatus, "pending"))
    .orderBy(desc(profiles.createdAt));
}

export type ApprovalDecision = { intent: "approve" | "reject"; userId: string };

/**
 * Approves or rejects a pending member and records who decided and when.
 * Only a pending profile changes, so of two admins clicking at once the second
 * finds it decided and overwrites nothing. A rejected member's sessions end at once.
 */
export const decideApproval = defineService<Viewer, ApprovalDecision, Record<never, never>>({
  policy: (actor) => can(actor, "approveMembers"),
  // Nothing to read first: the update locks the profile and checks that it still waits, in one statement.
  load: async () => ({}),
  async change(tx, { actor, input: { intent, userId } }) {
    const decision = intent === "approve" ? "approved" : "rejected";
    const [member] = await tx
      .update(profiles)
      .set({ approvalStatus: decision, approvalDecidedBy: actor.id, approvalDecidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(profiles.id, userId), eq(profiles.approvalStatus, "pending")))
      .returning({ email: profiles.email, firstName: profiles.firstName, lastName: profiles.lastName });
    // A member gone or decided no longer waits: a conflict, not a 404.
    if (!member) return fail("conflict", "Das Mitglied wartet nicht mehr auf eine Entscheidung.");
    if (decision === "rejected") await endSessions(tx, userId, "rejected");
    // A sign-up that looked automated leaves the review queue with the decision: let in, or turned away as spam.
    await tx
      .update(reviewItems)
      .set({ status: decision === "approved" ? "approved" : "spam", decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(reviewItems.memberId, userId), eq(reviewItems.kind, "sign-up"), eq(reviewItems.status, "open")));
    if (decision === "approved")
      await adminEvents.emit(tx, "member.approved", {
        memberId: userId,
        email: member.email,
        firstName: member.firstName,
        actorId: actor.id,
      });
    await recordAudit(tx, actor, {
      action: intent,
      targetType: "member",
      targetId: userId,
      targetLabel: `${member.firstName} ${member.lastName}`.trim(),
    });
    logger.info({ actor: actor.id, member: userId, decision }, "approval decided");
    return done;
  },
});

// ---------------------------------------------------------------------------
// User management
// ---------------------------------------------------------------------------

export interface ManagedMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  avatarUrl: string | null;
  approvalStatus: string;
  role: Role;
  /** Has an authenticator app or a passkey (decision 0050). */
  secondFactor: boolean;
}

export const MEMBER_LIST_PAGE_SIZE = 50;

/** Profiles with their role, newest first (spec: the role list). */
export async function listManagedMembers(page: number): Promise<{ members: ManagedMember[]; currentPage: number; totalPages: number }> {
  const [total] = await db.select({ value: count() }).from(profiles);
  const totalPages = Math.max(1, Math.ceil((total?.value ?? 0) / MEMBER_LIST_PAGE_SIZE));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      company: profiles.company,
      avatarUrl: profiles.avatarUrl,
      approvalStatus: profiles.approvalStatus,
      role: userRoles.role,
      secondFactor: user.twoFactorEnabled,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(MEMBER_LIST_PAGE_SIZE)
    .offset((currentPage - 1) * MEMBER_LIST_PAGE_SIZE);
  // No role row means the default role (spec: "defaulting to member").
  return { members: rows.map((row) => ({ ...row, role: row.role ?? "member" })), currentPage, totalPages };
}

/**
 * An administrator creates an account that can sign in at once: approved,
 * address confirmed (the administrator vouches for it), with the chosen role.
 */
export const createUser = defineService<Viewer, CreateUserInput, Record<never, never>, { id: string }, string>({
  policy: (actor) => can(actor, "createUsers"),
  // Before the transaction: a hash waits in its own line, and must not keep the database waiting meanwhile.
  prepare: async (_actor, input) => ok(await hashMemberPassword(input.password)),
  // Nothing to lock: of two creations with one address the unique index lets one through (the conflict below).
  load: async () => ({}),
  async change(tx, { actor, input, prepared: passwordHash }) {
    const { firstName, lastName } = splitUsername(input.username);
    let id: string;
    try {
      // Its own savepoint: a known address rolls back only the account, and the transaction can still answer.
      id = await createMemberAccount(tx, {
        email: input.email,
        password: { hash: passwordHash },
        firstName,
        lastName,
        company: input.company,
        expertise: input.expertise,
        experience: input.experience,
        bio: input.bio,
        approvalStatus: "approved",
        role: input.role,
        emailVerified: true,
      });
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === "23505" || e.cause?.code === "23505")
        return fail("conflict", "Ein Benutzer mit dieser E-Mail-Adresse existiert bereits.");
      throw error;
    }
    await tx.update(profiles).set({ approvalDecidedBy: actor.id }).where(eq(profiles.id, id));
    await recordAudit(tx, actor, {
      action: "create-user",
      targetType: "member",
      targetId: id,
      targetLabel: `${firstName} ${lastName}`.trim(),
      details: roleLabels[input.role],
    });
    return ok({ id });
  },
});

/**
 * The admin rows are locked first, so two administrators cannot demote each
 * other at the same moment and leave none; then the role row is upserted (the
 * unique user_id keeps it at exactly one row however many changes race).
 */
export const changeRole = defineService<
  Viewer,
  { userId: string; role: Role },
  { admins: string[]; member: { firstName: string; lastName: string; role: Role } }
>({
  policy: (actor) => can(actor, "changeRoles"),
  async load(tx, { userId }) {
    const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).for("update");
    const [member] = await tx
      .select({ firstName: profiles.firstName, lastName: profiles.lastName, role: userRoles.role })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(profiles.id, userId));
    return member ? { admins: admins.map((row) => row.userId), member: { ...member, role: member.role ?? "member" } } : null;
  },
  // The last administrator may keep the role, not give it up.
  authorize: (_actor, { admins }, { userId, role }) =>
    role === "admin" || !removesLastAdmin(userId, admins) || fail("conflict", lastAdminTexts.roleChange),
  async change(tx, { actor, input: { userId, role }, loaded: { member } }) {
    if (member.role === role) return done;
    await tx
      .insert(userRoles)
      .values({ userId, role })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: excluded(userRoles.role) } });
    await recordAudit(tx, actor, {
      action: "change-role",
      targetType: "member",
      targetId: userId,
      targetLabel: `${member.firstName} ${member.lastName}`.trim(),
      details: `${roleLabels[member.role]} → ${roleLabels[role]}`,
    });
    return done;
  },
});

export const secondFactorResetTexts = {
  own: "Ihren eigenen zweiten Faktor setzt eine andere Administratorin oder ein anderer Administrator zurück.",
  none: "Dieses Mitglied hat keinen zweiten Faktor.",
} as const;

/**
 * A member lost their app, recovery codes and passkeys: another administrator takes the factor away (decision 0050).
 * The app, its recovery codes and every passkey go, every session ends (whoever used the lost device is out too), and
 * the audit log says who did it. The member signs in with the password and, as staff, sets up a new factor first.
 */
export const resetSecondFactor = defineService<Viewer, { userId: string }, { member: { id: string; name: string; secondFactor: boolean } }>(
  {
    policy: (actor) => can(actor, "resetSecondFactors"),
    async load(tx, { userId }) {
      const [member] = await tx
        .select({ id: user.id, firstName: profiles.firstName, lastName: profiles.lastName, secondFactor: user.twoFactorEnabled })
        .from(user)
        .innerJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, userId))
        .for("update");
      return member
        ? { member: { id: member.id, name: `${member.firstName} ${member.lastName}`.trim(), secondFactor: member.secondFactor } }
        : null;
    },
    authorize: (actor, { member }) =>
      canResetSecondFactor(actor, member) ||
      fail(
        member.id === actor.id ? "forbidden" : "conflict",
        member.id === actor.id ? secondFactorResetTexts.own : secondFactorResetTexts.none,
      ),
    async change(tx, { actor, loaded: { member } }) {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, member.id));
      await tx.delete(passkey).where(eq(passkey.userId, member.id));
      await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, member.id));
      // Whoever used the lost device is out too, live streams included.
      await endSessions(tx, member.id, "second-factor-reset");
      await recordAudit(tx, actor, { action: "reset-second-factor", targetType: "member", targetId: member.id, targetLabel: member.name });
      return done;
    },
  },
);
