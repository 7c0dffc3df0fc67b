import { defineEvents } from "~/server/platform";
import type { Category } from "~/lib/categories";
import type { HoldReason, Viewer } from "~/server/accounts";

/** Who wrote a new post: the member posting it, or its author when a moderator approves it later (decision 0035). */
type Author = Pick<Viewer, "id">;

/**
 * What a discussion or comment write announces in its transaction (decision
 * 0021). The write states the facts; the listeners in
 * app/server/listeners/discussions.server.ts decide what follows (who is notified,
 * which pages IndexNow hears of, whether staff edited someone else's text).
 */
export const discussionEvents = defineEvents<{
  "discussion.created": { discussionId: string; slug: string; category: Category; actor: Author; mentionedIds: string[] };
  "discussion.edited": {
    discussion: {
      id: string;
      slug: string;
      title: string;
      authorId: string | null;
      hidden: boolean;
      categoryBefore: string;
      category: Category;
      /** The title changed (`title` is the one before). */
      renamed: boolean;
    };
    actor: Viewer;
    newlyMentionedIds: string[];
  };
  "comment.created": {
    discussionId: string;
    slug: string;
    commentId: string;
    actor: Author;
    parentAuthorId: string | null;
    mentionedIds: string[];
  };
  /** A new post held for review instead of published: nothing of "created" follows until a moderator approves it. */
  "post.held": { discussionId: string; commentId: string | null; authorId: string; reasons: HoldReason[] };
  "comment.edited": {
    discussionId: string;
    comment: { id: string; authorId: string | null; /** The replaced version's words, without markup (postText). */ textBefore: string };
    actor: Viewer;
    newlyMentionedIds: string[];
  };
}>("discussions", {
  "discussion.created": ["seo", "notifications", "search"],
  "discussion.edited": ["notifications", "seo", "moderation", "search"],
  "comment.created": ["notifications", "seo"],
  "post.held": ["moderation", "legal"],
  "comment.edited": ["notifications", "moderation"],
});
