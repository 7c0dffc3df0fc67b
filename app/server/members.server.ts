import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, isNull, ne, or } from "drizzle-orm";
import { account, comments, discussions, profiles, user, userRoles, type ApprovalStatus, type Role } from "../../db/schema";
import { db, escapeLike, type Database, type Transaction } from "./db.server";
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
export async function createMemberAccount(
  executor: Database | Transaction,
  input: NewMemberAccount,
): Promise<string> {
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

export interface MemberCard {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  bio: string;
  expertise: string;
  avatarUrl: string | null;
}


/**
 * The directory: approved members only, newest first; the text matches a
 * case-insensitive substring of first name, last name or company.
 */
const memberCardColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  company: profiles.company,
  bio: profiles.bio,
  expertise: profiles.expertise,
  avatarUrl: profiles.avatarUrl,
};

export const MEMBERS_PAGE_SIZE = 25;

export interface MemberPage {
  members: MemberCard[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
}

/** One page of the directory; a page past the end has no members (the route answers 404). */
export async function listMembers(filter: { query: string; expertise?: string }, page = 1): Promise<MemberPage> {
  const conditions = [eq(profiles.approvalStatus, "approved")];
  if (filter.query) {
    const pattern = `%${escapeLike(filter.query)}%`;
    conditions.push(or(ilike(profiles.firstName, pattern), ilike(profiles.lastName, pattern), ilike(profiles.company, pattern))!);
  }
  if (filter.expertise) conditions.push(eq(profiles.expertise, filter.expertise));
  const where = and(...conditions);
  const [[counted], members] = await Promise.all([
    db.select({ value: count() }).from(profiles).where(where),
    db
      .select(memberCardColumns)
      .from(profiles)
      .where(where)
      // The id breaks ties, so members who joined in the same instant never show on two pages or none.
      .orderBy(desc(profiles.createdAt), asc(profiles.id))
      .limit(MEMBERS_PAGE_SIZE)
      .offset((page - 1) * MEMBERS_PAGE_SIZE),
  ]);
  const totalCount = counted?.value ?? 0;
  return { members, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / MEMBERS_PAGE_SIZE)), currentPage: page };
}

export interface PublicProfile extends MemberCard {
  experience: string;
  createdAt: Date;
}

/** A profile as everyone may see it; members who are not approved have no public page. */
export async function getPublicProfile(id: string): Promise<PublicProfile | null> {
  const [row] = await db
    .select({ ...memberCardColumns, experience: profiles.experience, createdAt: profiles.createdAt })
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.approvalStatus, "approved")));
  return row ?? null;
}

export interface Contributions {
  discussions: number;
  comments: number;
}

/** What a member has written that guests can read: visible discussions, visible comments in visible discussions. */
export async function countContributions(authorId: string): Promise<Contributions> {
  const [[started], [written]] = await Promise.all([
    db
      .select({ value: count() })
      .from(discussions)
      .where(and(eq(discussions.authorId, authorId), isNull(discussions.hiddenAt))),
    db
      .select({ value: count() })
      .from(comments)
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .where(and(eq(comments.authorId, authorId), isNull(comments.hiddenAt), isNull(discussions.hiddenAt))),
  ]);
  return { discussions: started?.value ?? 0, comments: written?.value ?? 0 };
}
