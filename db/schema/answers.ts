import { index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";

/** "Hilfreich" marks (app/server/answers; the accepted solution is a column of discussions). */

/**
 * "Hilfreich": who found which post helpful. A post is a discussion (comment_id null) or one of its
 * comments; one mark per member and post (NULLS NOT DISTINCT makes the question's null one value). The counts on
 * the posts and the author's reputation move in the statement that adds or removes a mark
 * (app/server/answers/helpful.server.ts).
 */
export const helpfulMarks = pgTable(
  "helpful_marks",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    discussionId: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("helpful_marks_member_post_key").on(t.memberId, t.discussionId, t.commentId).nullsNotDistinct(),
    // Who marked a post, first ones first ("Hilfreich für Aylin, Jonas und 3 weitere").
    index("helpful_marks_post_idx").on(t.discussionId, t.commentId, t.createdAt),
    // The marks given since a member's last visit (the digest mail's "most helpful").
    index("helpful_marks_created_at_idx").on(t.createdAt),
  ],
);
