import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import {
  comments,
  discussions,
  legalNotices,
  profiles,
  reports,
  reviewItems,
  type ReviewKind,
  type ReviewStatus,
  userRoles,
} from "../../../db/schema";
import { defineService, queryRows, type Transaction } from "~/server/db";
import { done, excerpt, fail, visible } from "~/server/platform";
import { can, canDecideReview, canRestrict, endSessions, type Viewer } from "~/server/accounts";
import { postText, publishHeldPost, rejectHeldPost } from "~/server/discussions";
import type { ContentFormat } from "~/lib/rich-text";
import { recordAudit } from "./audit.server";
import { moderationEvents } from "./events.server";
import { hidePost, restorePost, type PostRef } from "./reports.server";
import { takeOverHidden } from "./moderation.server";
import { decideMessageItem } from "./message-reports.server";
import { ownReviewItemText, reportReasonLabels, reviewDecisionsFor } from "~/lib/moderation";
import { noticeGroundLabels } from "~/lib/legal";

export const reviewDecisions = ["approve", "keep", "hide", "suspend", "spam"] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

// "Freigeben" is for held posts only (decision 0035), "Behalten" for reported ones; sign-ups are decided in the admin panel.
const decisionsFor: Record<ReviewKind, readonly string[]> = reviewDecisionsFor;

export const reviewTexts = {
  decided: "Dieser Eintrag wurde bereits entschieden.",
  failed: "Entscheidung nicht gespeichert",
  wrongDecision: "Diese Entscheidung passt nicht zu diesem Eintrag. Bitte laden Sie die Seite neu.",
  ownPost: ownReviewItemText,
  /** Why a held post that was turned down stays hidden, when nobody reported it. */
  notApproved: "Von der Moderation nicht freigegeben",
  done: {
    approve: "Beitrag freigegeben",
    keep: "Beitrag bleibt sichtbar",
    hide: "Beitrag ausgeblendet",
    suspend: "Beitrag ausgeblendet, Mitglied gesperrt",
    spam: "Als Spam gelöscht, Mitglied gesperrt",
  },
} as const satisfies Record<string, unknown>;

type Item = {
  id: string;
  kind: ReviewKind;
  discussionId: string | null;
  commentId: string | null;
  messageId: string | null;
  memberId: string | null;
  status: ReviewStatus;
};

/** Why the reporters reported it, for the hidden post's reason: their reasons, most named first. */
async function reportedReasons(tx: Transaction, itemId: string, otherwise = "Von der Moderation geprüft"): Promise<string> {
  const rows = await tx
    .select({ reason: reports.reason, value: sql<number>`count(*)::int` })
    .from(reports)
    .where(eq(reports.reviewItemId, itemId))
    .groupBy(reports.reason)
    .orderBy(sql`count(*) desc`, asc(reports.reason));
  if (rows.length > 0) return rows.map((row) => reportReasonLabels[row.reason]).join(", ");
  // An item of legal notices only (decision 0048): the grounds they name.
  const grounds = await tx
    .selectDistinct({ ground: legalNotices.ground })
    .from(legalNotices)
    .where(and(eq(legalNotices.reviewItemId, itemId), isNotNull(legalNotices.confirmedAt)))
    .orderBy(asc(legalNotices.ground));
  return grounds.length > 0 ? `Als rechtswidrig gemeldet: ${grounds.map((row) => noticeGroundLabels[row.ground]).join(", ")}` : otherwise;
}

/**
 * Suspends a member in the caller's transaction: they cannot sign in until it ends (`until` null: until lifted) and
 * every session of theirs ends now. What they wrote stays as it is; the decision says whether it goes too.
 */
export async function suspendMember(tx: Transaction, memberId: string, until: Date | null, reason: string, actorId: string): Promise<void> {
  await tx
    .update(profiles)
    .set({ suspendedAt: new Date(), suspendedUntil: until, restrictionReason: reason })
    .where(eq(profiles.id, memberId));
  await endSessions(tx, memberId, "suspended");
  await moderationEvents.emit(tx, "member.restricted", { memberId, actorId, kind: "suspended", until, reason });
}

