import { createHmac, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, discussionViews, profiles } from "../../../db/schema";
import { guestHelpfulRead, helpfulColumns, helpfulView, type HelpfulReadOptions, type HelpfulView } from "./helpful-reads.server";
import { db, excluded, unqualified, valueRead, type ValueRead } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import type { MentionNames } from "~/lib/mentions";
import { mentionNamesOf, postWithNames } from "./mentions.server";
import type { ContentFormat } from "~/lib/rich-text";
import { commentPageSql } from "./comment-pages.server";
import { env, hiddenFromPublic, isHidden, visible } from "~/server/platform";
import { summaryColumns, toSummary, type AuthorSummary, type DiscussionSummary, type PostAuthor } from "./discussion-summaries.server";

const sc = alias(comments, "sc");
const sp = alias(profiles, "sp");
/** The question's answers and their parents, counted beside the solution. */
const ac = alias(comments, "ac");
const ap = alias(comments, "ap");

// The discussion page: the discussion itself and its view counter.

export interface DiscussionDetail extends Omit<DiscussionSummary, "author"> {
  author: PostAuthor | null;
  /** As stored: shown through mentionNamesInRichText with `mentionNames`. */
  content: string;
  /** The current names of the members `content` mentions. */
  mentionNames: MentionNames;
  authorId: string | null;
  assignedTo: string | null;
  lockedAt: Date | null;
  lockReason: string | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The moderator who hid it; null when reports or the posting rules did (isHiddenByReports). */
  hiddenBy: string | null;
  /** Waits for a moderator's approval (decision 0035): its author and staff reach the page. */
  heldAt: Date | null;
  /** The page's last visible change (discussions.changedAt): what the sitemap, JSON-LD and meta tags give as modified. */
  changedAt: Date;
  /** "Hilfreich" for the question itself. */
  helpful: HelpfulView;
  /** The accepted answer, quoted under the question; null while the question is open. */
  solution: SolutionQuote | null;
}

export interface SolutionQuote {
  commentId: string;
  /** As the comment shows it, mentions with current names: rich text, or an old comment's plain text (decision 0040). */
  content: string;
  contentFormat: ContentFormat;
  createdAt: Date;
  author: AuthorSummary | null;
  helpfulCount: number;
  /** The page of the discussion that shows it in its thread: its permalink is that page with #comment-<id>. */
  page: number;
  /**
   * The question's answers over all its pages, for its QAPage (Google counts answers, not comments): the solution and
   * every visible comment that starts a thread (or answers a hidden one, and so stands alone on the page), except the
   * asker's own follow-ups. Replies are comments of the answer they reply to.
   */
  answerCount: number;
}

/**
 * The value a write that visibly changes a discussion's page gives `changed_at` (decision 0027): now, and
 * never earlier than it was. now() is the transaction's start, and one that began before another committed
 * must not move the date back.
 */
export const changedNow = sql`greatest(${discussions.changedAt}, now())`;

/**
 * Hidden discussions too: the caller decides (canSeeHidden) whether the viewer may see one. The question's marks
 * come in the same statement; the solution, where there is one, in a second small one. (In one statement the
 * planner took about 8 ms on PGlite for every view, solved or not, against 0.3 ms to run it.) Nothing in it
 * depends on the reader but the names staff see (`allNames`): the guests' read is shared by members too
 * (discussion-page.server.ts, decision record 0042).
 */
export async function getDiscussionBySlug(
  slug: string,
  helpfulRead: HelpfulReadOptions = guestHelpfulRead,
): Promise<DiscussionDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: discussions.content,
      mentionNames: mentionNamesOf(discussions.content, "html"),
      discussionAuthorId: discussions.authorId,
      assignedTo: discussions.assignedTo,
      lockedAt: discussions.lockedAt,
      lockReason: discussions.lockReason,
      hiddenAt: discussions.hiddenAt,
      hiddenReason: discussions.hiddenReason,
      hiddenBy: discussions.hiddenBy,
      heldAt: discussions.heldAt,
      changedAt: discussions.changedAt,
      authorExpertise: profiles.expertise,
      authorExperience: profiles.experience,
      helpfulCount: discussions.helpfulCount,
      ...helpfulColumns({ discussionId: discussions.id, commentId: null, helpfulCount: discussions.helpfulCount }, helpfulRead),
      solutionCommentId: discussions.solutionCommentId,
    })
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(eq(discussions.slug, slug));
  if (!row) return null;
  const summary = toSummary(row);
  return {
    ...summary,
    author: summary.author && { ...summary.author, expertise: row.authorExpertise ?? "", experience: row.authorExperience ?? "" },
    content: row.content,
    mentionNames: row.mentionNames,
    authorId: row.discussionAuthorId,
    assignedTo: row.assignedTo,
    lockedAt: row.lockedAt,
    lockReason: row.lockReason,
    hiddenAt: row.hiddenAt,
    hiddenReason: row.hiddenReason,
    hiddenBy: row.hiddenBy,
    heldAt: row.heldAt,
    changedAt: row.changedAt,
    helpful: helpfulView(row, isHidden(row)),
    solution: row.solutionCommentId === null ? null : await solutionQuote(row.solutionCommentId),
  };
}

