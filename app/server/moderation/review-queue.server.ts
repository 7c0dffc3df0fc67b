import { and, asc, eq, inArray, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  comments,
  discussions,
  legalNotices,
  type noticeGroundValues,
  profiles,
  reports,
  reviewItems,
  statementsOfReasons,
  type ReportReason,
  type Role,
  type SignUpSignal,
  userRoles,
} from "../../../db/schema";
import { db, readValue, type ValueRead, valueRead } from "~/server/db";
import { isHeld, isHidden } from "~/server/platform";
import { commentPageSql, plainTextExcerpt, postText } from "~/server/discussions";
import { commentPermalink, paths } from "~/lib/paths";
import { shortenAtWord } from "~/lib/format";
import type { ContextLine } from "~/server/messages";
import { messageItemsOf } from "./message-reports.server";

/** Items of the review queue per page (/moderation). */
export const REVIEW_PAGE_SIZE = 25;

/** Characters of a post's text the queue shows: enough to judge it, the link leads to the whole. */
const EXCERPT_LENGTH = 400;

export interface ReviewReport {
  reason: ReportReason;
  note: string | null;
  reporter: { id: string; name: string };
  createdAt: Date;
}

/** A confirmed legal notice about the post (decision 0048): what the notifier says is illegal, and why. */
export interface ReviewNotice {
  id: string;
  ground: (typeof noticeGroundValues)[number];
  explanation: string;
  notifier: string;
  /** Filed by a signed-in member, not a guest. */
  member: boolean;
  createdAt: Date;
}

export interface ReviewQueueItem {
  id: string;
  kind: "report" | "held" | "sign-up" | "notice" | "objection" | "message";
  /** A sign-up's signs of a script (decision 0031); empty for posts. */
  signals: SignUpSignal[];
  createdAt: Date;
  /** The reported or held post; null for a sign-up. */
  post: {
    type: "discussion" | "comment";
    discussionTitle: string;
    /** Its permalink: the discussion, or the comment on its page. */
    href: string;
    /** Its text, shortened (staff read hidden posts too). */
    excerpt: string;
    /** Hidden now (by the reports, the moderation, or with its whole discussion), with the reason given. */
    hidden: { reason: string | null } | null;
    /** Waits for approval (decision 0035): hidden since it was written, the reason says why it was held. */
    held: boolean;
  } | null;
  /** Whose post or sign-up it is, with what the team needs to judge them. */
  author: {
    id: string;
    name: string;
    role: Role;
    memberSince: Date;
    /** Discussions and comments, hidden ones included. */
    posts: number;
    helpfulReceived: number;
    /** Earlier items about them that staff decided, and how many of those ended with the post gone. */
    earlier: { decided: number; upheld: number };
    restriction: "suspended" | "silenced" | null;
  } | null;
  /**
   * A reported direct message (decision 0062): it and at most two messages on each side, as plain text; nothing else of
   * the conversation, and no way to it.
   */
  message: { lines: ContextLine[] } | null;
  reports: ReviewReport[];
  notices: ReviewNotice[];
  /** An author's objection: their text, the decision they object to, and who made it (who may not decide it). */
  objection: { text: string; facts: string; decidedBy: string | null; statementId: string } | null;
}

export interface ReviewQueuePage {
  items: ReviewQueueItem[];
  total: number;
  currentPage: number;
  totalPages: number;
}

/** A restriction set and not yet over (its end passed: it simply stops). */
function active(since: SQLWrapper, until: SQLWrapper) {
  return sql<boolean>`(${since} is not null and (${until} is null or ${until} > now()))`;
}

/** How many items wait for a decision: the sidebar's number for staff (the partial index of open items). */
export async function countOpenReviewItems(): Promise<number> {
  return readValue(openReviewItemsCount());
}

/** countOpenReviewItems as one of a page's small reads (readValues): staff's layout sends it with the bell. */
export function openReviewItemsCount(): ValueRead<number> {
  return valueRead(sql`select count(*) from ${reviewItems} where ${eq(reviewItems.status, "open")}`, (raw) => Number(raw ?? 0));
}

/**
 * The open items, oldest first, one page of them: the post in context, the author's history and the reports,
 * in two queries whatever the page holds (the items with their post and author; the reports of all of them).
 * A page past the end answers with no items and the real number of pages.
 */