/** Every visible post of a member, hidden as spam (a spam account's traces go at once). */
async function hideEverythingOf(tx: Transaction, memberId: string, reason: string): Promise<number> {
  const posts = await queryRows<{ discussion_id: string; comment_id: string | null }>(
    sql`select ${discussions.id} as discussion_id, null::uuid as comment_id from ${discussions} where ${discussions.authorId} = ${memberId} and ${visible.discussion()}
      union all
      select ${comments.discussionId}, ${comments.id} from ${comments} where ${comments.authorId} = ${memberId} and ${visible.comment()}`,
    tx,
  );
  let hidden = 0;
  for (const post of posts)
    if (await hidePost(tx, { discussionId: post.discussion_id, commentId: post.comment_id }, { actor: null, reason })) hidden += 1;
  return hidden;
}

/**
 * A moderator decides an item of the review queue (never one about their own post): keep the post (its reports
 * dismissed; a post the reports hid comes back), approve a held post (published now, with everything a new post sets
 * off), hide it, hide it and suspend its author, or delete it as spam (every post of the author hidden, the author
 * suspended). One transaction: the post, the item, the audit entry and the notices to author and reporters.
 */
export const decideReview = defineService<Viewer, { itemId: string; decision: ReviewDecision }, Item>({
  policy: (viewer) => can(viewer, "review"),
  load: async (tx, { itemId }) =>
    (
      await tx
        .select({
          id: reviewItems.id,
          kind: reviewItems.kind,
          discussionId: reviewItems.discussionId,
          commentId: reviewItems.commentId,
          messageId: reviewItems.messageId,
          memberId: reviewItems.memberId,
          status: reviewItems.status,
        })
        .from(reviewItems)
        .where(eq(reviewItems.id, itemId))
        .for("update")
    )[0] ?? null,
  authorize: (viewer, item, { decision }) =>
    !canDecideReview(viewer, item)
      ? fail("forbidden", reviewTexts.ownPost)
      : item.status !== "open"
        ? fail("conflict", reviewTexts.decided)
        : decisionsFor[item.kind].includes(decision) || fail("invalid", reviewTexts.wrongDecision),
  async change(tx, { actor, input: { decision }, loaded: item }) {
    if (item.kind === "message") return decideMessage(tx, actor, item, decision);
    if (item.discussionId === null) return fail("invalid", reviewTexts.failed);
    const post: PostRef = { discussionId: item.discussionId, commentId: item.commentId };
    const [author] = item.memberId
      ? await tx
          .select({ id: profiles.id, role: userRoles.role })
          .from(profiles)
          .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
          .where(eq(profiles.id, item.memberId))
      : [];
    const restrictable = author && canRestrict(actor, { id: author.id, role: author.role ?? "member" });
    if ((decision === "suspend" || decision === "spam") && !restrictable)
      return fail("forbidden", "Dieses Mitglied kann nicht gesperrt werden (Moderation oder Administration).");
    const held = item.kind === "held";
    const reason = await reportedReasons(tx, item.id, held ? reviewTexts.notApproved : undefined);
    const label = await postLabel(tx, post);
    // The author of a held post hears that it was approved, or turned down as any post the moderation hid.
    const tellAuthor = async (notice: "approved" | "hidden") => {
      if (label.authorId)
        await moderationEvents.emit(tx, "post.moderated", { ...post, authorId: label.authorId, actorId: actor.id, notice, reason });
    };
    if (decision === "keep") await restorePost(tx, post, { actor, reason: "" });
    else if (decision === "approve") await publishHeldPost(tx, post);
    // A held post is hidden already and was never counted: turning it down only makes it the moderation's decision.
    else if (held && (await rejectHeldPost(tx, post, { actorId: actor.id, reason }))) await tellAuthor("hidden");
    else if (!(await hidePost(tx, post, { actor, reason }))) await takeOverHidden(tx, post, { actor, reason });
    if (decision === "approve") await tellAuthor("approved");
    if ((decision === "suspend" || decision === "spam") && author) {
      if (decision === "spam") await hideEverythingOf(tx, author.id, "Spam");
      await suspendMember(tx, author.id, null, decision === "spam" ? "Spam" : reason, actor.id);
      await recordAudit(tx, actor, {
        action: "suspend",
        targetType: "member",
        targetId: author.id,
        targetLabel: label.author,
        details: reason,
      });
    }
    const status: ReviewStatus = ({ approve: "approved", keep: "kept", hide: "hidden", suspend: "suspended", spam: "spam" } as const)[
      decision
    ];
    await tx.update(reviewItems).set({ status, decidedBy: actor.id, decidedAt: new Date() }).where(eq(reviewItems.id, item.id));
    const reporters = await tx.select({ id: reports.reporterId }).from(reports).where(eq(reports.reviewItemId, item.id));
    if (reporters.length > 0)
      await moderationEvents.emit(tx, "report.decided", {
        ...post,
        reporterIds: reporters.map((reporter) => reporter.id),
        actorId: actor.id,
        outcome: decision === "keep" ? "kept" : "hidden",
      });
    await moderationEvents.emit(tx, "review.decided", {
      ...post,
      itemId: item.id,
      actorId: actor.id,
      outcome: decision === "keep" ? "kept" : decision === "approve" ? "approved" : "hidden",
    });
    await recordAudit(tx, actor, {
      action: (
        { approve: "review-approve", keep: "review-keep", hide: "review-hide", suspend: "review-hide", spam: "review-spam" } as const
      )[decision],
      targetType: post.commentId ? "comment" : "discussion",
      targetId: post.commentId ?? post.discussionId,
      targetLabel: label.post,
      details: reason,
    });
    return done;
  },
});

