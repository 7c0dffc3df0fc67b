import { defineEvents } from "~/server/platform";
import type { Category } from "~/lib/categories";
import type { Viewer } from "~/server/accounts";

/**
 * What a discussion or comment write announces in its transaction (decision
 * 0021). The write states the facts; the listeners in
 * app/server/listeners.server.ts decide what follows (who is notified,
 * which pages IndexNow hears of, whether staff edited someone else's text).
 */
export const discussionEvents = defineEvents<{
  "discussion.created": { discussionId: string; slug: string; category: Category; actor: Viewer; mentionedIds: string[] };
  "discussion.edited": {
    discussion: {
      id: string;
      slug: string;
      title: string;
      authorId: string | null;
      hidden: boolean;
      categoryBefore: string;
      category: Category;
    };
    actor: Viewer;
    newlyMentionedIds: string[];
  };
  "comment.created": { discussionId: string; commentId: string; actor: Viewer; parentAuthorId: string | null; mentionedIds: string[] };
  "comment.edited": {
    discussionId: string;
    comment: { id: string; authorId: string | null; contentBefore: string };
    actor: Viewer;
    newlyMentionedIds: string[];
  };
}>("discussions", {
  "discussion.created": ["seo", "notifications"],
  "discussion.edited": ["notifications", "seo", "moderation"],
  "comment.created": ["notifications"],
  "comment.edited": ["notifications", "moderation"],
});
