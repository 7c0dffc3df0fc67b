import { asc, eq, inArray, sql } from "drizzle-orm";
import { messageReports, profiles, reviewItems, type ReportReason } from "../../../db/schema";
import { authorFullName } from "~/lib/authors";
import { can, canReportMessage, checkRateLimits, reportRateRules, type Viewer } from "~/server/accounts";
import { db, defineService, queryRows, unqualified, type Transaction } from "~/server/db";
import { hideMessage, messageForReport, messagesInContext, participationOf, type ContextLine } from "~/server/messages";
import { fail, isParticipating, ok } from "~/server/platform";
import { messageTexts } from "~/lib/messages";
import { reportReasonLabels } from "~/lib/moderation";
import { moderationEvents } from "./events.server";
import { reportTexts } from "./reports.server";
import type { ReviewReport } from "./review-queue.server";

// Reported direct messages (decision 0062): a participant reports a message they received; staff see that message
// and its neighbours in the review queue, and nothing else of the conversation. Staff have no other way in.

export type MessageReportInput = { messageId: string; reason: ReportReason; note?: string };

type Loaded = NonNullable<Awaited<ReturnType<typeof messageForReport>>>;

/**
 * A participant reports someone else's message, once while it waits for review. Reports of one message gather in
 * one review item (the team hears of a new one). Reports never hide a message by themselves: a moderator decides.
 * Anyone who is not a participant gets a 404, as for the conversation.
 */
export const reportMessage = defineService<Viewer, MessageReportInput, Loaded, { already: boolean }>({
  policy: (viewer) => can(viewer, "report"),
  async prepare(viewer) {
    const limit = await checkRateLimits([
      [reportRateRules.perMember, viewer.id],
      [reportRateRules.perMemberPerDay, viewer.id],
    ]);
    return limit.allowed ? ok(undefined) : { ...fail("too-many-requests", reportTexts.tooMany), retryAfter: limit.retryAfter };
  },
  load: (tx, { messageId }) => messageForReport(tx, messageId),
  authorize(viewer, { message, conversation }) {
    const mine = participationOf(conversation, viewer);
    if (canReportMessage(viewer, mine, message)) return true;
    if (!isParticipating(mine)) return fail("not-found", messageTexts.notFound);
    return message.authorId === viewer.id ? fail("forbidden", reportTexts.ownPost) : fail("not-found", messageTexts.messageNotFound);
  },
  async change(tx, { actor, input, loaded: { message } }) {
    const item = await openMessageItem(tx, message.id, message.authorId);
    const [inserted] = await tx
      .insert(messageReports)
      .values({
        reviewItemId: item.id,
        messageId: message.id,
        reporterId: actor.id,
        reason: input.reason,
        note: input.note?.trim() || null,
      })
      .onConflictDoNothing()
      .returning({ id: messageReports.id });
    if (!inserted) return ok({ already: true });
    if (item.created) await moderationEvents.emit(tx, "review.opened", { discussionId: null, actorId: actor.id });
    return ok({ already: false });
  },
});

/** The message's open review item; parallel first reports meet in the unique index and share it. */
async function openMessageItem(tx: Transaction, messageId: string, authorId: string | null): Promise<{ id: string; created: boolean }> {
  const [row] = await queryRows<{ id: string; created: boolean }>(
    sql`insert into ${reviewItems} (${unqualified(reviewItems.kind, reviewItems.messageId, reviewItems.memberId)})
      values ('message', ${messageId}::uuid, ${authorId})
      on conflict (${unqualified(reviewItems.messageId)}) where ${unqualified(reviewItems.status)} = 'open' and ${unqualified(reviewItems.messageId)} is not null
      do update set ${unqualified(reviewItems.status)} = ${reviewItems.status}
      returning ${reviewItems.id}, (xmax = 0) as created`,
    tx,
  );
  return row!;
}

/** What the queue shows of a reported message: its lines in context, and its reports (two statements for a page). */
export async function messageItemsOf(
  items: ReadonlyArray<{ id: string; messageId: string | null }>,
): Promise<{ context: Map<string, ContextLine[]>; reports: Map<string, ReviewReport[]> }> {
  const withMessage = items.filter((item): item is { id: string; messageId: string } => item.messageId !== null);
  const reports = new Map<string, ReviewReport[]>();
  if (withMessage.length === 0) return { context: new Map(), reports };
  const [context, rows] = await Promise.all([
    messagesInContext(withMessage.map((item) => item.messageId)),
    messageReportRows(withMessage.map((item) => item.id)),
  ]);
  for (const row of rows) {
    const list = reports.get(row.itemId) ?? [];
    list.push({
      reason: row.reason,
      note: row.note,
      createdAt: row.createdAt,
      reporter: { id: row.reporterId, name: authorFullName(row) },
    });
    reports.set(row.itemId, list);
  }
  return { context, reports };
}

function messageReportRows(itemIds: string[]) {
  return db
    .select({
      itemId: messageReports.reviewItemId,
      reason: messageReports.reason,
      note: messageReports.note,
      createdAt: messageReports.createdAt,
      reporterId: messageReports.reporterId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(messageReports)
    .innerJoin(profiles, eq(profiles.id, messageReports.reporterId))
    .where(inArray(messageReports.reviewItemId, itemIds))
    .orderBy(asc(messageReports.createdAt), asc(messageReports.id));
}

/**
 * A moderator's decision on a reported message, in decideReview's transaction: "keep" leaves it (a message hidden
 * before comes back only by a later decision), "hide" hides it for its participants, "suspend" hides it and is
 * followed by the author's suspension (decideReview). Returns the reasons the reporters gave, for the audit log.
 */
export async function decideMessageItem(
  tx: Transaction,
  item: { id: string; messageId: string },
  decision: "keep" | "hide" | "suspend",
  actorId: string,
): Promise<{ reason: string }> {
  const rows = await tx.select({ reason: messageReports.reason }).from(messageReports).where(eq(messageReports.reviewItemId, item.id));
  const reason = [...new Set(rows.map((row) => reportReasonLabels[row.reason]))].join(", ") || "Von der Moderation geprüft";
  if (decision !== "keep") await hideMessage(tx, item.messageId, { actorId, reason });
  return { reason };
}
