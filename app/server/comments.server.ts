import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { comments, discussions, profiles } from "../../db/schema";
import { paths } from "~/lib/paths";
import { db } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { sendMail } from "./mail.server";
import { replyNotificationMail } from "./mail-templates.server";
import type { AuthorSummary, WriteOutcome } from "./discussions.server";
import { recordAudit } from "./audit.server";
import { can, canEditComment, canSeeHidden } from "./permissions.server";
import { texts } from "~/lib/texts";
import type { Viewer } from "./session.server";

export interface CommentView {
  id: string;
  parentId: string | null;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  author: AuthorSummary | null;
  /** Set for staff only; the public never receives a hidden comment's text. */
  hidden: { at: Date; reason: string } | null;
  /**
   * A hidden comment that still has visible replies stays in the thread for
   * the public as an empty placeholder, so the replies keep their context.
   */
  placeholder: boolean;
}

/**
 * Comments of a discussion in the order they were written. Staff see hidden
 * comments marked as such; everyone else does not get them at all.
 */
export async function listComments(discussionId: string, options: { includeHidden: boolean }): Promise<CommentView[]> {
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      content: comments.content,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      hiddenAt: comments.hiddenAt,
      hiddenReason: comments.hiddenReason,
      authorId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(eq(comments.discussionId, discussionId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const parentsWithVisibleReplies = new Set(rows.filter((row) => row.parentId !== null && row.hiddenAt === null).map((row) => row.parentId));
  const views: CommentView[] = [];
  for (const row of rows) {
    const hidden = row.hiddenAt === null ? null : { at: row.hiddenAt, reason: row.hiddenReason ?? "" };
    if (hidden && !options.includeHidden) {
      if (!parentsWithVisibleReplies.has(row.id)) continue;
      views.push({ id: row.id, parentId: row.parentId, content: "", createdAt: row.createdAt, updatedAt: row.createdAt, author: null, hidden: null, placeholder: true });
      continue;
    }
    views.push({
      id: row.id,
      parentId: row.parentId,
      content: row.content,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      author:
        row.authorId === null
          ? null
          : { id: row.authorId, firstName: row.firstName ?? "", lastName: row.lastName ?? "", avatarUrl: row.avatarUrl },
      hidden,
      placeholder: false,
    });
  }
  return views;
}

/**
 * Writes a comment or a reply and counts it in the same transaction. Replies
 * to replies attach to the top-level comment of the thread (one visual level).
 * Comments are plain text; the page escapes them and links URLs.
 */
export async function createComment(
  viewer: Viewer | null,
  discussionId: string,
  input: { content: string; parentId?: string },
): Promise<WriteOutcome<{ id: string }>> {
  if (!viewer || !can(viewer, "comment")) return { ok: false, reason: "forbidden" };
  const outcome = await db.transaction(async (tx): Promise<WriteOutcome<{ id: string; parentAuthorId: string | null }>> => {
    let parentId: string | null = null;
    let parentAuthorId: string | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({ id: comments.id, parentId: comments.parentId, discussionId: comments.discussionId, authorId: comments.authorId, hiddenAt: comments.hiddenAt })
        .from(comments)
        .where(eq(comments.id, input.parentId));
      if (!parent || parent.discussionId !== discussionId || parent.hiddenAt !== null) return { ok: false, reason: "invalid", message: "Der Kommentar, auf den Sie antworten, existiert nicht mehr." };
      parentId = parent.parentId ?? parent.id;
      parentAuthorId = parent.authorId;
    }
    // Counting and the lock check are one statement: a lock that lands first stops this comment.
    const [counted] = await tx
      .update(discussions)
      .set({ repliesCount: sql`${discussions.repliesCount} + 1` })
      .where(and(eq(discussions.id, discussionId), isNull(discussions.lockedAt), isNull(discussions.hiddenAt)))
      .returning({ id: discussions.id });
    if (!counted) {
      const [target] = await tx.select({ lockedAt: discussions.lockedAt, hiddenAt: discussions.hiddenAt }).from(discussions).where(eq(discussions.id, discussionId));
      if (!target || target.hiddenAt) return { ok: false, reason: "not-found" };
      return { ok: false, reason: "invalid", message: texts.discussionLocked };
    }
    const [row] = await tx
      .insert(comments)
      .values({ discussionId, parentId, authorId: viewer.id, content: input.content })
      .returning({ id: comments.id });
    return { ok: true, value: { id: row!.id, parentAuthorId } };
  });
  if (!outcome.ok) return outcome;
  await notifyAboutReply(viewer, discussionId, outcome.value.id, outcome.value.parentAuthorId).catch((error: unknown) =>
    logger.error({ err: error, comment: outcome.value.id }, "reply notification failed"),
  );
  return { ok: true, value: { id: outcome.value.id } };
}

/**
 * Tells the discussion's author (and, for a reply, the answered comment's
 * author) about a new answer, once each, never the writer themself, and only
 * those who keep both e-mail toggles on.
 */
async function notifyAboutReply(actor: Viewer, discussionId: string, commentId: string, parentAuthorId: string | null) {
  const [discussion] = await db
    .select({ title: discussions.title, slug: discussions.slug, authorId: discussions.authorId })
    .from(discussions)
    .where(eq(discussions.id, discussionId));
  if (!discussion) return;
  const recipients = new Map<string, boolean>();
  if (parentAuthorId && parentAuthorId !== actor.id) recipients.set(parentAuthorId, true);
  if (discussion.authorId && discussion.authorId !== actor.id && !recipients.has(discussion.authorId)) recipients.set(discussion.authorId, false);
  if (recipients.size === 0) return;
  const people = await db
    .select({ id: profiles.id, email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(and(inArray(profiles.id, [...recipients.keys()]), eq(profiles.newsletterSubscribed, true), eq(profiles.notifyReplies, true)));
  const url = `${env.PUBLIC_URL}${paths.discussion(discussion.slug)}#comment-${commentId}`;
  for (const person of people) {
    await sendMail(
      replyNotificationMail({
        to: person.email,
        name: person.firstName,
        actorName: actor.firstName,
        discussionTitle: discussion.title,
        url,
        onComment: recipients.get(person.id) === true,
        profileUrl: `${env.PUBLIC_URL}${paths.profile(person.id)}`,
      }),
    );
  }
}

/**
 * The author (or staff) edits the text; the comment then shows '(bearbeitet)'.
 * Staff editing someone else's comment is written to the audit log.
 */
export async function updateComment(
  viewer: Viewer | null,
  discussionId: string,
  commentId: string,
  content: string,
): Promise<WriteOutcome<null>> {
  const [existing] = await db
    .select({ authorId: comments.authorId, discussionId: comments.discussionId, hiddenAt: comments.hiddenAt, content: comments.content })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!existing || existing.discussionId !== discussionId) return { ok: false, reason: "not-found" };
  if (!viewer || !canEditComment(viewer, existing)) return { ok: false, reason: "forbidden" };
  // A hidden comment is the moderation's business until it is restored.
  if (existing.hiddenAt !== null && !canSeeHidden(viewer)) return { ok: false, reason: "not-found" };
  await db.transaction(async (tx) => {
    await tx.update(comments).set({ content, updatedAt: new Date() }).where(eq(comments.id, commentId));
    if (existing.authorId !== viewer.id) {
      await recordAudit(tx, viewer, { action: "edit_comment", targetType: "comment", targetId: commentId, targetLabel: excerpt(existing.content) });
    }
  });
  return { ok: true, value: null };
}

export function excerpt(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}
