import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import { comments, discussions, legalNotices, profiles, reviewItems, statementsOfReasons, user } from "../../../db/schema";
import {
  noticeGroundLabels,
  objectionTexts,
  OBJECTION_WINDOW_DAYS,
  objectionOutcomeLabels,
  type ObjectionOutcome,
  type RestrictionKind,
  restrictionLabels,
  rulesSection,
} from "~/lib/legal";
import { paths } from "~/lib/paths";
import { db, defineService, type Transaction } from "~/server/db";
import { env, excerpt, fail, ok } from "~/server/platform";
import { can, canDecideObjection, canObject, type Viewer } from "~/server/accounts";
import { postText } from "~/server/discussions";
import { legalMails, queueMail } from "~/server/mail";
import { moderationEvents, recordAudit, restorePost, type PostRef } from "~/server/moderation";
import { legalEvents } from "./events.server";

/**
 * Statements of reasons (Art. 17 DSA, decision 0048): every post hidden by the moderation or by reports gets one,
 * written in the hiding transaction by legal's listener of "post.moderated", shown to its author at /statement/<id>
 * and sent by mail. The author may object once within six months (Art. 20); a different member of the team decides.
 */

/**
 * What was restricted, for its statement: a post hidden (by a moderator, `actorId`, or by reports, null) or held by
 * the posting rules, or the member suspended or silenced (no post).
 */
export type Restricted =
  | (PostRef & { restriction: "hidden"; authorId: string; actorId: string | null; reason: string })
  | (PostRef & { restriction: "held"; authorId: string; reasons: string[] })
  | { restriction: "suspended" | "silenced"; memberId: string; actorId: string; reason: string; until: Date | null };

type Statement = Pick<typeof statementsOfReasons.$inferInsert, "facts" | "automated" | "ground" | "groundDetail" | "decidedBy">;

const untilText = (until: Date | null) =>
  until ? `bis ${until.toLocaleDateString("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" })}` : "bis auf Weiteres";

/** The confirmed legal notices on the post's open review item: the law is then the ground. */
async function noticeGrounds(tx: Transaction, post: PostRef): Promise<string> {
  const notices = await tx
    .selectDistinct({ ground: legalNotices.ground })
    .from(legalNotices)
    .innerJoin(reviewItems, and(eq(reviewItems.id, legalNotices.reviewItemId), eq(reviewItems.status, "open")))
    .where(
      and(
        eq(legalNotices.discussionId, post.discussionId),
        post.commentId ? eq(legalNotices.commentId, post.commentId) : isNull(legalNotices.commentId),
        isNotNull(legalNotices.confirmedAt),
      ),
    );
  return notices.map((notice) => noticeGroundLabels[notice.ground]).join(", ");
}

/** The facts, the ground and who decided, as the statement says them for each kind of restriction. */
async function statementOf(tx: Transaction, restricted: Restricted): Promise<Statement> {
  if (restricted.restriction === "held")
    return {
      facts: `Ihr Beitrag wurde vor der Veröffentlichung automatisch zurückgehalten (${restricted.reasons.join("; ")}). Ein Mitglied des Moderationsteams prüft ihn und gibt ihn frei oder lehnt ihn ab.`,
      automated: true,
      ground: "rules",
      groundDetail: `${rulesSection.label}; Regeln für Links neuer Mitglieder und beobachtete Begriffe`,
      decidedBy: null,
    };
  const why = restricted.reason.trim();
  if (restricted.restriction !== "hidden")
    return {
      facts: `Ein Mitglied des Moderationsteams hat Ihr Konto ${untilText(restricted.until)} ${restricted.restriction === "suspended" ? "gesperrt" : "stummgeschaltet"}.${why ? ` Angegebener Grund: ${why}.` : ""}`,
      automated: false,
      ground: "rules",
      groundDetail: rulesSection.label,
      decidedBy: restricted.actorId,
    };
  const grounds = await noticeGrounds(tx, restricted);
  const facts =
    restricted.actorId === null
      ? `Mehrere Mitglieder haben den Beitrag gemeldet${why ? ` (${why})` : ""}. Er wurde deshalb automatisch ausgeblendet, bis das Moderationsteam entscheidet.`
      : grounds
        ? `Der Beitrag wurde uns als rechtswidrig gemeldet (${grounds}). Ein Mitglied des Moderationsteams hat die Meldung geprüft und den Beitrag ausgeblendet.`
        : `Ein Mitglied des Moderationsteams hat den Beitrag geprüft und ausgeblendet.${why ? ` Angegebener Grund: ${why}.` : ""}`;
  return {
    facts,
    automated: restricted.actorId === null,
    ground: grounds ? "law" : "rules",
    groundDetail: grounds
      ? `Als rechtswidrig gemeldet (${grounds}); zugleich ein Verstoß gegen ${rulesSection.label}.`
      : rulesSection.label,
    decidedBy: restricted.actorId,
  };
}

