import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { comments, discussions, profiles, statementsOfReasons } from "../../../db/schema";
import { commentPermalink } from "~/lib/paths";
import { db, defineService, type Database, type Transaction } from "~/server/db";
import { discussionEvents } from "./events.server";
import { mentionNamesOf, mentionsIn, postWithNames } from "./mentions.server";
import type { ContentFormat } from "~/lib/rich-text";
import { COMMENT_MAX_LENGTH, commentTexts } from "~/lib/schemas/discussion";
import type { PostAuthor } from "./discussion-summaries.server";
import { fail, ok, isHeld, isHidden, isHiddenByReports, visible, type Outcome } from "~/server/platform";
import {
  can,
  canCommentOn,
  canEditComment,
  canSeeHidden,
  holdReasons,
  postingAuthor,
  type PostingMember,
  type Viewer,
} from "~/server/accounts";
import { postContent } from "~/lib/links";
import { heldValues } from "./held-posts.server";
import { texts } from "~/lib/texts";
import { changedNow } from "./discussion-detail.server";
import { discardDraft, keepRefusedPost } from "./drafts.server";
import { keepRevision } from "./revisions.server";
import { screenPost } from "~/server/watchlist";
import { attachPostImages } from "~/server/images";
import { postBody } from "./post-body.server";
import { htmlToText, postText } from "./sanitize.server";
import { COMMENT_THREADS_PER_PAGE, commentPageSql } from "./comment-pages.server";
import { guestHelpfulRead, helpfulColumns, helpfulView, type HelpfulReadOptions, type HelpfulView } from "./helpful-reads.server";

export interface CommentView {
  id: string;
  parentId: string | null;
  /**
   * As shown, with each mention carrying the member's current name: rich text sanitised again ("html"), or an
   * old comment's plain text with its mention tokens ("text"), which the page escapes and links (decision 0040).
   */
  content: string;
  contentFormat: ContentFormat;
  createdAt: Date;
  updatedAt: Date;
  author: PostAuthor | null;
  /** Set for staff only; the public never receives a hidden comment's text. */
  hidden: { at: Date; reason: string } | null;
  /**
   * A hidden comment that still has visible replies stays in the thread for
   * the public as an empty placeholder, so the replies keep their context.
   */
  placeholder: boolean;
  /** Reports hid it, the moderation has not decided: readers get a placeholder, its author reads and edits it. */
  hiddenByReports: boolean;
  helpful: HelpfulView;
  /** The discussion's accepted answer. */
  isSolution: boolean;
  /** Waits for a moderator's approval (decision 0035): shown to staff and to its author only, marked as waiting. */
  held: boolean;
  /**
   * The author's own hidden comment, as they read it (decision 0048): its statement of reasons, where they read why
   * and may object. Null for everyone else's view.
   */
  statementId: string | null;
}

export { COMMENT_THREADS_PER_PAGE };

export interface CommentPage {
  comments: CommentView[];
  totalPages: number;
  currentPage: number;
  /**
   * The authors of held or hidden comments this page leaves out (never sent to a browser): each of them reads the
   * page with their own comments in it (`heldOf`), marked as waiting or hidden; everyone else can be given this one.
   */
  withheldAuthorIds: string[];
}

/**
 * One page of a discussion's comments in the order they were written: its
 * threads, each with its replies. Staff see hidden comments marked as such;
 * the member `heldOf` sees their own held ones marked as waiting; everyone
 * else does not get them at all. A page past the end has no comments.
 */
