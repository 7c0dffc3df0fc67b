import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookmarks, comments, discussions, profiles } from "../../../db/schema";
import { isCategory, type Category } from "~/lib/categories";
import { commentPermalink, paths } from "~/lib/paths";
import { defineService, queryRows, readValue, type Transaction, valueRead, type ValueRead } from "~/server/db";
import { fail, hiddenFromPublic, ok, visible } from "~/server/platform";
import { can, canBookmark, type Viewer } from "~/server/accounts";
import { commentPageSql, postExcerpt } from "~/server/discussions";
import type { ContentFormat } from "~/lib/rich-text";
import { bookmarkReminder } from "./reminders.server";

/** A post: the discussion itself (commentId null) or one of its comments. */
export interface PostRef {
  discussionId: string;
  commentId: string | null;
}

export const bookmarkServiceTexts = {
  added: "Lesezeichen gesetzt",
  removed: "Lesezeichen entfernt",
  saved: "Lesezeichen gespeichert",
  reminderSet: (at: string) => `Lesezeichen gespeichert – wir erinnern Sie am ${at}.`,
  failed: "Lesezeichen nicht gespeichert",
  postGone: "Diesen Beitrag gibt es nicht mehr.",
} as const;

/** Bookmarks per page of /bookmarks, as many as the notifications list. */
export const BOOKMARKS_PER_PAGE = 25;

/** The post's visibility: a comment of a hidden discussion is as hidden as the discussion. */
async function loadPost(tx: Transaction, { discussionId, commentId }: PostRef): Promise<{ hiddenAt: Date | null } | null> {
  if (commentId === null) {
    const [row] = await tx.select({ hiddenAt: discussions.hiddenAt }).from(discussions).where(eq(discussions.id, discussionId));
    return row ?? null;
  }
  const [row] = await tx
    .select({ hiddenAt: sql<Date | null>`coalesce(${comments.hiddenAt}, ${discussions.hiddenAt})` })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)));
  return row ?? null;
}

function samePost(memberId: string, { discussionId, commentId }: PostRef): SQL {
  return and(
    eq(bookmarks.memberId, memberId),
    eq(bookmarks.discussionId, discussionId),
    sql`${bookmarks.commentId} is not distinct from ${commentId}::uuid`,
  )!;
}

/**
 * Keeps a post as a bookmark or lets it go. The form says which state it wants (as "Hilfreich" does), so a resent
 * form changes nothing. Letting go works on a post hidden since: the bookmark is the member's own.
 */
export const setBookmark = defineService<Viewer, PostRef & { bookmarked: boolean }, { hiddenAt: Date | null }, { bookmarked: boolean }>({
  policy: (viewer) => can(viewer, "bookmark"),
  load: loadPost,
  authorize: (viewer, post, { bookmarked }) => !bookmarked || canBookmark(viewer, post) || fail("not-found", bookmarkServiceTexts.postGone),
  async change(tx, { actor, input }) {
    if (input.bookmarked) {
      await tx
        .insert(bookmarks)
        .values({ memberId: actor.id, discussionId: input.discussionId, commentId: input.commentId })
        .onConflictDoNothing();
    } else {
      await tx.delete(bookmarks).where(samePost(actor.id, input));
    }
    return ok({ bookmarked: input.bookmarked });
  },
});

/**
 * The note and the reminder of a bookmark, which it makes if there is none yet. A new reminder time is a job of
 * the one job runner, due then (decision 0023); the job checks the bookmark when it runs, so a reminder moved or
 * taken back leaves its old job with nothing to do. The same time again keeps whether it went out. Without a note
 * (undefined, the reminder's choice right after "Merken"), the note stays as it is.
 */
export const saveBookmark = defineService<
  Viewer,
  PostRef & { note?: string | null; remindAt: Date | null },
  { hiddenAt: Date | null },
  { id: string; remindAt: Date | null }
>({
  policy: (viewer) => can(viewer, "bookmark"),
  load: loadPost,
  authorize: (viewer, post) => canBookmark(viewer, post) || fail("not-found", bookmarkServiceTexts.postGone),
  async change(tx, { actor, input }) {
    const [before] = await tx
      .select({ id: bookmarks.id, remindAt: bookmarks.remindAt })
      .from(bookmarks)
      .where(samePost(actor.id, input))
      .for("update");
    const sameTime = (before?.remindAt?.getTime() ?? null) === (input.remindAt?.getTime() ?? null);
    const values = {
      ...(input.note === undefined ? {} : { note: input.note }),
      remindAt: input.remindAt,
      ...(sameTime ? {} : { remindedAt: null }),
      updatedAt: new Date(),
    };
    const [saved] = before
      ? await tx.update(bookmarks).set(values).where(eq(bookmarks.id, before.id)).returning({ id: bookmarks.id })
      : await tx
          .insert(bookmarks)
          .values({ memberId: actor.id, discussionId: input.discussionId, commentId: input.commentId, ...values })
          .returning({ id: bookmarks.id });
    if (!saved) return fail("conflict");
    if (input.remindAt && !sameTime) await bookmarkReminder.enqueue(tx, { bookmarkId: saved.id }, { runAt: input.remindAt });
    return ok({ id: saved.id, remindAt: input.remindAt });
  },
});

/** What the discussion page shows on a bookmarked post: the note and the reminder still to come. */
export interface BookmarkOnPost {
  note: string | null;
  /** The reminder, while it has not gone out. */
  remindAt: Date | null;
}

/** Post ("discussion" for the question, else the comment's id) → the member's bookmark on it. */
export type BookmarksOnPage = Record<string, BookmarkOnPost>;