/**
 * A reported direct message (decision 0062): kept, or hidden for its participants, or hidden with its author
 * suspended. The audit log names the message by its author only, never its words.
 */
async function decideMessage(tx: Transaction, actor: Viewer, item: Item, decision: ReviewDecision) {
  if (item.messageId === null) return fail("not-found", reviewTexts.failed);
  const [author] = item.memberId
    ? await tx
        .select({ id: profiles.id, role: userRoles.role, first: profiles.firstName, last: profiles.lastName })
        .from(profiles)
        .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
        .where(eq(profiles.id, item.memberId))
    : [];
  if (decision === "suspend" && !(author && canRestrict(actor, { id: author.id, role: author.role ?? "member" })))
    return fail("forbidden", "Dieses Mitglied kann nicht gesperrt werden (Moderation oder Administration).");
  const { reason } = await decideMessageItem(
    tx,
    { id: item.id, messageId: item.messageId },
    decision as "keep" | "hide" | "suspend",
    actor.id,
  );
  const name = author ? `${author.first} ${author.last}`.trim() : "Gelöschtes Mitglied";
  if (decision === "suspend" && author) {
    await suspendMember(tx, author.id, null, reason, actor.id);
    await recordAudit(tx, actor, { action: "suspend", targetType: "member", targetId: author.id, targetLabel: name, details: reason });
  }
  const status: ReviewStatus = ({ keep: "kept", hide: "hidden", suspend: "suspended" } as const)[decision as "keep" | "hide" | "suspend"];
  await tx.update(reviewItems).set({ status, decidedBy: actor.id, decidedAt: new Date() }).where(eq(reviewItems.id, item.id));
  await recordAudit(tx, actor, {
    action: decision === "keep" ? "review-keep" : "review-hide",
    targetType: "message",
    targetId: item.messageId,
    targetLabel: `Nachricht von ${name}`,
    details: reason,
  });
  return done;
}