export async function listCommentPage(
  discussionId: string,
  page: number,
  options: { includeHidden: boolean; heldOf?: string | null; helpfulRead?: HelpfulReadOptions },
): Promise<CommentPage> {
  const isThread = and(eq(comments.discussionId, discussionId), isNull(comments.parentId));
  const [counted] = await db.select({ value: count() }).from(comments).where(isThread);
  const totalPages = Math.max(1, Math.ceil((counted?.value ?? 0) / COMMENT_THREADS_PER_PAGE));
  if (page > totalPages) return { comments: [], totalPages, currentPage: page, withheldAuthorIds: [] };
  const pageThreads = db
    .select({ id: comments.id })
    .from(comments)
    .where(isThread)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENT_THREADS_PER_PAGE)
    .offset((page - 1) * COMMENT_THREADS_PER_PAGE);
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      content: comments.content,
      contentFormat: comments.contentFormat,
      mentionNames: mentionNamesOf(comments.content, "either"),
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      hiddenAt: comments.hiddenAt,
      hiddenReason: comments.hiddenReason,
      hiddenBy: comments.hiddenBy,
      heldAt: comments.heldAt,
      helpfulCount: comments.helpfulCount,
      ...helpfulColumns(
        { discussionId: comments.discussionId, commentId: comments.id, helpfulCount: comments.helpfulCount },
        options.helpfulRead ?? guestHelpfulRead,
      ),
      isSolution: sql<boolean>`${comments.id} = (select ${discussions.solutionCommentId} from ${discussions} where ${discussions.id} = ${discussionId})`,
      authorId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      expertise: profiles.expertise,
      experience: profiles.experience,
      // Only the author's own read asks for it: the shared page never names a statement.
      statementId: options.heldOf
        ? sql<
            string | null
          >`(select ${statementsOfReasons.id} from ${statementsOfReasons} where ${statementsOfReasons.commentId} = ${comments.id} and ${statementsOfReasons.memberId} = ${options.heldOf} order by ${statementsOfReasons.createdAt} desc limit 1)`
        : sql<string | null>`null`,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(and(eq(comments.discussionId, discussionId), or(inArray(comments.id, pageThreads), inArray(comments.parentId, pageThreads))))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const parentsWithVisibleReplies = new Set(rows.filter((row) => row.parentId !== null && !isHidden(row)).map((row) => row.parentId));
  const views: CommentView[] = [];
  const withheldAuthorIds = new Set<string>();
  for (const row of rows) {
    const held = isHeld(row);
    // The author reads their own held comment as written, marked as waiting, and their own hidden one marked as hidden
    // with its statement of reasons; staff see both hidden, with the reasons.
    const own = !options.includeHidden && row.authorId !== null && row.authorId === options.heldOf;
    const ownHeld = held && own;
    const ownHidden = !held && isHidden(row) && own;
    if (isHidden(row) && !own && !options.includeHidden && row.authorId !== null) withheldAuthorIds.add(row.authorId);
    const hidden = isHidden(row) && !ownHeld ? { at: row.hiddenAt!, reason: row.hiddenReason ?? "" } : null;
    const hiddenByReports = isHiddenByReports(row);
    if (hidden && !options.includeHidden && !ownHidden) {
      if (!hiddenByReports && !parentsWithVisibleReplies.has(row.id)) continue;
      views.push({
        id: row.id,
        parentId: row.parentId,
        content: "",
        contentFormat: "text",
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
        author: null,
        hidden: null,
        placeholder: true,
        hiddenByReports,
        helpful: helpfulView(row, true),
        isSolution: false,
        held: false,
        statementId: null,
      });
      continue;
    }
    views.push({
      id: row.id,
      parentId: row.parentId,
      content: postWithNames(row.content, row.contentFormat, row.mentionNames),
      contentFormat: row.contentFormat,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      author:
        row.authorId === null
          ? null
          : {
              id: row.authorId,
              firstName: row.firstName ?? "",
              lastName: row.lastName ?? "",
              avatarUrl: row.avatarUrl,
              expertise: row.expertise ?? "",
              experience: row.experience ?? "",
            },
      hidden,
      placeholder: false,
      hiddenByReports,
      helpful: helpfulView(row, isHidden(row)),
      isSolution: row.isSolution === true,
      held,
      statementId: ownHidden ? row.statementId : null,
    });
  }
  return { comments: views, totalPages, currentPage: page, withheldAuthorIds: [...withheldAuthorIds] };
}

/** The page of the discussion that shows this comment (its thread's page); 1 when it is gone. */
export async function commentPageOf(discussionId: string, commentId: string, executor: Database | Transaction = db): Promise<number> {
  const [row] = await executor
    .select({ page: commentPageSql(comments) })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)));
  return row?.page ?? 1;
}

