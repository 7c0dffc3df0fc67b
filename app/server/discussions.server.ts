import { createHmac, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, like, lt, or, sql } from "drizzle-orm";
import { comments, discussionCounts, discussions, discussionViews, events, profiles } from "../../db/schema";
import { categories, isCategory, subforums, type Category } from "~/lib/categories";
import type { CreateDiscussionInput, UpdateDiscussionInput } from "~/lib/schemas/discussion";
import { slugify } from "~/lib/slug";
import { db, queryRows, type Database, type Transaction } from "./db.server";
import { env } from "./env.server";
import { recordAudit } from "./audit.server";
import { discussionIndexNowPaths, queueIndexNow } from "./index-now.server";
import { notifyDiscussion } from "./notification-fanout.server";
import { can, canEditDiscussion } from "./permissions.server";
import { sanitizeRichText, textToHtml } from "./sanitize.server";
import type { Outcome } from "./outcome.server";
import type { Viewer } from "./session.server";

export const HOME_RECENT_LIMIT = 12;
export const SUBFORUM_HIGHLIGHT_LIMIT = 3;

export interface AuthorSummary {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

export interface DiscussionSummary {
  id: string;
  slug: string;
  title: string;
  category: Category;
  isPinned: boolean;
  repliesCount: number;
  viewsCount: number;
  createdAt: Date;
  updatedAt: Date;
  author: AuthorSummary | null;
}

export const summaryColumns = {
  id: discussions.id,
  slug: discussions.slug,
  title: discussions.title,
  category: discussions.category,
  isPinned: discussions.isPinned,
  repliesCount: discussions.repliesCount,
  viewsCount: discussions.viewsCount,
  createdAt: discussions.createdAt,
  updatedAt: discussions.updatedAt,
  authorId: profiles.id,
  authorFirstName: profiles.firstName,
  authorLastName: profiles.lastName,
  authorAvatarUrl: profiles.avatarUrl,
};

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

export function toSummary(row: SummaryRow): DiscussionSummary {
  // The check constraint guarantees the category; the guard keeps the type honest.
  const category = isCategory(row.category) ? row.category : categories[3];
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category,
    isPinned: row.isPinned,
    repliesCount: row.repliesCount,
    viewsCount: row.viewsCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author:
      row.authorId === null
        ? null
        : {
            id: row.authorId,
            firstName: row.authorFirstName ?? "",
            lastName: row.authorLastName ?? "",
            avatarUrl: row.authorAvatarUrl,
          },
  };
}

function selectSummaries() {
  return db.select(summaryColumns).from(discussions).leftJoin(profiles, eq(profiles.id, discussions.authorId));
}

/** Every public list shows only what the moderation has not hidden. */
export const isVisible = isNull(discussions.hiddenAt);

/** Newest discussions of all categories (home: 'Aktuelle Diskussionen'). */
export async function listRecentDiscussions(limit = HOME_RECENT_LIMIT): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries().where(isVisible).orderBy(desc(discussions.createdAt)).limit(limit);
  return rows.map(toSummary);
}

/** A member's newest discussions (profile page). */
export async function listDiscussionsByAuthor(authorId: string, limit = 5): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries().where(and(eq(discussions.authorId, authorId), isVisible)).orderBy(desc(discussions.createdAt)).limit(limit);
  return rows.map(toSummary);
}