export async function listReviewQueue(page: number): Promise<ReviewQueuePage> {
  const d = alias(discussions, "d");
  const c = alias(comments, "c");
  const p = alias(profiles, "p");
  const r = alias(userRoles, "r");
  const ownDiscussions = alias(discussions, "own_discussions");
  const ownComments = alias(comments, "own_comments");
  const earlier = alias(reviewItems, "earlier");
  const currentPage = Math.max(1, page);

  const rows = await db
    .select({
      id: reviewItems.id,
      kind: reviewItems.kind,
      signals: reviewItems.signals,
      messageId: reviewItems.messageId,
      createdAt: reviewItems.createdAt,
      total: sql<number>`(count(*) over ())::int`,
      discussionId: d.id,
      slug: d.slug,
      title: d.title,
      // The start of the discussion's text is enough for an excerpt; its whole markup need not travel.
      discussionText: sql<string | null>`left(${d.content}, 4000)`,
      discussionHiddenAt: d.hiddenAt,
      discussionHiddenReason: d.hiddenReason,
      discussionHeldAt: d.heldAt,
      commentId: c.id,
      commentText: c.content,
      commentFormat: c.contentFormat,
      commentHiddenAt: c.hiddenAt,
      commentHiddenReason: c.hiddenReason,
      commentHeldAt: c.heldAt,
      // The page of the discussion that shows the comment (null for a discussion's own item).
      commentPage: sql<number | null>`case when ${c.id} is null then null else ${commentPageSql(c)} end`,
      authorId: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      role: r.role,
      memberSince: p.createdAt,
      helpfulReceived: p.helpfulReceived,
      suspended: active(p.suspendedAt, p.suspendedUntil),
      silenced: active(p.silencedAt, p.silencedUntil),
      posts: sql<number>`case when ${p.id} is null then 0 else
        (select count(*) from ${discussions} ${ownDiscussions} where ${ownDiscussions.authorId} = ${p.id})::int
        + (select count(*) from ${comments} ${ownComments} where ${ownComments.authorId} = ${p.id})::int end`,
      earlierDecided: sql<number>`case when ${p.id} is null then 0 else
        (select count(*) from ${reviewItems} ${earlier} where ${earlier.memberId} = ${p.id} and ${earlier.status} <> 'open')::int end`,
      objection: statementsOfReasons.objection,
      objectionFacts: statementsOfReasons.facts,
      objectionDecidedBy: statementsOfReasons.decidedBy,
      statementId: statementsOfReasons.id,
      earlierUpheld: sql<number>`case when ${p.id} is null then 0 else
        (select count(*) from ${reviewItems} ${earlier} where ${earlier.memberId} = ${p.id} and ${earlier.status} in ('hidden', 'suspended', 'spam'))::int end`,
    })
    .from(reviewItems)
    .leftJoin(d, eq(d.id, reviewItems.discussionId))
    .leftJoin(c, eq(c.id, reviewItems.commentId))
    .leftJoin(p, eq(p.id, reviewItems.memberId))
    .leftJoin(r, eq(r.userId, p.id))
    .leftJoin(statementsOfReasons, eq(statementsOfReasons.objectionItemId, reviewItems.id))
    .where(eq(reviewItems.status, "open"))
    .orderBy(asc(reviewItems.createdAt), asc(reviewItems.id))
    .limit(REVIEW_PAGE_SIZE)
    .offset((currentPage - 1) * REVIEW_PAGE_SIZE);

  // Past the last page the window count has no row to ride on: counted once more, for the page links.
  const total = rows[0]?.total ?? (currentPage > 1 ? await countOpenReviewItems() : 0);
  const reportRows =
    rows.length === 0
      ? []
      : await db
          .select({
            itemId: reports.reviewItemId,
            reason: reports.reason,
            note: reports.note,
            createdAt: reports.createdAt,
            reporterId: reports.reporterId,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
          })
          .from(reports)
          .innerJoin(profiles, eq(profiles.id, reports.reporterId))
          .where(
            inArray(
              reports.reviewItemId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(reports.createdAt), asc(reports.id));

  const noticeRows =
    rows.length === 0
      ? []
      : await db
          .select({
            itemId: legalNotices.reviewItemId,
            id: legalNotices.id,
            ground: legalNotices.ground,
            explanation: legalNotices.explanation,
            notifier: legalNotices.notifierName,
            memberId: legalNotices.notifierId,
            createdAt: legalNotices.createdAt,
          })
          .from(legalNotices)
          .where(
            and(
              inArray(
                legalNotices.reviewItemId,
                rows.map((row) => row.id),
              ),
              isNotNull(legalNotices.confirmedAt),
            ),
          )
          .orderBy(asc(legalNotices.createdAt), asc(legalNotices.id));
  const noticesOf = new Map<string, ReviewNotice[]>();
  for (const row of noticeRows) {
    const list = noticesOf.get(row.itemId!) ?? [];
    list.push({
      id: row.id,
      ground: row.ground,
      explanation: row.explanation,
      notifier: row.notifier ?? "",
      member: row.memberId !== null,
      createdAt: row.createdAt,
    });
    noticesOf.set(row.itemId!, list);
  }

  const messageItems = await messageItemsOf(rows);
  const reportsOf = new Map<string, ReviewReport[]>(messageItems.reports);
  for (const row of reportRows) {
    const list = reportsOf.get(row.itemId) ?? [];
    list.push({
      reason: row.reason,
      note: row.note,
      createdAt: row.createdAt,
      reporter: { id: row.reporterId, name: `${row.firstName} ${row.lastName}`.trim() },
    });
    reportsOf.set(row.itemId, list);
  }

  const items = rows.map((row): ReviewQueueItem => {
    let post: ReviewQueueItem["post"] = null;
    if (row.discussionId !== null && row.slug !== null) {
      const discussionHidden = isHidden({ hiddenAt: row.discussionHiddenAt });
      const onComment = row.commentId !== null;
      const commentHidden = onComment && isHidden({ hiddenAt: row.commentHiddenAt });
      post = {
        type: onComment ? "comment" : "discussion",
        discussionTitle: row.title ?? "",
        href: onComment ? commentPermalink(row.slug, row.commentPage ?? 1, row.commentId!) : paths.discussion(row.slug),
        excerpt: onComment
          ? shortenAtWord(postText(row.commentText ?? "", row.commentFormat ?? "text"), EXCERPT_LENGTH)
          : plainTextExcerpt(row.discussionText ?? "", EXCERPT_LENGTH),
        hidden: commentHidden ? { reason: row.commentHiddenReason } : discussionHidden ? { reason: row.discussionHiddenReason } : null,
        held: isHeld({ heldAt: onComment ? row.commentHeldAt : row.discussionHeldAt }),
      };
    }
    return {
      id: row.id,
      kind: row.kind,
      signals: row.signals ?? [],
      createdAt: row.createdAt,
      post,
      message: row.messageId ? { lines: messageItems.context.get(row.messageId) ?? [] } : null,
      author:
        row.authorId === null
          ? null
          : {
              id: row.authorId,
              name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
              role: row.role ?? "member",
              memberSince: row.memberSince!,
              posts: row.posts,
              helpfulReceived: row.helpfulReceived ?? 0,
              earlier: { decided: row.earlierDecided, upheld: row.earlierUpheld },
              restriction: row.suspended ? "suspended" : row.silenced ? "silenced" : null,
            },
      reports: reportsOf.get(row.id) ?? [],
      notices: noticesOf.get(row.id) ?? [],
      objection:
        row.objection !== null && row.statementId !== null
          ? { text: row.objection, facts: row.objectionFacts ?? "", decidedBy: row.objectionDecidedBy, statementId: row.statementId }
          : null,
    };
  });
  return { items, total, currentPage, totalPages: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)) };
}