/** Where a comment is to be found: its page of the discussion, scrolled to it. */
export async function commentHref(
  discussion: { id: string; slug: string },
  commentId: string,
  executor: Database | Transaction = db,
): Promise<string> {
  return commentPermalink(discussion.slug, await commentPageOf(discussion.id, commentId, executor), commentId);
}

/** What a comment form sent: `contentFormat` as the form says (decision 0040); without it, plain text as from the textarea. */
export type CommentCreation = {
  discussionId: string;
  content: string;
  contentFormat?: ContentFormat;
  parentId?: string;
  submissionKey?: string;
};
export type CommentEdit = { discussionId: string; commentId: string; content: string; contentFormat?: ContentFormat };

/**
 * A comment's stored body as the write makes it (decision 0040): rich text like a discussion's (postBody), with
 * watched words screened, and words a reader can read: not none (unless it shows an image), not more than
 * COMMENT_MAX_LENGTH.
 */
async function commentBody(
  tx: Transaction,
  input: { content: string; contentFormat?: ContentFormat },
  writer: { actorId: string; commentId?: string },
): Promise<Outcome<{ html: string; memberIds: string[]; imageIds: string[]; watched: string[] }>> {
  const body = await postBody({ content: input.content, contentFormat: input.contentFormat ?? "text" }, tx, {
    actorId: writer.actorId,
    ...(writer.commentId ? { post: { commentId: writer.commentId } } : {}),
  });
  if (!body.ok) return body;
  // Watched words and domains: refused with the reason, or with "replace" words replaced.
  const screened = await screenPost({ html: body.value.html }, tx);
  if (!screened.ok) return screened;
  const html = screened.value.html ?? body.value.html;
  const words = htmlToText(html).trim();
  if (words === "" && body.value.imageIds.length === 0) return fail("invalid", commentTexts.missing);
  if (words.length > COMMENT_MAX_LENGTH) return fail("invalid", commentTexts.tooLong);
  return ok({ ...body.value, html, watched: screened.value.holdReasons });
}

/**
 * Writes a comment or a reply, counts it and notifies those who want to know
 * in the same transaction (the notification mail worker mails them after the commit). Replies to
 * replies attach to the top-level comment of the thread (one visual level).
 * Comments are rich text (decision 0040), written like a discussion's body. A new member's comment that a posting rule
 * holds (holdReasons, decision 0035) is stored hidden, uncounted and unannounced until a moderator approves it.
 */
export const createComment = defineService<
  Viewer,
  CommentCreation,
  { lockedAt: Date | null; hiddenAt: Date | null },
  { id: string; held: boolean },
  PostingMember
>({
  policy: (viewer) => can(viewer, "comment"),
  // A new member's tighter posting limit (decision 0035), before the transaction: a refused comment costs none.
  prepare: (viewer) => postingAuthor(viewer, "comment"),
  submissionKey: (input) => input.submissionKey,
  // FOR UPDATE: a moderator's lock or hide that lands first stops this comment. A hidden discussion is gone, for staff too.
  load: async (tx, { discussionId }) =>
    (
      await tx
        .select({ lockedAt: discussions.lockedAt, hiddenAt: discussions.hiddenAt })
        .from(discussions)
        .where(and(eq(discussions.id, discussionId), visible.discussion()))
        .for("update")
    )[0] ?? null,
  authorize: (viewer, discussion) => canCommentOn(viewer, discussion) || fail("invalid", texts.discussionLocked),
  async change(tx, { actor, input: { discussionId, parentId, content, contentFormat }, prepared: author }) {
    const [parent] = parentId
      ? await tx
          .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
          .from(comments)
          .where(and(eq(comments.id, parentId), eq(comments.discussionId, discussionId), visible.comment()))
      : [];
    if (parentId && !parent) return fail("invalid", "Der Kommentar, auf den Sie antworten, existiert nicht mehr.");
    const body = await commentBody(tx, { content, contentFormat }, { actorId: actor.id });
    if (!body.ok) return body;
    const { html, memberIds, imageIds, watched } = body.value;
    const reasons = holdReasons(author, { ...postContent(html, "html"), watched });
    const held = reasons.length > 0;
    const [counted] = held
      ? []
      : await tx
          .update(discussions)
          .set({ repliesCount: sql`${discussions.repliesCount} + 1`, changedAt: changedNow })
          .where(eq(discussions.id, discussionId))
          .returning({ slug: discussions.slug });
    const [row] = await tx
      .insert(comments)
      .values({
        discussionId,
        parentId: parent ? (parent.parentId ?? parent.id) : null,
        authorId: actor.id,
        content: html,
        contentFormat: "html",
        ...(held ? heldValues(reasons) : {}),
      })
      .returning({ id: comments.id });
    await attachPostImages(tx, { commentId: row!.id }, imageIds);
    if (held) {
      await discussionEvents.emit(tx, "post.held", { discussionId, commentId: row!.id, authorId: actor.id, reasons });
      await discardDraft(tx, actor.id, discussionId);
      return ok({ id: row!.id, held });
    }
    await discussionEvents.emit(tx, "comment.created", {
      discussionId,
      slug: counted!.slug,
      commentId: row!.id,
      actor,
      parentAuthorId: parent?.authorId ?? null,
      mentionedIds: memberIds,
    });
    await discardDraft(tx, actor.id, discussionId);
    return ok({ id: row!.id, held });
  },
  // The text of a refused comment waits as the member's draft.
  refused: ({ actor, input: { discussionId, parentId, content, contentFormat }, failure }) =>
    keepRefusedPost(
      actor,
      { discussionId, parentId, content, contentFormat: contentFormat ?? "text", title: "", category: undefined },
      failure,
    ),
});