/** The post's title or text as it was, for the record. */
async function excerptOf(tx: Transaction, post: PostRef): Promise<string> {
  const [row] = post.commentId
    ? await tx.select({ text: comments.content, format: comments.contentFormat }).from(comments).where(eq(comments.id, post.commentId))
    : await tx.select({ text: discussions.title }).from(discussions).where(eq(discussions.id, post.discussionId));
  return excerpt(row ? postText(row.text, "format" in row && row.format === "html" ? "html" : "text") : "", 300);
}

/**
 * Writes the statement of reasons and mails it to the member. The ground is the law when confirmed legal notices on
 * the post's open item led to it, else the forum's rules (AGB § 3). A suspended member cannot sign in to read it:
 * their mail carries it whole and says how to object without signing in.
 */
export async function recordStatement(tx: Transaction, restricted: Restricted): Promise<void> {
  const memberId = "memberId" in restricted ? restricted.memberId : restricted.authorId;
  const post = "discussionId" in restricted ? { discussionId: restricted.discussionId, commentId: restricted.commentId } : null;
  const statement = await statementOf(tx, restricted);
  const [row] = await tx
    .insert(statementsOfReasons)
    .values({
      memberId,
      discussionId: post?.discussionId ?? null,
      commentId: post?.commentId ?? null,
      restriction: restricted.restriction,
      postExcerpt: post ? await excerptOf(tx, post) : "",
      ...statement,
    })
    .returning({ id: statementsOfReasons.id });
  const member = await addresseeOf(tx, memberId);
  if (member)
    await queueMail(
      legalMails.statementOfReasons(member.email, member.firstName, {
        restriction: restrictionLabels[restricted.restriction],
        facts: statement.facts,
        ground: statement.groundDetail,
        url: `${env.PUBLIC_URL}${paths.statement(row!.id)}`,
        reference: statementReference(row!.id),
        signedOut: restricted.restriction === "suspended",
      }),
      tx,
    );
}

/** A statement's short reference, for an objection sent by mail. */
export function statementReference(id: string): string {
  return `B-${id.slice(0, 8).toUpperCase()}`;
}

export interface StatementView {
  id: string;
  memberId: string | null;
  restriction: RestrictionKind;
  postExcerpt: string;
  facts: string;
  automated: boolean;
  ground: "law" | "rules";
  groundDetail: string;
  decidedBy: string | null;
  createdAt: Date;
  objection: string | null;
  objectedAt: Date | null;
  objectionOutcome: ObjectionOutcome | null;
  objectionDecidedAt: Date | null;
  /** The post's page while it still exists. */
  discussionSlug: string | null;
  /** Until when an objection may be sent. */
  objectionDeadline: Date;
}

