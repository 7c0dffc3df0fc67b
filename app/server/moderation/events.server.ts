import { defineEvents } from "~/server/platform";
import type { Category } from "~/lib/categories";
import type { PostRef } from "./reports.server";

/**
 * What a moderation write announces in its transaction (decision 0021). The
 * write states the facts; app/server/listeners/moderation.server.ts decides
 * who hears of them (the author, the reporters, the team) and what search
 * engines are told. The audit log entry is not an event: it is the staff
 * action's own record, written by the service itself.
 */
export const moderationEvents = defineEvents<{
  /**
   * Something was done to a post its author should hear of: pinned, locked, hidden (by staff, or by reports with
   * `actorId` null), or a held post approved.
   */
  "post.moderated": PostRef & {
    authorId: string;
    actorId: string | null;
    notice: "pinned" | "locked" | "hidden" | "auto-hidden" | "approved";
    /** Why, as the moderator or the reports gave it (empty when nobody said). */
    reason: string;
  };
  /** A discussion was hidden or restored: its page is gone (a 404) or back, and so is its line on the lists. */
  "discussion.visibility-changed": { slug: string; category: Category | null };
  /**
   * The review queue has a new item (a post's first report, a post held for review, a reported message with
   * `discussionId` null): the team hears of it.
   */
  "review.opened": { discussionId: string | null; actorId: string | null };
  /** A report was decided: each member who sent one hears whether the post stays or goes. */
  "report.decided": PostRef & { reporterIds: string[]; actorId: string; outcome: "kept" | "hidden" };
  /** A member was suspended or silenced by staff (`until` null: until lifted): they get the statement of reasons. */
  "member.restricted": { memberId: string; actorId: string; kind: "suspended" | "silenced"; until: Date | null; reason: string };
  /** An item of the queue about a post was decided: legal notices on it get their decision (decision 0048). */
  "review.decided": PostRef & { itemId: string; actorId: string; outcome: "kept" | "hidden" | "approved" };
}>("moderation", {
  "post.moderated": ["notifications", "legal"],
  "discussion.visibility-changed": ["seo", "search"],
  "review.opened": ["notifications"],
  "report.decided": ["notifications"],
  "review.decided": ["legal"],
  "member.restricted": ["legal"],
});
