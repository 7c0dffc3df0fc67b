import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { profiles, reports, reviewItems, type ReportReason, type ReviewStatus, userRoles } from "../../../db/schema";
import { defineService, queryRows, readValue, samePost, unqualified, type Transaction, valueRead, type ValueRead } from "~/server/db";
import { clientNetworkOf, env, fail, HIDDEN_BY_REPORTS_REASON, isHidden, ok } from "~/server/platform";
import { can, canReport, checkRateLimits, postingMember, reportRateRules, reportsMayHide, type Viewer } from "~/server/accounts";
import { lockPost, type Post } from "~/server/answers";
import { moderationEvents } from "./events.server";
import { applyDiscussionAction, loadCommentState, loadDiscussionState, setCommentHidden } from "./moderation.server";

export type PostRef = { discussionId: string; commentId: string | null };
export type ReportInput = PostRef & {
  reason: ReportReason;
  note?: string;
  /** The reporter's address (the route's `context.clientIp`): one network's burst weighs once. None outside a request. */
  clientIp?: string;
};

export const reportTexts = {
  thanks: "Danke, das Moderationsteam sieht es sich an.",
  already: "Sie haben diesen Beitrag bereits gemeldet. Danke, das Moderationsteam sieht es sich an.",
  withdrawn: "Ihre Meldung wurde zurückgezogen.",
  ownPost: "Ihren eigenen Beitrag können Sie nicht melden.",
  failed: "Meldung nicht gespeichert",
  tooMany: "Sie haben in kurzer Zeit sehr viele Beiträge gemeldet. Bitte versuchen Sie es später wieder.",
} as const;

/** Why a post hidden by reports is hidden: what its page tells staff. */
export const AUTO_HIDDEN_REASON = HIDDEN_BY_REPORTS_REASON;

/**
 * Hides a post in the caller's transaction, as the forum itself (no moderator): after enough reports, or one by
 * staff. The moderation's own steps do it, so counts, answers, notices and IndexNow follow as for a moderator.
 */
export async function hidePost(tx: Transaction, post: PostRef, by: { actor: Viewer | null; reason: string }): Promise<boolean> {
  if (post.commentId === null) {
    const discussion = await loadDiscussionState(tx, post.discussionId);
    return discussion ? applyDiscussionAction(tx, discussion, "hide-discussion", by) : false;
  }
  const comment = await loadCommentState(tx, post.discussionId, post.commentId);
  return comment ? setCommentHidden(tx, post.discussionId, comment, true, by) : false;
}

/** Restores a post hidden by reports or by the moderation (a review decided to keep it). */
export async function restorePost(tx: Transaction, post: PostRef, by: { actor: Viewer; reason: string }): Promise<boolean> {
  if (post.commentId === null) {
    const discussion = await loadDiscussionState(tx, post.discussionId);
    return discussion ? applyDiscussionAction(tx, discussion, "restore-discussion", by) : false;
  }
  const comment = await loadCommentState(tx, post.discussionId, post.commentId);
  return comment ? setCommentHidden(tx, post.discussionId, comment, false, by) : false;
}

/**
 * A new post held for review (decision 0035) gets its open item of kind "held", and the team hears of it. Nobody
 * can have reported a post that nobody saw, so the item is new; staff's later reports join it.
 */
export async function holdForReview(tx: Transaction, post: PostRef, authorId: string): Promise<void> {
  await tx.insert(reviewItems).values({ kind: "held", discussionId: post.discussionId, commentId: post.commentId, memberId: authorId });
  await moderationEvents.emit(tx, "review.opened", { discussionId: post.discussionId, actorId: authorId });
}

/**
 * The open review item of a post, made by the first report or confirmed legal notice (`kind` says which came
 * first); parallel first ones meet in the unique index and share the item.
 */
export async function openItemOf(
  tx: Transaction,
  post: PostRef,
  authorId: string | null,
  kind: "report" | "notice" = "report",
): Promise<{ id: string; created: boolean }> {
  const [row] = await queryRows<{ id: string; created: boolean }>(
    sql`insert into ${reviewItems} (${unqualified(reviewItems.kind, reviewItems.discussionId, reviewItems.commentId, reviewItems.memberId)})
      values (${kind}, ${post.discussionId}::uuid, ${post.commentId}::uuid, ${authorId})
      on conflict (${unqualified(reviewItems.discussionId)}, coalesce(${unqualified(reviewItems.commentId)}, '00000000-0000-0000-0000-000000000000'::uuid))
        where ${unqualified(reviewItems.status)} = 'open' and ${unqualified(reviewItems.discussionId)} is not null and ${unqualified(reviewItems.kind)} <> 'objection'
      do update set ${unqualified(reviewItems.status)} = ${reviewItems.status}
      returning ${reviewItems.id}, (xmax = 0) as created`,
    tx,
  );
  return row!;
}

