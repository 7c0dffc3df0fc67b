import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { comments, discussions, profiles } from "../../../db/schema";
import { db, escapeLike } from "~/server/db";
import type { MemberSort } from "~/lib/members";
import { visible } from "~/server/platform";

export interface MemberCard {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  bio: string;
  expertise: string;
  avatarUrl: string | null;
  /** Reputation (decision 0029): "Hilfreich" marks on their visible posts, and their answers accepted as a solution. */
  helpfulReceived: number;
  solutionsCount: number;
}

const memberCardColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  company: profiles.company,
  bio: profiles.bio,
  expertise: profiles.expertise,
  avatarUrl: profiles.avatarUrl,
  helpfulReceived: profiles.helpfulReceived,
  solutionsCount: profiles.solutionsCount,
};

export const MEMBERS_PAGE_SIZE = 25;

export interface MemberPage {
  members: MemberCard[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
}

/**
 * The directory's orders: newest first (the default), or by reputation, most first. Ties keep the default
 * order, and the id breaks the last ones, so members who joined in the same instant never show on two pages or none.
 */
const memberOrders: Record<MemberSort, SQL[]> = {
  newest: [desc(profiles.createdAt), asc(profiles.id)],
  helpful: [desc(profiles.helpfulReceived), desc(profiles.solutionsCount), desc(profiles.createdAt), asc(profiles.id)],
  solutions: [desc(profiles.solutionsCount), desc(profiles.helpfulReceived), desc(profiles.createdAt), asc(profiles.id)],
};

/**
 * One page of the directory: approved members only, in the chosen order; the text matches a case-insensitive
 * substring of first name, last name or company. A page past the end has no members (the route answers 404).
 */
export async function listMembers(filter: { query: string; expertise?: string; sort?: MemberSort }, page = 1): Promise<MemberPage> {
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
      .orderBy(...memberOrders[filter.sort ?? "newest"])
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
      .where(and(eq(discussions.authorId, authorId), visible.discussion())),
    db
      .select({ value: count() })
      .from(comments)
      .innerJoin(discussions, eq(discussions.id, comments.discussionId))
      .where(and(eq(comments.authorId, authorId), visible.comment(), visible.discussion())),
  ]);
  return { discussions: started?.value ?? 0, comments: written?.value ?? 0 };
}