export interface MemberRestriction {
  role: Role;
  /** The restriction in force, if any (a suspension wins over a silence), with its end (null: until lifted). */
  current: { kind: "suspend" | "silence"; since: Date; until: Date | null; reason: string | null } | null;
}

/** What staff see of a member's suspension or silence on their profile; null for a member that does not exist. */
export async function restrictionOf(memberId: string): Promise<MemberRestriction | null> {
  const [row] = await db
    .select({
      role: userRoles.role,
      suspended: active(profiles.suspendedAt, profiles.suspendedUntil),
      suspendedAt: profiles.suspendedAt,
      suspendedUntil: profiles.suspendedUntil,
      silenced: active(profiles.silencedAt, profiles.silencedUntil),
      silencedAt: profiles.silencedAt,
      silencedUntil: profiles.silencedUntil,
      reason: profiles.restrictionReason,
    })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, memberId));
  if (!row) return null;
  const current =
    row.suspended && row.suspendedAt
      ? { kind: "suspend" as const, since: row.suspendedAt, until: row.suspendedUntil, reason: row.reason }
      : row.silenced && row.silencedAt
        ? { kind: "silence" as const, since: row.silencedAt, until: row.silencedUntil, reason: row.reason }
        : null;
  return { role: row.role ?? "member", current };
}