/** Newest discussions of one category. */
export async function listLatestInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.category, category), isVisible))
    .orderBy(desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** Most replied-to discussions of one category; discussions without replies are not "active". */
export async function listMostActiveInCategory(category: Category, limit: number): Promise<DiscussionSummary[]> {
  const rows = await selectSummaries()
    .where(and(eq(discussions.category, category), gt(discussions.repliesCount, 0), isVisible))
    .orderBy(desc(discussions.repliesCount), desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

export interface SubforumHighlights {
  category: Category;
  latest: DiscussionSummary[];
  mostActive: DiscussionSummary[];
}

/** The three subforum cards of the home page: a fixed number of indexed queries. */
export async function listSubforumHighlights(): Promise<SubforumHighlights[]> {
  return Promise.all(
    subforums.map(async ({ category }) => {
      const [latest, mostActive] = await Promise.all([
        listLatestInCategory(category, SUBFORUM_HIGHLIGHT_LIMIT),
        listMostActiveInCategory(category, SUBFORUM_HIGHLIGHT_LIMIT),
      ]);
      return { category, latest, mostActive };
    }),
  );
}

// ---------------------------------------------------------------------------
// Subforum pages
// ---------------------------------------------------------------------------

export const SUBFORUM_PAGE_SIZE = 25;

export interface DiscussionPage {
  discussions: DiscussionSummary[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * One page of a category, pinned discussions first, then newest. The page's
 * ids come from an index-only scan of the visible-discussions index, and
 * pages in the back half are read from the end backwards, so no page skips
 * more than half of the index and none reads the rows it skips.
 */
export async function listSubforumPage(category: Category, page: number): Promise<DiscussionPage> {
  const inCategory = and(eq(discussions.category, category), isVisible);
  const [countRow] = await db.select({ value: discussionCounts.visibleCount }).from(discussionCounts).where(eq(discussionCounts.category, category));
  const totalCount = countRow?.value ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / SUBFORUM_PAGE_SIZE));
  const offset = (page - 1) * SUBFORUM_PAGE_SIZE;
  const pageSize = Math.min(SUBFORUM_PAGE_SIZE, totalCount - offset);
  const fromEnd = offset > totalCount / 2;
  const forward = [desc(discussions.isPinned), desc(discussions.createdAt), asc(discussions.id)];
  const backward = [asc(discussions.isPinned), asc(discussions.createdAt), desc(discussions.id)];
  const rows =
    pageSize <= 0
      ? []
      : await selectSummaries()
          .where(
            inArray(
              discussions.id,
              db
                .select({ id: discussions.id })
                .from(discussions)
                .where(inCategory)
                .orderBy(...(fromEnd ? backward : forward))
                .limit(pageSize)
                .offset(fromEnd ? totalCount - offset - pageSize : offset),
            ),
          )
          .orderBy(...forward);
  return {
    discussions: rows.map(toSummary),
    totalCount,
    totalPages,
    currentPage: page,
    hasNextPage: page < totalPages,
    hasPreviousPage: page > 1,
  };
}

// ---------------------------------------------------------------------------
// One discussion
// ---------------------------------------------------------------------------

export interface DiscussionDetail extends DiscussionSummary {
  content: string;
  authorId: string | null;
  assignedTo: string | null;
  lockedAt: Date | null;
  lockReason: string | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/** Hidden discussions too: the caller decides (canSeeHidden) whether the viewer may see one. */
export async function getDiscussionBySlug(slug: string): Promise<DiscussionDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: discussions.content,
      discussionAuthorId: discussions.authorId,
      assignedTo: discussions.assignedTo,
      lockedAt: discussions.lockedAt,
      lockReason: discussions.lockReason,
      hiddenAt: discussions.hiddenAt,
      hiddenReason: discussions.hiddenReason,
    })
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(eq(discussions.slug, slug));
  if (!row) return null;
  return {
    ...toSummary(row),
    content: row.content,
    authorId: row.discussionAuthorId,
    assignedTo: row.assignedTo,
    lockedAt: row.lockedAt,
    lockReason: row.lockReason,
    hiddenAt: row.hiddenAt,
    hiddenReason: row.hiddenReason,
  };
}

/** A visitor adds at most one view per discussion in this many minutes. */
export const VIEW_WINDOW_MINUTES = 30;

// Every app server must hash alike (AUTH_SECRET is required on a public host); a lone local process may make one up.
const visitorKeySecret = env.AUTH_SECRET ?? randomBytes(32).toString("hex");

/**
 * Who is viewing, as a keyed hash: members by id (any device), guests by
 * client IP and user agent. The table never holds an IP address, and without
 * the secret the hash cannot be traced back to one.
 */
export function visitorKey(visitor: { memberId: string } | { ip: string; userAgent: string }): string {
  const raw = "memberId" in visitor ? `member\n${visitor.memberId}` : `guest\n${visitor.ip}\n${visitor.userAgent}`;
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
      insert into ${discussionViews} (discussion_id, visitor, viewed_at)
      values (${discussionId}, ${visitor}, now())
      on conflict (discussion_id, visitor) do update set viewed_at = excluded.viewed_at
        where ${discussionViews.viewedAt} < now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})
      returning 1
    )
    update ${discussions} set views_count = views_count + 1
    where id = ${discussionId} and hidden_at is null and exists (select 1 from counted)`);
}

/** Marks older than the window decide nothing any more. */
export async function purgeViewMarks(): Promise<void> {
  await db.delete(discussionViews).where(lt(discussionViews.viewedAt, sql`now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})`));
}

/**
 * Title → readable slug, unique among all discussions ("titel", "titel-2", …).
 * The unique index decides, not the look-up: `on conflict do nothing` leaves
 * a taken slug alone without an error (so no savepoint is needed, and the
 * caller's transaction is never aborted) and the next free suffix is tried.
 * Parallel posts with one title each win one suffix in turn; the look-up only
 * skips the ones already known to be taken.
 */
export async function insertWithUniqueSlug(
  values: Omit<typeof discussions.$inferInsert, "slug">,
  executor: Database | Transaction = db,
): Promise<{ id: string; slug: string }> {
  const base = slugify(values.title);
  let next = 1;
  // Each round either inserts or learns of at least one more taken suffix; the bound only stops a runaway loop.
  for (let attempt = 0; attempt < 1000; attempt++) {
    const taken = new Set(
      (
        await executor
          .select({ slug: discussions.slug })
          .from(discussions)
          .where(or(eq(discussions.slug, base), like(discussions.slug, `${base}-%`)))
      ).map((row) => row.slug),
    );
    const candidate = (n: number) => (n === 1 ? base : `${base}-${n}`);
    while (taken.has(candidate(next))) next++;
    const [row] = await executor
      .insert(discussions)
      .values({ ...values, slug: candidate(next) })
      .onConflictDoNothing({ target: discussions.slug })
      .returning({ id: discussions.id, slug: discussions.slug });
    if (row) return row;
    next++;
  }
  throw new Error(`Kein freier Slug für "${base}" gefunden`);
}

function contentHtml(input: { content: string; contentFormat: "html" | "text" }): string {
  return sanitizeRichText(input.contentFormat === "html" ? input.content : textToHtml(input.content));
}

/** Permission → validated input → load → write (spec: create discussion). */
export async function createDiscussion(viewer: Viewer | null, input: CreateDiscussionInput): Promise<Outcome<{ slug: string }>> {
  if (!viewer || !can(viewer, "createDiscussion")) return { ok: false, reason: "forbidden" };
  let assignedTo: string | null = null;
  if (input.assignedTo) {
    const [member] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, input.assignedTo), eq(profiles.approvalStatus, "approved")));
    if (!member) return { ok: false, reason: "invalid", message: "Das ausgewählte Mitglied gibt es nicht." };
    assignedTo = member.id;
  }
  const row = await db.transaction(async (tx) => {
    const inserted = await insertWithUniqueSlug({ title: input.title, content: contentHtml(input), category: input.category, authorId: viewer.id, assignedTo }, tx);
    await queueIndexNow(tx, discussionIndexNowPaths(inserted.slug, [input.category]));
    await notifyDiscussion(tx, { discussionId: inserted.id, category: input.category, actorId: viewer.id });
    return inserted;
  });
  return { ok: true, value: { slug: row.slug } };
}

/**
 * The author (or staff) edits category, title and content; the slug stays as
 * it was. Staff editing someone else's discussion is written to the audit log.
 */
export async function updateDiscussion(
  viewer: Viewer | null,
  discussionId: string,
  input: UpdateDiscussionInput,
): Promise<Outcome<null>> {
  const [existing] = await db
    .select({ id: discussions.id, authorId: discussions.authorId, title: discussions.title, slug: discussions.slug, category: discussions.category, hiddenAt: discussions.hiddenAt })
    .from(discussions)
    .where(eq(discussions.id, discussionId));
  if (!existing) return { ok: false, reason: "not-found" };
  if (!viewer || !canEditDiscussion(viewer, existing)) return { ok: false, reason: "forbidden" };
  await db.transaction(async (tx) => {
    await tx
      .update(discussions)
      .set({ title: input.title, category: input.category, content: contentHtml(input), updatedAt: new Date() })
      .where(eq(discussions.id, discussionId));
    // A hidden discussion's edit changes nothing a search engine can see. A move changes both category pages.
    if (existing.hiddenAt === null) {
      const before = isCategory(existing.category) ? [existing.category] : [];
      await queueIndexNow(tx, discussionIndexNowPaths(existing.slug, [...before, input.category]));
    }
    if (existing.authorId !== viewer.id) {
      await recordAudit(tx, viewer, { action: "edit_discussion", targetType: "discussion", targetId: existing.id, targetLabel: existing.title });
    }
  });
  return { ok: true, value: null };
}

/** Approved members that a discussion can be assigned to ('first last (company)'). */
export async function listAssignableMembers() {
  return db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, company: profiles.company })
    .from(profiles)
    .where(eq(profiles.approvalStatus, "approved"))
    .orderBy(profiles.firstName, profiles.lastName);
}

// ---------------------------------------------------------------------------
// Community statistics (home)
// ---------------------------------------------------------------------------

export interface CommunityStats {
  totalDiscussions: number;
  totalMembers: number;
  totalEvents: number;
  discussionsByCategory: Record<Category, number>;
  weeklyStats: { newMembers: number; newDiscussions: number; newEvents: number; activeDiscussions: number };
}

export async function getCommunityStats(now = new Date()): Promise<CommunityStats> {
  const since = new Date(now.getTime() - 7 * 24 * 3_600_000).toISOString();
  const [totals] = await queryRows<Record<string, string | number>>(sql`
    select
      (select count(*) from ${profiles} where approval_status = 'approved') as total_members,
      (select count(*) from ${events}) as total_events,
      (select count(*) from ${profiles} where approval_status = 'approved' and created_at > ${since}::timestamptz) as new_members,
      (select count(*) from ${discussions} where hidden_at is null and created_at > ${since}::timestamptz) as new_discussions,
      (select count(*) from ${events} where created_at > ${since}::timestamptz) as new_events,
      -- The week's ids first, then one primary-key lookup each for the hidden check: as a scalar subquery it
      -- stays a lookup per id, where a join or EXISTS lets the planner hash every discussion of the forum.
      (select count(*) from (
        select id from ${discussions} where created_at > ${since}::timestamptz or updated_at > ${since}::timestamptz
        union
        select discussion_id from ${comments} where created_at > ${since}::timestamptz and hidden_at is null
      ) week where (select d.hidden_at is null from ${discussions} d where d.id = week.id)) as active_discussions`);
  const perCategory = await db.select({ category: discussionCounts.category, value: discussionCounts.visibleCount }).from(discussionCounts);
  const discussionsByCategory = Object.fromEntries(categories.map((c) => [c, 0])) as Record<Category, number>;
  for (const row of perCategory) if (isCategory(row.category)) discussionsByCategory[row.category] = row.value;
  const n = (key: string) => Number(totals?.[key] ?? 0);
  return {
    totalDiscussions: Object.values(discussionsByCategory).reduce((sum, value) => sum + value, 0),
    totalMembers: n("total_members"),
    totalEvents: n("total_events"),
    discussionsByCategory,
    weeklyStats: {
      newMembers: n("new_members"),
      newDiscussions: n("new_discussions"),
      newEvents: n("new_events"),
      activeDiscussions: n("active_discussions"),
    },
  };
}