/** The member's bookmarks in one discussion: one look-up by the key's prefix, however many comments the page shows. */
export async function bookmarksInDiscussion(viewer: Viewer | null, discussionId: string): Promise<BookmarksOnPage | null> {
  const read = bookmarksHere(viewer, discussionId);
  return read && readValue(read);
}

/**
 * bookmarksInDiscussion as one of a page's small reads (readValues); null for those who keep no bookmarks (and
 * nothing to read).
 */
export function bookmarksHere(viewer: Viewer | null, discussionId: string): ValueRead<BookmarksOnPage> | null {
  if (!can(viewer, "bookmark")) return null;
  return valueRead(
    sql`select coalesce(json_object_agg(coalesce(${bookmarks.commentId}::text, 'discussion'),
        json_build_object('note', ${bookmarks.note}, 'remindAt', case when ${bookmarks.remindedAt} is null then ${bookmarks.remindAt} end)), '{}'::json)
      from ${bookmarks} where ${and(eq(bookmarks.memberId, viewer!.id), eq(bookmarks.discussionId, discussionId))}`,
    (raw) =>
      Object.fromEntries(
        Object.entries(raw as Record<string, { note: string | null; remindAt: string | null }>).map(([post, { note, remindAt }]) => [
          post,
          { note, remindAt: remindAt === null ? null : new Date(remindAt) },
        ]),
      ),
  );
}

export interface BookmarkView {
  id: string;
  discussionId: string;
  commentId: string | null;
  discussionTitle: string;
  category: Category | null;
  /** The post's first words. */
  excerpt: string;
  authorName: string | null;
  postedAt: Date;
  note: string | null;
  remindAt: Date | null;
  reminded: boolean;
  createdAt: Date;
  href: string;
  /** Staff only see these: the post is hidden from everyone else. */
  hidden: boolean;
}

interface BookmarkRow extends Record<string, unknown> {
  id: string;
  discussion_id: string;
  comment_id: string | null;
  note: string | null;
  remind_at: string | Date | null;
  reminded_at: string | Date | null;
  created_at: string | Date;
  title: string;
  slug: string;
  category: string;
  content: string;
  content_format: ContentFormat;
  author_first: string | null;
  author_last: string | null;
  posted_at: string | Date;
  page: number | null;
  hidden: boolean;
}

const b = alias(bookmarks, "b");
const d = alias(discussions, "d");
const c = alias(comments, "c");
const a = alias(profiles, "a");

/**
 * One page of the member's bookmarks, newest first, in two queries. A bookmark of a post hidden since is not
 * shown to members (the post does not exist for them); staff see it, marked.
 */
export async function listBookmarks(
  viewer: Viewer,
  page: number,
): Promise<{ bookmarks: BookmarkView[]; totalPages: number; total: number }> {
  const staff = can(viewer, "moderate");
  const shown = staff ? sql`true` : sql`${visible.discussion(d)} and (${b.commentId} is null or ${visible.comment(c)})`;
  const from = sql`from ${bookmarks} ${b}
    join ${discussions} ${d} on ${d.id} = ${b.discussionId}
    left join ${comments} ${c} on ${c.id} = ${b.commentId}
    where ${b.memberId} = ${viewer.id} and ${shown}`;
  const [counted] = await queryRows<{ value: number | string }>(sql`select count(*) as value ${from}`);
  const total = Number(counted?.value ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / BOOKMARKS_PER_PAGE));
  if (page > totalPages) return { bookmarks: [], totalPages, total };
  const rows = await queryRows<BookmarkRow>(sql`
    select ${b.id}, ${b.discussionId}, ${b.commentId}, ${b.note}, ${b.remindAt}, ${b.remindedAt}, ${b.createdAt},
      ${d.title}, ${d.slug}, ${d.category}, coalesce(${c.content}, ${d.content}) as content,
      coalesce(${c.contentFormat}, 'html') as content_format,
      ${a.firstName} as author_first, ${a.lastName} as author_last, coalesce(${c.createdAt}, ${d.createdAt}) as posted_at,
      case when ${c.id} is null then null else ${commentPageSql(c)} end as page,
      (${hiddenFromPublic.discussion(d)} or (${c.id} is not null and ${hiddenFromPublic.comment(c)})) as hidden
    from ${bookmarks} ${b}
    join ${discussions} ${d} on ${d.id} = ${b.discussionId}
    left join ${comments} ${c} on ${c.id} = ${b.commentId}
    left join ${profiles} ${a} on ${a.id} = case when ${b.commentId} is null then ${d.authorId} else ${c.authorId} end
    where ${b.memberId} = ${viewer.id} and ${shown}
    order by ${b.createdAt} desc, ${b.id} desc
    limit ${BOOKMARKS_PER_PAGE} offset ${(page - 1) * BOOKMARKS_PER_PAGE}`);
  return {
    total,
    totalPages,
    bookmarks: rows.map((row) => ({
      id: row.id,
      discussionId: row.discussion_id,
      commentId: row.comment_id,
      discussionTitle: row.title,
      category: isCategory(row.category) ? row.category : null,
      excerpt: postExcerpt(row.content, row.content_format, 200),
      authorName: row.author_first === null ? null : `${row.author_first} ${row.author_last ?? ""}`.trim(),
      postedAt: new Date(row.posted_at),
      note: row.note,
      remindAt: row.remind_at === null ? null : new Date(row.remind_at),
      reminded: row.reminded_at !== null,
      createdAt: new Date(row.created_at),
      href: row.comment_id === null ? paths.discussion(row.slug) : commentPermalink(row.slug, Number(row.page ?? 1), row.comment_id),
      hidden: Boolean(row.hidden),
    })),
  };
}
