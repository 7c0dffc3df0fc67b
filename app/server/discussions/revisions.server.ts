import { authorFirstName } from "~/lib/authors";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { diffWordsWithSpace } from "diff";
import { comments, postRevisions, profiles } from "../../../db/schema";
import type { ContentFormat } from "~/lib/rich-text";
import { db, type Transaction } from "~/server/db";
import { isHeld, isHidden } from "~/server/platform";
import { canRead, type Viewer } from "~/server/accounts";
import { postText, sanitizeRichText } from "./sanitize.server";

/**
 * Keeps the version an edit replaces, in the edit's transaction. The caller has locked the post's row
 * (FOR UPDATE) and passes the text it read under that lock: a parallel edit waits for this one to commit, then
 * reads the text written here and takes the next number. The number comes from one statement over the post's
 * own revisions; the unique key (post, number) would refuse a duplicate rather than let one through. Each version
 * keeps the format it was stored in: an old plain-text comment's first edit keeps its text as "text" (decision 0040).
 */
export async function keepRevision(
  tx: Transaction,
  post: {
    discussionId: string;
    commentId: string | null;
    authorId: string | null;
    title: string | null;
    content: string;
    contentFormat: ContentFormat;
  },
  after: { title: string | null; content: string; contentFormat: ContentFormat },
  editor: Viewer,
): Promise<number | null> {
  // Saved without a change: nothing was replaced, and an empty diff would only be noise on the revisions page. An old
  // comment saved as it was changes its format, not its words.
  const sameWords =
    post.contentFormat === after.contentFormat
      ? after.content === post.content
      : readable(after.content, after.contentFormat) === readable(post.content, post.contentFormat);
  if (after.title === post.title && sameWords) return null;
  const samePost = and(
    eq(postRevisions.discussionId, post.discussionId),
    post.commentId === null ? isNull(postRevisions.commentId) : eq(postRevisions.commentId, post.commentId),
  );
  const [row] = await tx
    .insert(postRevisions)
    .values({
      discussionId: post.discussionId,
      commentId: post.commentId,
      number: sql`(select coalesce(max(${postRevisions.number}), 0) + 1 from ${postRevisions} where ${samePost})`,
      title: post.title,
      content: post.content,
      contentFormat: post.contentFormat,
      editorId: editor.id,
      byModeration: post.authorId !== editor.id,
    })
    .returning({ number: postRevisions.number });
  return row!.number;
}

/** One edit of a post as the revisions page shows it: what it removed and added, word by word. */
export interface RevisionChange {
  /** The version this edit made (2 for the first edit). */
  number: number;
  editedAt: Date;
  editorName: string | null;
  byModeration: boolean;
  /** Null where this edit left the title as it was (and always for a comment). */
  title: DiffPart[] | null;
  content: DiffPart[];
}

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

export interface PostRevisions {
  /** `hidden` and `held` as the post is now: such a post's history reaches only staff and its author. */
  post: { kind: "discussion" | "comment"; id: string; hidden: boolean; held: boolean; authorName: string | null };
  /** Newest edit first. */
  changes: RevisionChange[];
}

/** A version's words as a reader sees them: sanitised like a post before it is shown, mentions as "@Name". */
function readable(content: string, format: ContentFormat): string {
  return postText(format === "html" ? sanitizeRichText(content) : content, format);
}

function diffParts(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? "added" : change.removed ? "removed" : "same",
    text: change.value,
  }));
}

/**
 * The edits of a discussion (commentId null) or of one of its comments, each as a word diff against the version
 * it replaced. Null when the post does not exist for this viewer, as its own page says (the guardian's canRead): a
 * held or hidden post for anyone but staff and its author, or a comment of another discussion.
 */
export async function listRevisions(
  viewer: Viewer | null,
  discussion: { id: string; title: string; content: string; authorId: string | null; hiddenAt: Date | null; heldAt: Date | null },
  commentId: string | null,
): Promise<PostRevisions | null> {
  if (!canRead(viewer, discussion)) return null;
  let current: {
    title: string | null;
    content: string;
    contentFormat: ContentFormat;
    hidden: boolean;
    held: boolean;
    authorId: string | null;
  };
  if (commentId === null) {
    const { title, content, authorId } = discussion;
    current = { title, content, contentFormat: "html", hidden: isHidden(discussion), held: isHeld(discussion), authorId };
  } else {
    const [comment] = await db
      .select({
        content: comments.content,
        contentFormat: comments.contentFormat,
        hiddenAt: comments.hiddenAt,
        heldAt: comments.heldAt,
        authorId: comments.authorId,
      })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussion.id)));
    if (!comment || !canRead(viewer, comment)) return null;
    current = {
      title: null,
      content: comment.content,
      contentFormat: comment.contentFormat,
      hidden: isHidden(comment),
      held: isHeld(comment),
      authorId: comment.authorId,
    };
  }
  const rows = await db
    .select({
      number: postRevisions.number,
      title: postRevisions.title,
      content: postRevisions.content,
      contentFormat: postRevisions.contentFormat,
      byModeration: postRevisions.byModeration,
      createdAt: postRevisions.createdAt,
      editorFirstName: profiles.firstName,
    })
    .from(postRevisions)
    .leftJoin(profiles, eq(profiles.id, postRevisions.editorId))
    .where(
      and(
        eq(postRevisions.discussionId, discussion.id),
        commentId === null ? isNull(postRevisions.commentId) : eq(postRevisions.commentId, commentId),
      ),
    )
    .orderBy(asc(postRevisions.number));
  const [author] = current.authorId
    ? await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, current.authorId))
    : [];
  const changes = rows.map((row, index): RevisionChange => {
    const next = rows[index + 1];
    const after = next
      ? { title: next.title, content: readable(next.content, next.contentFormat) }
      : { title: current.title, content: readable(current.content, current.contentFormat) };
    const titleChanged = row.title !== null && after.title !== null && row.title !== after.title;
    return {
      number: row.number + 1,
      editedAt: row.createdAt,
      // By first name, as the byline and the comments name members on the public page (decision 0042).
      editorName: row.editorFirstName === null ? null : authorFirstName({ firstName: row.editorFirstName, lastName: "" }),
      byModeration: row.byModeration,
      title: titleChanged ? diffParts(row.title!, after.title!) : null,
      content: diffParts(readable(row.content, row.contentFormat), after.content),
    };
  });
  return {
    post: {
      kind: commentId === null ? "discussion" : "comment",
      id: commentId ?? discussion.id,
      hidden: current.hidden,
      held: current.held,
      authorName: author?.firstName ?? null,
    },
    changes: changes.reverse(),
  };
}

/** How many earlier versions each post of a discussion keeps (the discussion under the key "discussion"). */
export async function revisionCounts(discussionId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ commentId: postRevisions.commentId, count: sql<number>`count(*)::int` })
    .from(postRevisions)
    .where(eq(postRevisions.discussionId, discussionId))
    .groupBy(postRevisions.commentId);
  return new Map(rows.map((row) => [row.commentId ?? "discussion", row.count]));
}
