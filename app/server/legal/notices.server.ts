import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { comments, discussions, legalNotices } from "../../../db/schema";
import {
  NOTICE_CONFIRM_DAYS,
  noticeDecisionLabels,
  noticeGroundLabels,
  noticeTexts,
  type NoticeDecision,
  type NoticeGround,
} from "~/lib/legal";
import { paths } from "~/lib/paths";
import { defineService, db, type Transaction } from "~/server/db";
import { env, fail, ok, visible } from "~/server/platform";
import { can, checkRateLimits, type RateRule, type Viewer } from "~/server/accounts";
import { commentHref } from "~/server/discussions";
import { legalMails, queueMail } from "~/server/mail";
import { defineSchedule } from "~/server/jobs";
import { queueNotice, type PostRef } from "~/server/moderation";

/**
 * Notices of illegal content (Art. 16 DSA, decision 0048): anyone files one, guests too, and confirms the e-mail
 * address by a link before it counts, so nobody files in another person's name. A confirmed notice joins the post's
 * open review item; the decision reaches the notifier by mail (legal's listener of "review.decided").
 */

/** Whoever files: a guest (their client's address stands in for an id) or a signed-in member. */
export interface Notifier {
  id: string;
  viewer: Viewer | null;
  clientIp: string;
}

export function notifierOf(viewer: Viewer | null, clientIp: string | undefined): Notifier {
  const ip = clientIp ?? "unknown";
  return { id: viewer?.id ?? `guest:${ip}`, viewer, clientIp: ip };
}

export interface NoticeInput {
  location: string;
  ground: NoticeGround;
  explanation: string;
  name: string;
  email: string;
}

/**
 * A person who has something to report sends a few notices; a script filling the queue (or mailing strangers
 * with our confirmation links) does not get far: per client address and per e-mail address.
 */
export const noticeRateRules = {
  perIp: { name: "legal-notice:ip", limit: 5, windowSeconds: 60 * 60 },
  perEmail: { name: "legal-notice:email", limit: 5, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** The notifier's name and address are erased this long after the decision (Datenschutzerklärung). */
export const NOTICE_ERASE_AFTER_DAYS = 183;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A notice's short reference for mails and the operator's records. */
export function noticeReference(id: string): string {
  return `M-${id.slice(0, 8).toUpperCase()}`;
}

type NoticeTarget = PostRef & { authorId: string | null; location: string };

/**
 * The post a notice is about, from the address the notifier gave (the form fills it in from the post):
 * `/discussion/<slug>`, a comment as `#comment-<id>` on it. Only what the public sees can be reported.
 */
async function resolveLocation(tx: Transaction, location: string): Promise<NoticeTarget | null> {
  let url: URL;
  try {
    url = new URL(location, env.PUBLIC_URL);
  } catch {
    return null;
  }
  const slug = /^\/discussion\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!slug) return null;
  const commentId = /^#comment-([0-9a-f-]{36})$/i.exec(url.hash)?.[1] ?? url.searchParams.get("comment");
  const [discussion] = await tx
    .select({ id: discussions.id, slug: discussions.slug, authorId: discussions.authorId })
    .from(discussions)
    .where(and(eq(discussions.slug, decodeURIComponent(slug)), visible.discussion()));
  if (!discussion) return null;
  if (!commentId)
    return {
      discussionId: discussion.id,
      commentId: null,
      authorId: discussion.authorId,
      location: absolute(paths.discussion(discussion.slug)),
    };
  if (!z.uuid().safeParse(commentId).success) return null;
  const [comment] = await tx
    .select({ id: comments.id, authorId: comments.authorId })
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.discussionId, discussion.id), visible.comment()));
  if (!comment) return null;
  return {
    discussionId: discussion.id,
    commentId: comment.id,
    authorId: comment.authorId,
    location: absolute(await commentHref(discussion, comment.id, tx)),
  };
}

const absolute = (path: string) => `${env.PUBLIC_URL}${path}`;

/**
 * Files a notice. A member who files it with their own confirmed address needs no link: it counts at once. Anyone
 * else gets the confirmation link by mail.
 */
export const fileNotice = defineService<Notifier, NoticeInput, NoticeTarget, { confirmed: boolean }>({
  policy: (notifier) => can(notifier.viewer, "fileLegalNotice"),
  async prepare(notifier, input) {
    const limit = await checkRateLimits([
      [noticeRateRules.perIp, notifier.clientIp],
      [noticeRateRules.perEmail, input.email.trim().toLowerCase()],
    ]);
    return limit.allowed ? ok(undefined) : { ...fail("too-many-requests", noticeTexts.tooMany), retryAfter: limit.retryAfter };
  },
  load: (tx, input) => resolveLocation(tx, input.location),
  async change(tx, { actor, input, loaded: target }) {
    const token = randomBytes(32).toString("base64url");
    const email = input.email.trim();
    const own = actor.viewer !== null && actor.viewer.emailVerified && actor.viewer.email.toLowerCase() === email.toLowerCase();
    const [notice] = await tx
      .insert(legalNotices)
      .values({
        discussionId: target.discussionId,
        commentId: target.commentId,
        location: target.location,
        ground: input.ground,
        explanation: input.explanation.trim(),
        notifierName: input.name.trim(),
        notifierEmail: email,
        notifierId: actor.viewer?.id ?? null,
        tokenHash: sha256(token),
      })
      .returning({ id: legalNotices.id });
    if (own) await confirmInTransaction(tx, notice!.id);
    else await queueMail(legalMails.confirmNotice(email, input.name.trim(), absolute(`${paths.legalNoticeConfirm}?token=${token}`)), tx);
    return ok({ confirmed: own });
  },
});