const statementColumns = {
  id: statementsOfReasons.id,
  memberId: statementsOfReasons.memberId,
  restriction: statementsOfReasons.restriction,
  postExcerpt: statementsOfReasons.postExcerpt,
  facts: statementsOfReasons.facts,
  automated: statementsOfReasons.automated,
  ground: statementsOfReasons.ground,
  groundDetail: statementsOfReasons.groundDetail,
  decidedBy: statementsOfReasons.decidedBy,
  createdAt: statementsOfReasons.createdAt,
  objection: statementsOfReasons.objection,
  objectedAt: statementsOfReasons.objectedAt,
  objectionOutcome: statementsOfReasons.objectionOutcome,
  objectionDecidedAt: statementsOfReasons.objectionDecidedAt,
  discussionSlug: discussions.slug,
};

/** Where a statement's or an objection's mail goes: the member's sign-in address and first name. */
async function addresseeOf(tx: Transaction, memberId: string) {
  const [member] = await tx
    .select({ email: user.email, firstName: profiles.firstName })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, memberId));
  return member;
}

const deadlineOf = (createdAt: Date) => new Date(createdAt.getTime() + OBJECTION_WINDOW_DAYS * 86_400_000);

/** One statement as its page shows it; the route asks the guardian who may read it. */
export async function findStatement(id: string): Promise<StatementView | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db
    .select(statementColumns)
    .from(statementsOfReasons)
    .leftJoin(discussions, eq(discussions.id, statementsOfReasons.discussionId))
    .where(eq(statementsOfReasons.id, id));
  return row ? { ...row, objectionDeadline: deadlineOf(row.createdAt) } : null;
}

/** A member's statements, newest first (their profile's list and their data export). */
export async function statementsOf(memberId: string): Promise<StatementView[]> {
  const rows = await db
    .select(statementColumns)
    .from(statementsOfReasons)
    .leftJoin(discussions, eq(discussions.id, statementsOfReasons.discussionId))
    .where(eq(statementsOfReasons.memberId, memberId))
    .orderBy(desc(statementsOfReasons.createdAt));
  return rows.map((row) => ({ ...row, objectionDeadline: deadlineOf(row.createdAt) }));
}

/** The newest statement on the member's own discussion (not one of its comments): its page links there while hidden. */
export async function discussionStatementOf(memberId: string, discussionId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: statementsOfReasons.id })
    .from(statementsOfReasons)
    .where(
      and(
        eq(statementsOfReasons.memberId, memberId),
        eq(statementsOfReasons.discussionId, discussionId),
        isNull(statementsOfReasons.commentId),
      ),
    )
    .orderBy(desc(statementsOfReasons.createdAt))
    .limit(1);
  return row?.id ?? null;
}

type StatementRow = {
  id: string;
  memberId: string | null;
  objectedAt: Date | null;
  createdAt: Date;
  discussionId: string | null;
  commentId: string | null;
};

/** The author objects: the objection waits in the review queue as an item of its own, and the team hears of it. */
export const objectToStatement = defineService<Viewer, { statementId: string; objection: string }, StatementRow>({
  policy: (viewer) => viewer !== null,
  load: async (tx, { statementId }) =>
    (
      await tx
        .select({
          id: statementsOfReasons.id,
          memberId: statementsOfReasons.memberId,
          objectedAt: statementsOfReasons.objectedAt,
          createdAt: statementsOfReasons.createdAt,
          discussionId: statementsOfReasons.discussionId,
          commentId: statementsOfReasons.commentId,
        })
        .from(statementsOfReasons)
        .where(eq(statementsOfReasons.id, statementId))
        .for("update")
    )[0] ?? null,
  authorize: (viewer, statement) =>
    statement.memberId !== viewer.id
      ? fail("not-found")
      : !canObject(viewer, statement)
        ? fail("conflict", objectionTexts.already)
        : deadlineOf(statement.createdAt).getTime() > Date.now() || fail("invalid", objectionTexts.late),
  async change(tx, { actor, input, loaded: statement }) {
    const [item] = await tx
      .insert(reviewItems)
      .values({ kind: "objection", discussionId: statement.discussionId, commentId: statement.commentId, memberId: actor.id })
      .returning({ id: reviewItems.id });
    await tx
      .update(statementsOfReasons)
      .set({ objection: input.objection.trim(), objectedAt: new Date(), objectionItemId: item!.id })
      .where(eq(statementsOfReasons.id, statement.id));
    if (statement.discussionId)
      await moderationEvents.emit(tx, "review.opened", { discussionId: statement.discussionId, actorId: actor.id });
    return ok(null);
  },
});

