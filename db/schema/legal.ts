import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";
import { comments, discussions } from "./discussions";
import { reviewItems } from "./moderation";

/**
 * Notice and action under the Digital Services Act (app/server/legal, decision 0048): notices of illegal content
 * from anyone, the statements of reasons authors get, and their objections. Rows are the operator's records: a
 * post or member that goes later leaves the row (its references set null), the location and texts stay.
 */

export const noticeGroundValues = ["insult", "copyright", "trademark", "privacy", "competition", "fraud", "other"] as const;
export const noticeDecisionValues = ["removed", "kept"] as const;

/**
 * A notice of illegal content (Art. 16 DSA) from a guest or a member. It counts once its e-mail address is confirmed
 * (`confirmedAt`): then it joins the post's open review item. The notifier's name and address are erased a while
 * after the decision (`erasedAt`); the record of the notice stays.
 */
export const legalNotices = pgTable(
  "legal_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "set null" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "set null" }),
    /** The exact location as the notifier saw it (the post's permalink), kept when the post goes. */
    location: text("location").notNull(),
    ground: text("ground", { enum: noticeGroundValues }).notNull(),
    explanation: text("explanation").notNull(),
    notifierName: text("notifier_name"),
    notifierEmail: text("notifier_email"),
    /** A member who filed it signed in; null for a guest. */
    notifierId: text("notifier_id").references(() => profiles.id, { onDelete: "set null" }),
    /** SHA-256 of the confirmation link's token; null once confirmed. */
    tokenHash: text("token_hash"),
    reviewItemId: uuid("review_item_id").references(() => reviewItems.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decision: text("decision", { enum: noticeDecisionValues }),
    decisionReason: text("decision_reason"),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "legal_notices_ground_check",
      sql`${t.ground} in ('insult', 'copyright', 'trademark', 'privacy', 'competition', 'fraud', 'other')`,
    ),
    check("legal_notices_decision_check", sql`${t.decision} in ('removed', 'kept')`),
    uniqueIndex("legal_notices_token_key").on(t.tokenHash),
    index("legal_notices_item_idx").on(t.reviewItemId),
    index("legal_notices_created_idx").on(t.createdAt),
  ],
);

export const restrictionValues = ["hidden", "held", "suspended", "silenced"] as const;
export const objectionOutcomeValues = ["upheld", "rejected"] as const;

/**
 * A statement of reasons (Art. 17 DSA) to the author of a post that was hidden or held, or to a member who was
 * suspended or silenced (no post then): what, the facts, whether automated means decided, the ground (law or the
 * AGB), and the author's one objection with its outcome.
 */
export const statementsOfReasons = pgTable(
  "statements_of_reasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id").references(() => profiles.id, { onDelete: "set null" }),
    discussionId: uuid("discussion_id").references(() => discussions.id, { onDelete: "set null" }),
    commentId: uuid("comment_id").references(() => comments.id, { onDelete: "set null" }),
    restriction: text("restriction", { enum: restrictionValues }).notNull(),
    /** The post as it was (title or excerpt), kept for the record; empty for a restriction of the member. */
    postExcerpt: text("post_excerpt").notNull(),
    facts: text("facts").notNull(),
    /** True when the forum acted without a person (reports reaching the limit, a hold rule). */
    automated: boolean("automated").notNull(),
    /** "law" when a confirmed legal notice led to it, else the forum's rules. */
    ground: text("ground", { enum: ["law", "rules"] }).notNull(),
    groundDetail: text("ground_detail").notNull(),
    decidedBy: text("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    objection: text("objection"),
    objectedAt: timestamp("objected_at", { withTimezone: true }),
    objectionItemId: uuid("objection_item_id").references(() => reviewItems.id, { onDelete: "set null" }),
    objectionOutcome: text("objection_outcome", { enum: objectionOutcomeValues }),
    objectionDecidedBy: text("objection_decided_by").references(() => profiles.id, { onDelete: "set null" }),
    objectionDecidedAt: timestamp("objection_decided_at", { withTimezone: true }),
  },
  (t) => [
    check("statements_restriction_check", sql`${t.restriction} in ('hidden', 'held', 'suspended', 'silenced')`),
    check("statements_ground_check", sql`${t.ground} in ('law', 'rules')`),
    check("statements_objection_outcome_check", sql`${t.objectionOutcome} in ('upheld', 'rejected')`),
    index("statements_member_idx").on(t.memberId, t.createdAt.desc()),
    index("statements_created_idx").on(t.createdAt),
    uniqueIndex("statements_objection_item_key").on(t.objectionItemId),
  ],
);
