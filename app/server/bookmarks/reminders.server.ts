import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { bookmarks } from "../../../db/schema";
import { db } from "~/server/db";
import { defineJob } from "~/server/jobs";
import { notifyBookmarkReminder } from "~/server/notifications";

/**
 * Sends a bookmark's reminder if it is due and has not gone out: the bookmark is read when the job runs, not
 * when it was queued, so a reminder moved later, taken back or deleted with its bookmark makes its old job a
 * no-op. Claiming (reminded_at) and the notification commit together. Returns whether a notification was written.
 */
export async function sendDueReminder(bookmarkId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .update(bookmarks)
      .set({ remindedAt: sql`now()` })
      .where(and(eq(bookmarks.id, bookmarkId), isNull(bookmarks.remindedAt), lte(bookmarks.remindAt, sql`now()`)))
      .returning({
        memberId: bookmarks.memberId,
        discussionId: bookmarks.discussionId,
        commentId: bookmarks.commentId,
        note: bookmarks.note,
      });
    if (!due) return false;
    return notifyBookmarkReminder(tx, { recipientId: due.memberId, bookmarkId, ...due });
  });
}

/** One job per reminder time, due at that time (saveBookmark queues it in its transaction). */
export const bookmarkReminder = defineJob<{ bookmarkId: string }>("bookmark-reminder", {
  async run({ bookmarkId }) {
    await sendDueReminder(bookmarkId);
  },
});