/**
 * The author (or staff) edits the text; the comment then shows '(bearbeitet)'.
 * Staff editing someone else's comment is written to the audit log (by the
 * listener of "comment.edited").
 */
export const updateComment = defineService<
  Viewer,
  CommentEdit,
  { authorId: string | null; content: string; contentFormat: ContentFormat } & Parameters<typeof isHiddenByReports>[0],
  { id: string }
>({
  // Whether the comment is theirs to edit depends on the comment: the authorize step asks.
  policy: () => true,
  load: async (tx, { discussionId, commentId }) =>
    (
      await tx
        .select({
          authorId: comments.authorId,
          hiddenAt: comments.hiddenAt,
          hiddenBy: comments.hiddenBy,
          heldAt: comments.heldAt,
          hiddenReason: comments.hiddenReason,
          content: comments.content,
          contentFormat: comments.contentFormat,
        })
        .from(comments)
        .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussionId)))
        .for("update")
    )[0] ?? null,
  // For anyone but staff a hidden comment does not exist.
  authorize: (viewer, comment) =>
    canEditComment(viewer, { ...comment, hiddenByReports: isHiddenByReports(comment) }) ||
    (isHidden(comment) && !canSeeHidden(viewer) && fail("not-found")),
  async change(tx, { actor, input: { discussionId, commentId, content, contentFormat }, loaded: existing }) {
    const body = await commentBody(tx, { content, contentFormat }, { actorId: actor.id, commentId });
    if (!body.ok) return body;
    const { html, memberIds, imageIds } = body.value;
    await attachPostImages(tx, { commentId }, imageIds);
    const replaced = { discussionId, commentId, title: null, ...existing };
    await keepRevision(tx, replaced, { title: null, content: html, contentFormat: "html" }, actor);
    // An old plain-text comment becomes rich text with its first edit (decision 0040).
    await tx.update(comments).set({ content: html, contentFormat: "html", updatedAt: new Date() }).where(eq(comments.id, commentId));
    await tx.update(discussions).set({ changedAt: changedNow }).where(eq(discussions.id, discussionId));
    // Only members the edit newly mentions hear of it.
    const before = new Set(mentionsIn(existing.content, existing.contentFormat));
    await discussionEvents.emit(tx, "comment.edited", {
      discussionId,
      comment: { id: commentId, authorId: existing.authorId, textBefore: postText(existing.content, existing.contentFormat) },
      actor,
      // A hidden comment's edit (its author's, while reports hold it back) tells nobody of a post they cannot read.
      newlyMentionedIds: isHidden(existing) ? [] : memberIds.filter((id) => !before.has(id)),
    });
    return ok({ id: commentId });
  },
});
