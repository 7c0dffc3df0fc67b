import { and, eq, sql } from "drizzle-orm";
import { comments, discussions, messages, postImages } from "../../../db/schema";
import { canReadConversation, canSeeHidden, type Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import { readableConversation, readStoredFile, visible } from "~/server/platform";
import { keyOf } from "./post-images.server";

// Serving an image (decisions 0033, 0062): after the visibility of the post or message that shows it.

export interface ServedImage {
  /** Null when the client's copy is current (answer 304). */
  body: Buffer | null;
  etag: string;
  /**
   * Who may keep a copy: every cache for a visible post's (revalidated on every use, so hiding the post stops it at
   * once), the reader's browser for what staff or its uploader see, nobody for a direct message's (decision 0062).
   */
  cacheControl: "public, no-cache" | "private, no-cache" | "private, no-store";
}

/**
 * One stored width of an image, for whoever may see it: everyone when its post
 * is visible (a comment's discussion too), staff when the post is hidden, the
 * uploader (and staff) while no post uses it yet; a direct message's to the members who read its conversation
 * only, staff included in no way. Anyone else gets nothing: a hidden post's image does not exist for them, like
 * the post.
 */
export async function readPostImage(
  request: { viewer: () => Promise<Viewer | null>; ifNoneMatch: string | null },
  id: string,
  width: number,
): Promise<ServedImage | null> {
  const commentDiscussion = db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.id, comments.discussionId), visible.discussion()));
  const [row] = await db
    .select({
      ownerId: postImages.ownerId,
      widths: postImages.widths,
      messageId: postImages.messageId,
      inPost: sql<boolean>`${postImages.discussionId} is not null or ${postImages.commentId} is not null or ${postImages.messageId} is not null`,
      publicPost: sql<boolean>`exists (select 1 from ${discussions} where ${discussions.id} = ${postImages.discussionId} and ${visible.discussion()})
        or exists (select 1 from ${comments} where ${comments.id} = ${postImages.commentId} and ${visible.comment()} and exists (${commentDiscussion}))`,
    })
    .from(postImages)
    .where(eq(postImages.id, id));
  if (!row || !row.widths.includes(width)) return null;
  let cacheControl: ServedImage["cacheControl"] = "public, no-cache";
  if (row.messageId !== null) {
    if (!(await readsMessage(await request.viewer(), row.messageId))) return null;
    cacheControl = "private, no-store";
  } else if (!row.publicPost) {
    const viewer = await request.viewer();
    const uploader = !row.inPost && viewer !== null && viewer.id === row.ownerId;
    if (!uploader && !canSeeHidden(viewer)) return null;
    cacheControl = "private, no-cache";
  }
  const etag = `"${id}-${width}"`;
  if (request.ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return { body: null, etag, cacheControl };
  }
  const body = await readStoredFile(keyOf(id, width));
  return body ? { body, etag, cacheControl } : null;
}

/**
 * Whether the viewer reads this message, and so its images (decision 0062): a member who takes part in its
 * conversation (the one scope, readableConversation, and the guardian's canReadConversation), while the moderation
 * has not hidden it (then its participants see a placeholder, and its image is nobody's). Staff are no exception.
 */
async function readsMessage(viewer: Viewer | null, messageId: string): Promise<boolean> {
  if (!viewer) return false;
  const [shown] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, messageId), visible.message(), readableConversation(messages.conversationId, viewer.id)));
  return canReadConversation(viewer, shown ? { leftAt: null } : null);
}