/** The accepted answer as the question quotes it, with the page of the thread that shows it. */
async function solutionQuote(commentId: string): Promise<SolutionQuote | null> {
  const [row] = await db
    .select({
      content: sc.content,
      contentFormat: sc.contentFormat,
      mentionNames: mentionNamesOf(sc.content, "either"),
      createdAt: sc.createdAt,
      helpfulCount: sc.helpfulCount,
      page: commentPageSql(sc),
      answerCount:
        sql<number>`(select count(*) from ${comments} ${ac} where ${ac.discussionId} = ${sc.discussionId} and ${visible.comment(ac)}
        and (${ac.id} = ${sc.id} or (${ac.authorId} is distinct from (select ${discussions.authorId} from ${discussions} where ${discussions.id} = ${sc.discussionId})
          and (${ac.parentId} is null or exists (select 1 from ${comments} ${ap} where ${ap.id} = ${ac.parentId} and ${hiddenFromPublic.comment(ap)})))))`.mapWith(
          Number,
        ),
      authorId: sp.id,
      firstName: sp.firstName,
      lastName: sp.lastName,
      avatarUrl: sp.avatarUrl,
    })
    .from(sc)
    .leftJoin(sp, eq(sp.id, sc.authorId))
    // A hidden comment is never the solution (the moderation clears it); the condition keeps a slip from showing it.
    .where(and(eq(sc.id, commentId), visible.comment(sc)));
  if (!row) return null;
  return {
    commentId,
    content: postWithNames(row.content, row.contentFormat, row.mentionNames),
    contentFormat: row.contentFormat,
    createdAt: row.createdAt,
    helpfulCount: row.helpfulCount,
    page: row.page,
    answerCount: row.answerCount,
    author:
      row.authorId === null
        ? null
        : { id: row.authorId, firstName: row.firstName ?? "", lastName: row.lastName ?? "", avatarUrl: row.avatarUrl },
  };
}

/**
 * The view counter as it is now, as one of a member's page reads (readValuesTogether): a view changes no page
 * (migration 0010 leaves views_count out of its trigger), so the kept discussion's count may be a minute old,
 * and a member sees the current one, as before the discussion's shared part (decision 0042).
 */
export function viewsCountOf(discussionId: string): ValueRead<number> {
  return valueRead(sql`select ${discussions.viewsCount} from ${discussions} where ${eq(discussions.id, discussionId)}`, (raw) =>
    Number(raw ?? 0),
  );
}

/** A visitor adds at most one view per discussion in this many minutes. */
export const VIEW_WINDOW_MINUTES = 30;

// Every app server must hash alike (AUTH_SECRET is required on a public host); a lone local process may make one up.
const visitorKeySecret = env.AUTH_SECRET ?? randomBytes(32).toString("hex");

/**
 * Who is viewing, as a keyed hash: members by id (any device), guests by
 * client address alone. The User-Agent is the sender's to choose: with it in
 * the key, one address counted once per User-Agent it sent, so one client
 * could add a view with every request by changing it. Guests behind one
 * shared address count as one in the window, which errs on the side of
 * counting too few. The table never holds an IP address, and without the
 * secret the hash cannot be traced back to one.
 */
export function visitorKey(visitor: { memberId: string } | { ip: string }): string {
  const raw = "memberId" in visitor ? `member\n${visitor.memberId}` : `guest\n${visitor.ip}`;
  return createHmac("sha256", visitorKeySecret).update(raw).digest("base64url");
}

/**
 * Counts a view unless this visitor was counted for the discussion within the
 * window. One statement: the mark decides (its primary key serialises
 * parallel posts by one visitor) and the counter moves only when the mark was
 * new or old, so concurrent views neither lose nor add a count.
 */
export async function incrementViews(discussionId: string, visitor: string): Promise<void> {
  await db.execute(sql`
    with counted as (
      insert into ${discussionViews} (${unqualified(discussionViews.discussionId, discussionViews.visitor, discussionViews.viewedAt)})
      values (${discussionId}, ${visitor}, now())
      on conflict (${unqualified(discussionViews.discussionId, discussionViews.visitor)})
        do update set ${unqualified(discussionViews.viewedAt)} = ${excluded(discussionViews.viewedAt)}
        where ${discussionViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      returning 1
    )
    update ${discussions} set ${unqualified(discussions.viewsCount)} = ${discussions.viewsCount} + 1
    where ${discussions.id} = ${discussionId} and ${visible.discussion()} and exists (select 1 from counted)`);
}

/** Marks older than the window decide nothing any more. */
export async function purgeViewMarks(): Promise<void> {
  await db.delete(discussionViews).where(lt(discussionViews.viewedAt, sql`now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`));
}

defineSchedule("purge-view-marks", { everySeconds: 3_600, run: purgeViewMarks });
