import { count, desc, eq, inArray } from "drizzle-orm";
import { auditLog, comments, discussions, type AuditAction } from "../../../db/schema";
import { db, type Transaction } from "~/server/db";
import type { Viewer } from "~/server/accounts";

export interface AuditEntry {
  action: AuditAction;
  targetType: "member" | "discussion" | "comment" | "watched-term" | "site-settings" | "synonym-group" | "tag" | "message";
  targetId: string;
  targetLabel: string;
  details?: string | null;
}

/** Written inside the caller's transaction: no change without its entry, no entry without its change. */
export async function recordAudit(tx: Transaction, actor: Viewer, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel.slice(0, 200),
    details: entry.details ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 20;

export interface AuditLogEntry {
  id: string;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  targetType: "member" | "discussion" | "comment" | "watched-term" | "site-settings" | "synonym-group" | "tag" | "message";
  targetId: string;
  targetLabel: string;
  details: string | null;
  createdAt: Date;
  /** Where the target can be looked at now (a discussion's slug may outlive nothing: null when deleted). */
  discussionSlug: string | null;
}

export interface AuditPage {
  entries: AuditLogEntry[];
  currentPage: number;
  totalPages: number;
}

/**
 * Newest first. The log grows slowly (staff actions only), so page numbers are fine here. With `actorId`
 * only that person's entries: what one moderator did, without the others' steps in between.
 */
export async function listAuditLog(page: number, actorId?: string): Promise<AuditPage> {
  const filter = actorId ? eq(auditLog.actorId, actorId) : undefined;
  const [total] = await db.select({ value: count() }).from(auditLog).where(filter);
  const totalPages = Math.max(1, Math.ceil((total?.value ?? 0) / AUDIT_PAGE_SIZE));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .select()
    .from(auditLog)
    .where(filter)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((currentPage - 1) * AUDIT_PAGE_SIZE);
  const slugs = await discussionSlugs(rows);
  const entries = rows.map((row) => ({ ...row, discussionSlug: slugs.get(row.targetId) ?? null }));
  return { entries, currentPage, totalPages };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Target id → slug of the discussion it is (or belongs to), in two indexed lookups per page. */
async function discussionSlugs(rows: { targetType: string; targetId: string }[]): Promise<Map<string, string>> {
  const ids = (type: string) => [
    ...new Set(rows.filter((row) => row.targetType === type && uuidPattern.test(row.targetId)).map((row) => row.targetId)),
  ];
  const discussionIds = ids("discussion");
  const commentIds = ids("comment");
  const [ownSlugs, commentSlugs] = await Promise.all([
    discussionIds.length === 0
      ? []
      : db.select({ id: discussions.id, slug: discussions.slug }).from(discussions).where(inArray(discussions.id, discussionIds)),
    commentIds.length === 0
      ? []
      : db
          .select({ id: comments.id, slug: discussions.slug })
          .from(comments)
          .innerJoin(discussions, eq(discussions.id, comments.discussionId))
          .where(inArray(comments.id, commentIds)),
  ]);
  return new Map([...ownSlugs, ...commentSlugs].map((row) => [row.id, row.slug]));
}