export const objectionDecisions = ["uphold-objection", "reject-objection"] as const;
export type ObjectionDecision = (typeof objectionDecisions)[number];

type ObjectionItem = { itemId: string; status: string; statementId: string; decidedBy: string | null; memberId: string | null } & PostRef;

/**
 * A member of the team decides an objection: uphold it (the post comes back) or reject it (the decision stands).
 * Never the one who decided in the first place (403). The author hears the outcome (legal's "objection.decided").
 */
export const decideObjection = defineService<Viewer, { itemId: string; decision: ObjectionDecision }, ObjectionItem>({
  policy: (viewer) => can(viewer, "review"),
  async load(tx, { itemId }) {
    const [row] = await tx
      .select({
        itemId: reviewItems.id,
        status: reviewItems.status,
        statementId: statementsOfReasons.id,
        decidedBy: statementsOfReasons.decidedBy,
        memberId: statementsOfReasons.memberId,
        discussionId: statementsOfReasons.discussionId,
        commentId: statementsOfReasons.commentId,
      })
      .from(reviewItems)
      .innerJoin(statementsOfReasons, eq(statementsOfReasons.objectionItemId, reviewItems.id))
      .where(and(eq(reviewItems.id, itemId), eq(reviewItems.kind, "objection")))
      .for("update", { of: reviewItems });
    return row ? { ...row, discussionId: row.discussionId ?? "" } : null;
  },
  authorize: (viewer, item) =>
    item.status !== "open"
      ? fail("conflict", "Dieser Eintrag wurde bereits entschieden.")
      : canDecideObjection(viewer, item) ||
        fail("forbidden", item.memberId === viewer.id ? objectionTexts.ownObjection : objectionTexts.sameDecider),
  async change(tx, { actor, input: { decision }, loaded: item }) {
    const upheld = decision === "uphold-objection";
    if (upheld && item.discussionId)
      await restorePost(tx, { discussionId: item.discussionId, commentId: item.commentId }, { actor, reason: "" });
    const outcome: ObjectionOutcome = upheld ? "upheld" : "rejected";
    await tx
      .update(statementsOfReasons)
      .set({ objectionOutcome: outcome, objectionDecidedBy: actor.id, objectionDecidedAt: new Date() })
      .where(eq(statementsOfReasons.id, item.statementId));
    await tx
      .update(reviewItems)
      .set({ status: upheld ? "kept" : "hidden", decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(reviewItems.id, item.itemId));
    await recordAudit(tx, actor, {
      action: upheld ? "review-keep" : "review-hide",
      targetType: item.commentId ? "comment" : "discussion",
      targetId: item.commentId ?? item.discussionId,
      targetLabel: "Widerspruch",
      details: objectionOutcomeLabels[outcome],
    });
    if (item.memberId) await legalEvents.emit(tx, "objection.decided", { statementId: item.statementId, memberId: item.memberId, outcome });
    return ok(null);
  },
});

/** The author hears how their objection ended (legal's listener of "objection.decided"). */
export async function tellObjectionOutcome(
  tx: Transaction,
  statementId: string,
  memberId: string,
  outcome: ObjectionOutcome,
): Promise<void> {
  const author = await addresseeOf(tx, memberId);
  if (author)
    await queueMail(
      legalMails.objectionDecided(
        author.email,
        author.firstName,
        objectionOutcomeLabels[outcome],
        `${env.PUBLIC_URL}${paths.statement(statementId)}`,
      ),
      tx,
    );
}