/** How a review item ends when the moderation agreed with its reports: the post went. */
const upheldStatuses: ReviewStatus[] = ["hidden", "suspended", "spam"];

/**
 * What a report weighs towards hiding the post (after Discourse's flag scores): staff's alone is enough; a new
 * member's (decision 0035) nothing, for accounts are cheap to make; an established member's (upheld + 1) /
 * (decided + 1) of their earlier reports, so a clean record weighs 1 (REPORTS_TO_HIDE keeps its meaning) and a
 * record of reports the moderation kept weighs less.
 */
export async function reportWeight(tx: Transaction, reporter: Pick<Viewer, "id" | "role" | "approvalStatus">): Promise<number> {
  const standing = await postingMember(reporter, tx);
  if (standing.isStaff) return env.REPORTS_TO_HIDE;
  if (standing.isNew) return 0;
  const [record] = await tx
    .select({
      decided: sql<number>`(count(*) filter (where ${reviewItems.status} <> 'open'))::int`,
      upheld: sql<number>`(count(*) filter (where ${inArray(reviewItems.status, upheldStatuses)}))::int`,
    })
    .from(reports)
    .innerJoin(reviewItems, eq(reviewItems.id, reports.reviewItemId))
    .where(eq(reports.reporterId, reporter.id));
  return Math.min(1, ((record?.upheld ?? 0) + 1) / ((record?.decided ?? 0) + 1));
}

/**
 * Whether the reporter's network already had its say (reportRateRules): its first report of this post, and its first
 * few in ten minutes, weigh; the rest of a burst only queues. Counted before the transaction like every rate.
 */
async function fromBusyNetwork(clientIp: string | undefined, post: PostRef): Promise<boolean> {
  if (!clientIp) return false;
  const network = clientNetworkOf(clientIp);
  const limit = await checkRateLimits([
    [reportRateRules.perNetwork, network],
    [reportRateRules.perNetworkAndPost, `${network}:${post.commentId ?? post.discussionId}`],
  ]);
  return !limit.allowed;
}

/** The weights of an item's reports add up in float8: `real` sums round, and thirds should reach a whole. */
const WEIGHT_ROUNDING = 1e-4;

/**
 * A member reports a post ("Melden"), once while it waits for review. Reports of one post gather in one review
 * item; the team hears of a new item. Once its reports weigh REPORTS_TO_HIDE (reportWeight: three established
 * members, one of staff), the post is hidden at once until a moderator decides (decision 0030), unless its author
 * is staff. The post's row is locked first, so ten reports at once hide it exactly once.
 */
export const reportPost = defineService<
  Viewer,
  ReportInput,
  Post & { underReview: boolean; hideable: boolean },
  { hidden: boolean; already: boolean },
  { busyNetwork: boolean }