type PendingNotice = { id: string; createdAt: Date; confirmedAt: Date | null };

/** The notifier's link: the notice counts from now on. A second click answers as the first. */
export const confirmNotice = defineService<{ id: string }, { token: string }, PendingNotice, { reference: string }>({
  policy: () => true,
  load: async (tx, { token }) =>
    (
      await tx
        .select({ id: legalNotices.id, createdAt: legalNotices.createdAt, confirmedAt: legalNotices.confirmedAt })
        .from(legalNotices)
        .where(eq(legalNotices.tokenHash, sha256(token)))
        .for("update")
    )[0] ?? null,
  authorize: (_actor, notice) =>
    notice.confirmedAt !== null ||
    Date.now() - notice.createdAt.getTime() < NOTICE_CONFIRM_DAYS * 86_400_000 ||
    fail("invalid", noticeTexts.expired),
  async change(tx, { loaded: notice }) {
    if (notice.confirmedAt === null) await confirmInTransaction(tx, notice.id);
    return ok({ reference: noticeReference(notice.id) });
  },
});

/** Confirmed: the post goes into the queue (its open item, or a new one) and the notifier gets the receipt. */
async function confirmInTransaction(tx: Transaction, noticeId: string): Promise<void> {
  const [notice] = await tx.update(legalNotices).set({ confirmedAt: new Date() }).where(eq(legalNotices.id, noticeId)).returning({
    discussionId: legalNotices.discussionId,
    commentId: legalNotices.commentId,
    location: legalNotices.location,
    name: legalNotices.notifierName,
    email: legalNotices.notifierEmail,
  });
  if (!notice) return;
  if (notice.discussionId) {
    const post = { discussionId: notice.discussionId, commentId: notice.commentId };
    const [author] = post.commentId
      ? await tx.select({ id: comments.authorId }).from(comments).where(eq(comments.id, post.commentId))
      : await tx.select({ id: discussions.authorId }).from(discussions).where(eq(discussions.id, post.discussionId));
    const itemId = await queueNotice(tx, post, author?.id ?? null);
    await tx.update(legalNotices).set({ reviewItemId: itemId }).where(eq(legalNotices.id, noticeId));
  }
  if (notice.email)
    await queueMail(legalMails.noticeReceived(notice.email, notice.name ?? "", noticeReference(noticeId), notice.location), tx);
}

/**
 * A review item was decided: each confirmed notice on it gets the decision and its reasons, by mail. Called by
 * legal's listener of "review.decided" in the deciding transaction.
 */
export async function decideNotices(tx: Transaction, itemId: string, outcome: "kept" | "hidden" | "approved"): Promise<void> {
  const decision: NoticeDecision = outcome === "hidden" ? "removed" : "kept";
  const decided = await tx
    .update(legalNotices)
    .set({ decidedAt: new Date(), decision, decisionReason: noticeDecisionLabels[decision] })
    .where(and(eq(legalNotices.reviewItemId, itemId), isNotNull(legalNotices.confirmedAt), isNull(legalNotices.decidedAt)))
    .returning({
      id: legalNotices.id,
      ground: legalNotices.ground,
      location: legalNotices.location,
      name: legalNotices.notifierName,
      email: legalNotices.notifierEmail,
    });
  for (const notice of decided) {
    if (!notice.email) continue;
    const reasons =
      decision === "removed"
        ? `Der Inhalt verstößt nach unserer Prüfung gegen geltendes Recht oder gegen unsere Nutzungsbedingungen (gemeldet als: ${noticeGroundLabels[notice.ground]}).`
        : "Nach unserer Prüfung ist der Inhalt weder offensichtlich rechtswidrig noch ein Verstoß gegen unsere Nutzungsbedingungen (AGB § 3).";
    await queueMail(
      legalMails.noticeDecided(
        notice.email,
        notice.name ?? "",
        noticeReference(notice.id),
        notice.location,
        noticeDecisionLabels[decision],
        reasons,
      ),
      tx,
    );
  }
}

/**
 * Notices whose link was never used go after their week; a decided notice keeps its record, but the notifier's name
 * and address are erased after the stated period (Datenschutzerklärung).
 */
export async function eraseOldNotices(now = new Date()): Promise<{ deleted: number; erased: number }> {
  const day = 86_400_000;
  const deleted = await db
    .delete(legalNotices)
    .where(and(isNull(legalNotices.confirmedAt), lt(legalNotices.createdAt, new Date(now.getTime() - NOTICE_CONFIRM_DAYS * day))))
    .returning({ id: legalNotices.id });
  const erased = await db
    .update(legalNotices)
    .set({ notifierName: null, notifierEmail: null, erasedAt: now })
    .where(
      and(
        isNull(legalNotices.erasedAt),
        lt(legalNotices.decidedAt, new Date(now.getTime() - NOTICE_ERASE_AFTER_DAYS * day)),
        or(isNotNull(legalNotices.notifierName), isNotNull(legalNotices.notifierEmail)),
      ),
    )
    .returning({ id: legalNotices.id });
  return { deleted: deleted.length, erased: erased.length };
}

defineSchedule("erase-legal-notices", { everySeconds: 24 * 3_600, run: async () => void (await eraseOldNotices()) });

/** The notices a member filed while signed in, for their data export (DSGVO Art. 15). */
export async function noticesFiledBy(memberId: string) {
  return db
    .select({
      location: legalNotices.location,
      ground: legalNotices.ground,
      explanation: legalNotices.explanation,
      createdAt: legalNotices.createdAt,
      decision: legalNotices.decision,
    })
    .from(legalNotices)
    .where(eq(legalNotices.notifierId, memberId))
    .orderBy(sql`${legalNotices.createdAt} desc`);
}