async function postLabel(tx: Transaction, post: PostRef): Promise<{ post: string; author: string; authorId: string | null }> {
  const [row] = post.commentId
    ? await tx
        .select({
          text: comments.content,
          format: comments.contentFormat,
          authorId: profiles.id,
          first: profiles.firstName,
          last: profiles.lastName,
        })
        .from(comments)
        .leftJoin(profiles, eq(profiles.id, comments.authorId))
        .where(eq(comments.id, post.commentId))
    : await tx
        .select({
          text: discussions.title,
          format: sql<ContentFormat>`'text'`,
          authorId: profiles.id,
          first: profiles.firstName,
          last: profiles.lastName,
        })
        .from(discussions)
        .leftJoin(profiles, eq(profiles.id, discussions.authorId))
        .where(eq(discussions.id, post.discussionId));
  return {
    post: excerpt(row ? postText(row.text, row.format) : ""),
    author: `${row?.first ?? ""} ${row?.last ?? ""}`.trim(),
    authorId: row?.authorId ?? null,
  };
}

export type Restriction = { memberId: string; kind: "suspend" | "silence"; until: Date | null; reason: string };

/**
 * Staff suspend a member (no sign-in; their sessions end now) or silence them (they read, write nothing), until a
 * date or until an administrator lifts it, with a reason shown to them.
 */
export const restrictMember = defineService<Viewer, Restriction, { id: string; role: "admin" | "moderator" | "member"; name: string }>({
  policy: (viewer) => can(viewer, "restrictMembers"),
  load: async (tx, { memberId }) => {
    const [row] = await tx
      .select({ id: profiles.id, role: userRoles.role, first: profiles.firstName, last: profiles.lastName })
      .from(profiles)
      .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
      .where(eq(profiles.id, memberId))
      .for("update", { of: profiles });
    return row ? { id: row.id, role: row.role ?? "member", name: `${row.first} ${row.last}`.trim() } : null;
  },
  authorize: (viewer, member) => canRestrict(viewer, member),
  async change(tx, { actor, input: { kind, until, reason }, loaded: member }) {
    if (kind === "suspend") await suspendMember(tx, member.id, until, reason, actor.id);
    else {
      await tx
        .update(profiles)
        .set({ silencedAt: new Date(), silencedUntil: until, restrictionReason: reason })
        .where(eq(profiles.id, member.id));
      await moderationEvents.emit(tx, "member.restricted", { memberId: member.id, actorId: actor.id, kind: "silenced", until, reason });
    }
    await recordAudit(tx, actor, {
      action: kind === "suspend" ? "suspend" : "silence",
      targetType: "member",
      targetId: member.id,
      targetLabel: member.name,
      details: `${reason}${until ? ` (bis ${until.toISOString().slice(0, 10)})` : ""}`,
    });
    return done;
  },
});

/** An administrator lifts a suspension and a silence before their end. */
export const liftRestriction = defineService<Viewer, { memberId: string }, { id: string; name: string }>({
  policy: (viewer) => can(viewer, "liftRestrictions"),
  load: async (tx, { memberId }) => {
    const [row] = await tx
      .select({ id: profiles.id, first: profiles.firstName, last: profiles.lastName })
      .from(profiles)
      .where(and(eq(profiles.id, memberId)))
      .for("update");
    return row ? { id: row.id, name: `${row.first} ${row.last}`.trim() } : null;
  },
  async change(tx, { actor, loaded: member }) {
    await tx
      .update(profiles)
      .set({ suspendedAt: null, suspendedUntil: null, silencedAt: null, silencedUntil: null, restrictionReason: null })
      .where(eq(profiles.id, member.id));
    await recordAudit(tx, actor, { action: "lift-restriction", targetType: "member", targetId: member.id, targetLabel: member.name });
    return done;
  },
});