>({
  policy: (viewer) => can(viewer, "report"),
  async prepare(viewer, input) {
    if (can(viewer, "moderate")) return ok({ busyNetwork: false });
    const limit = await checkRateLimits([
      [reportRateRules.perMember, viewer.id],
      [reportRateRules.perMemberPerDay, viewer.id],
    ]);
    if (!limit.allowed) return { ...fail("too-many-requests", reportTexts.tooMany), retryAfter: limit.retryAfter };
    return ok({ busyNetwork: await fromBusyNetwork(input.clientIp, input) });
  },
  async load(tx, input) {
    const post = await lockPost(tx, input);
    if (!post) return null;
    return {
      ...post,
      underReview: isHidden(post) && (await openItemId(tx, input)) !== null,
      hideable: reportsMayHide(await authorOf(tx, post.authorId)),
    };
  },
  authorize: (viewer, post) =>
    canReport(viewer, post) || (isHidden(post) && !post.underReview ? fail("not-found") : fail("forbidden", reportTexts.ownPost)),
  async change(tx, { actor, input, loaded: post, prepared }) {
    const ref = { discussionId: input.discussionId, commentId: input.commentId };
    const item = await openItemOf(tx, ref, post.authorId);
    const weight = prepared.busyNetwork ? 0 : await reportWeight(tx, actor);
    const [inserted] = await tx
      .insert(reports)
      .values({ reviewItemId: item.id, ...ref, reporterId: actor.id, reason: input.reason, note: input.note?.trim() || null, weight })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!inserted) return ok({ hidden: false, already: true });
    if (item.created) await moderationEvents.emit(tx, "review.opened", { discussionId: input.discussionId, actorId: actor.id });
    const [total] = await tx
      .select({ value: sql<number>`coalesce(sum(${reports.weight}::float8), 0)` })
      .from(reports)
      .where(eq(reports.reviewItemId, item.id));
    const enough = Number(total?.value ?? 0) >= env.REPORTS_TO_HIDE - WEIGHT_ROUNDING;
    const hidden = enough && post.hideable && (await hidePost(tx, ref, { actor: null, reason: AUTO_HIDDEN_REASON }));
    return ok({ hidden, already: false });
  },
});

/**
 * Puts a post into the queue for a confirmed legal notice (decision 0048): into its open item if it has one (a
 * report's), else a new item of kind "notice", of which the team hears once. Twenty notices at once make one item.
 */
export async function queueNotice(tx: Transaction, post: PostRef, authorId: string | null): Promise<string> {
  const item = await openItemOf(tx, post, authorId, "notice");
  if (item.created) await moderationEvents.emit(tx, "review.opened", { discussionId: post.discussionId, actorId: null });
  return item.id;
}

/** The post's author as the guardian needs them (role and approval); null for a deleted account. */
async function authorOf(tx: Transaction, authorId: string | null) {
  if (authorId === null) return null;
  const [row] = await tx
    .select({ role: userRoles.role, approvalStatus: profiles.approvalStatus })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, authorId));
  return row ? { role: row.role ?? "member", approvalStatus: row.approvalStatus } : null;
}

/** The post's open review item, if it has one. */
async function openItemId(tx: Transaction, { discussionId, commentId }: PostRef): Promise<string | null> {
  const [row] = await tx
    .select({ id: reviewItems.id })
    .from(reviewItems)
    .where(and(samePost(reviewItems, { discussionId, commentId }), eq(reviewItems.status, "open"), ne(reviewItems.kind, "objection")));
  return row?.id ?? null;
}

/**
 * The reporter takes their report back while the post waits for review. An item left without reports goes, unless
 * the reports already hid the post: then a moderator decides.
 */
export const withdrawReport = defineService<Viewer, PostRef, { id: string }>({
  policy: (viewer) => can(viewer, "report"),
  async load(tx, input) {
    // The post first, as a report locks it: a withdrawal and a report at once wait for each other in one order.
    await lockPost(tx, input);
    const id = await openItemId(tx, input);
    return id ? { id } : null;
  },
  async change(tx, { actor, input, loaded: item }) {
    await tx.delete(reports).where(and(eq(reports.reviewItemId, item.id), eq(reports.reporterId, actor.id)));
    const [left] = await tx.select({ value: count() }).from(reports).where(eq(reports.reviewItemId, item.id));
    const post = await lockPost(tx, input);
    if ((left?.value ?? 0) === 0 && post && !isHidden(post)) await tx.delete(reviewItems).where(eq(reviewItems.id, item.id));
    return ok(null);
  },
});

/** Whether the member has an open report of each of these posts (their "Gemeldet" state on the page). */
export async function reportedBy(memberId: string, discussionId: string): Promise<Set<string>> {
  return readValue(reportedHere(memberId, discussionId));
}

/** reportedBy as one of a page's small reads (readValues): the posts ("discussion" for the question) with an open report. */
export function reportedHere(memberId: string, discussionId: string): ValueRead<Set<string>> {
  return valueRead(
    sql`select coalesce(json_agg(coalesce(${reports.commentId}::text, 'discussion')), '[]'::json) from ${reports}
    join ${reviewItems} on ${reviewItems.id} = ${reports.reviewItemId} and ${reviewItems.status} = 'open'
    where ${reports.reporterId} = ${memberId} and ${reports.discussionId} = ${discussionId}::uuid`,
    (raw) => new Set(raw as string[]),
  );
}
