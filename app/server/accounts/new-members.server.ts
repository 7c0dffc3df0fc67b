import { eq, sql } from "drizzle-orm";
import { comments, discussions, profiles } from "../../../db/schema";
import type { PostContent } from "~/lib/links";
import { db, type Database, type Transaction } from "~/server/db";
import { fail, ok, type Outcome, visible } from "~/server/platform";
import { isStaff as isStaffMember } from "./permissions.server";
import { checkRateLimits, newMemberRateRules } from "./rate-limit.server";
import type { Viewer } from "./session.server";

/**
 * A member is new (decision 0035) until both hold: this many of their posts are published (not hidden,
 * not held) and their account is this many days old. Until then a post with more links than allowed waits for a
 * moderator, and their posting limits are tighter (newMemberRateRules). Staff are never new.
 */
export const NEW_MEMBER_LIMITS = {
  publishedPosts: 5,
  days: 7,
  linksPerPost: 2,
} as const;

/** What the posting rules know of the author. */
export interface PostingMember {
  id: string;
  isStaff: boolean;
  isNew: boolean;
  /** Their published posts, counted up to NEW_MEMBER_LIMITS.publishedPosts (for staff, who are never counted: that many). */
  publishedPosts: number;
}

/** Why a post waits for review instead of being published; the queue shows `label` to staff. */
export interface HoldReason {
  rule: "links" | "watch-list";
  label: string;
}

/**
 * Whether the author is still new: their published posts are counted up to the limit only (each side reads at
 * most that many rows of its author index), and only while the account is young enough to matter.
 */
export async function postingMember(
  viewer: Pick<Viewer, "id" | "role" | "approvalStatus">,
  executor: Database | Transaction = db,
): Promise<PostingMember> {
  const isStaff = isStaffMember(viewer);
  if (isStaff) return { id: viewer.id, isStaff, isNew: false, publishedPosts: NEW_MEMBER_LIMITS.publishedPosts };
  const { publishedPosts, days } = NEW_MEMBER_LIMITS;
  // Subqueries name the author by value: in a one-table select Drizzle writes columns without their table.
  const [row] = await executor
    .select({
      young: sql<boolean>`${profiles.createdAt} > now() - make_interval(days => ${days})`,
      published: sql<number>`(select count(*) from (select 1 from ${discussions} where ${discussions.authorId} = ${viewer.id} and ${visible.discussion()} limit ${publishedPosts}) d)::int
        + (select count(*) from (select 1 from ${comments} where ${comments.authorId} = ${viewer.id} and ${visible.comment()} limit ${publishedPosts}) c)::int`,
    })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  return {
    id: viewer.id,
    isStaff,
    isNew: !row || row.young || row.published < publishedPosts,
    publishedPosts: Number(row?.published ?? 0),
  };
}

/** What a hold rule sees of a post: its text, links and domains, and what the watch list found to hold in it. */
export interface PostUnderReview extends PostContent {
  /** The watch list's "hold" findings, one German line each (screenPost's holdReasons). */
  watched?: readonly string[];
}

type HoldRule = (member: Pick<PostingMember, "id" | "isStaff" | "isNew">, post: PostUnderReview) => HoldReason | null;

/** A new member's post links to more addresses than allowed: link spam is held before anyone sees it. */
const tooManyLinks: HoldRule = (member, content) =>
  member.isNew && content.links.length > NEW_MEMBER_LIMITS.linksPerPost
    ? { rule: "links", label: `${content.links.length} Links von einem neuen Mitglied (erlaubt: ${NEW_MEMBER_LIMITS.linksPerPost})` }
    : null;

/**
 * A word or link domain the administrators watch with "hold" (decision 0038): the post waits for a moderator,
 * whoever wrote it, except staff, who are the ones to review it.
 */
const watchedTerms: HoldRule = (member, post) =>
  !member.isStaff && post.watched && post.watched.length > 0 ? { rule: "watch-list", label: post.watched.join("; ") } : null;

/** Every rule a new post passes. */
const holdRules: HoldRule[] = [tooManyLinks, watchedTerms];

/**
 * The one decision "publish or hold for review" for a new discussion or comment: every rule's reason, none when the
 * post is published at once. A rule sees the author's standing, the post's text, links and domains, and the watch
 * list's findings.
 */
export function holdReasons(member: Pick<PostingMember, "id" | "isStaff" | "isNew">, post: PostUnderReview): HoldReason[] {
  return holdRules.map((rule) => rule(member, post)).filter((reason): reason is HoldReason => reason !== null);
}

export const newMemberTexts = {
  tooMany: "Als neues Mitglied können Sie in kurzer Zeit nur wenige Beiträge schreiben. Bitte versuchen Sie es später wieder.",
} as const;

/**
 * The author of a new post, counted against a new member's tighter limit (newMemberRateRules) while they are new;
 * established members and staff are not counted. The `prepare` step of the services that post: a refused post costs
 * no transaction, and every caller (a form, a script, a test) meets the same limit.
 */
export async function postingAuthor(viewer: Viewer, kind: keyof typeof newMemberRateRules): Promise<Outcome<PostingMember>> {
  const member = await postingMember(viewer);
  if (!member.isNew) return ok(member);
  const limit = await checkRateLimits([[newMemberRateRules[kind], viewer.id]]);
  return limit.allowed ? ok(member) : { ...fail("too-many-requests", newMemberTexts.tooMany), retryAfter: limit.retryAfter };
}
