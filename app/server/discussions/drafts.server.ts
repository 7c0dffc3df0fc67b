import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { comments, discussions, drafts } from "../../../db/schema";
import { isCategory, type Category } from "~/lib/categories";
import { pageHref, paths } from "~/lib/paths";
import { COMMENT_MAX_LENGTH } from "~/lib/schemas/discussion";
import { draftTexts, type SaveDraftInput } from "~/lib/schemas/draft";
import { db, defineService, type Database, type Transaction, valueRead, type ValueRead } from "~/server/db";
import { done, fail, logger, ok, visible, type Failure } from "~/server/platform";
import { can, canCommentOn, checkRateLimits, draftSavesPerMember, type Viewer } from "~/server/accounts";
import { commentPageSql } from "./comment-pages.server";
import { plainTextToHtml } from "~/lib/rich-text";
import { htmlToText, postText, sanitizeRichText } from "./sanitize.server";

// Drafts (decision 0037): what a member began to write, kept on the server so it waits on any device.

/** A draft as its form gets it back: sanitised like a post, in both shapes the form may need. */
export interface DraftView {
  id: string;
  discussionId: string | null;
  parentId: string | null;
  title: string;
  category: Category | null;
  /** For the rich-text editor: sanitised like a post before it is shown. */
  html: string;
  /** For a plain textarea (comments, and the editor's stand-in before JavaScript). */
  text: string;
  updatedAt: Date;
}

type DraftRow = typeof drafts.$inferSelect;

/** A draft's text in both shapes its form may need, sanitised like a post. */
function draftText(content: string, contentFormat: string): { html: string; text: string } {
  const html = contentFormat === "html" ? sanitizeRichText(content) : plainTextToHtml(content);
  return { html, text: contentFormat === "html" ? htmlToText(html) : content };
}

function toView(row: DraftRow): DraftView {
  return {
    id: row.id,
    discussionId: row.discussionId,
    parentId: row.parentId,
    title: row.title ?? "",
    category: isCategory(row.category) ? row.category : null,
    ...draftText(row.content, row.contentFormat),
    updatedAt: row.updatedAt,
  };
}

function sameScope(memberId: string, discussionId: string | null) {
  return and(eq(drafts.memberId, memberId), discussionId === null ? isNull(drafts.discussionId) : eq(drafts.discussionId, discussionId));
}

/** The member's draft of a new discussion (null) or of their reply to a discussion. */
export async function getDraft(memberId: string, discussionId: string | null): Promise<DraftView | null> {
  const [row] = await db.select().from(drafts).where(sameScope(memberId, discussionId));
  return row ? toView(row) : null;
}

/** The member's saved reply to a discussion as its page needs it: the text, and the page of the comment it answers. */
export interface ReplyDraftView {
  parentId: string | null;
  text: string;
  html: string;
  /** The discussion's page that shows the answered comment (null for a reply to the discussion itself). */
  parentPage: number | null;
}

const parent = alias(comments, "draft_parent");

/** The member's reply draft in a discussion, read with the page's other small reads (readValues). */
export function replyDraftOf(memberId: string, discussionId: string): ValueRead<ReplyDraftView | null> {
  return valueRead(
    sql`select json_build_object('parentId', ${drafts.parentId}, 'content', ${drafts.content}, 'contentFormat', ${drafts.contentFormat},
        'parentPage', case when ${parent.id} is not null then ${commentPageSql(parent)} end)
      from ${drafts} left join ${comments} ${parent} on ${parent.id} = ${drafts.parentId}
      where ${sameScope(memberId, discussionId)}`,
    (raw) => {
      if (!raw) return null;
      const row = raw as { parentId: string | null; content: string; contentFormat: string; parentPage: number | null };
      return { parentId: row.parentId, ...draftText(row.content, row.contentFormat), parentPage: row.parentPage };
    },
  );
}

/** Removes the draft a member just published, in the publishing transaction. */
export async function discardDraft(executor: Database | Transaction, memberId: string, discussionId: string | null): Promise<void> {
  await executor.delete(drafts).where(sameScope(memberId, discussionId));
}

type DraftTarget = { discussion: { id: string; lockedAt: Date | null; hiddenAt: Date | null } | null; parentId: string | null };

/**
 * Keeps what the member has written so far: one draft per scope, replaced on every save. A draft with neither
 * title nor text is removed instead (the member emptied the form). A reply's draft needs a discussion the member
 * may still answer; the comment it answers is kept only while it is there to answer.
 */
export const saveDraft = defineService<Viewer, SaveDraftInput, DraftTarget, { savedAt: Date | null }>({
  policy: (viewer, input) => can(viewer, input.discussionId ? "comment" : "createDiscussion"),
  async prepare(viewer) {
    const limit = await checkRateLimits([[draftSavesPerMember, viewer.id]]);
    return limit.allowed ? ok(undefined) : { ...fail("too-many-requests", draftTexts.tooMany), retryAfter: limit.retryAfter };
  },
  async load(tx, { discussionId, parentId }) {
    if (!discussionId) return { discussion: null, parentId: null };
    const [discussion] = await tx
      .select({ id: discussions.id, lockedAt: discussions.lockedAt, hiddenAt: discussions.hiddenAt })
      .from(discussions)
      .where(and(eq(discussions.id, discussionId), visible.discussion()));
    if (!discussion) return null;
    const [parent] = parentId
      ? await tx
          .select({ id: comments.id })
          .from(comments)
          .where(and(eq(comments.id, parentId), eq(comments.discussionId, discussionId), visible.comment()))
      : [];
    return { discussion, parentId: parent?.id ?? null };
  },
  authorize: (viewer, { discussion }) => discussion === null || canCommentOn(viewer, discussion) || fail("invalid"),
  async change(tx, { actor, input, loaded }) {
    const discussionId = loaded.discussion?.id ?? null;
    const empty = input.content.trim() === "" && (discussionId !== null || input.title === "");
    if (empty) {
      await discardDraft(tx, actor.id, discussionId);
      return ok({ savedAt: null });
    }
    // A reply's words count, as a comment's do (its markup may be more).
    if (discussionId !== null && postText(input.content, input.contentFormat).length > COMMENT_MAX_LENGTH)
      return fail("invalid", draftTexts.replyTooLong);
    const now = new Date();
    const values = {
      title: discussionId === null ? input.title : null,
      category: discussionId === null ? (input.category ?? null) : null,
      parentId: loaded.parentId,
      content: input.content,
      contentFormat: input.contentFormat,
      updatedAt: now,
    };
    await tx
      .insert(drafts)
      .values({ memberId: actor.id, discussionId, ...values })
      .onConflictDoUpdate({ target: [drafts.memberId, drafts.discussionId], set: values });
    return ok({ savedAt: now });
  },
});

/** "Entwurf verwerfen": only the member's own draft, which exists or not; either way it is gone afterwards. */
export const discardOwnDraft = defineService<Viewer, { discussionId: string | null }, true>({
  policy: () => true,
  load: async () => true,
  async change(tx, { actor, input }) {
    await discardDraft(tx, actor.id, input.discussionId);
    return done;
  },
});

/**
 * A post the server refused (a lock, a rule, the database away) keeps its text as a draft, so it waits on the
 * member's other devices: the `refused` step of the services that post. Not after a rate limit: the text is still in
 * the form, and a flood should not write drafts. What the draft's own save refuses is logged.
 */
export async function keepRefusedPost(actor: Viewer, draft: SaveDraftInput, failure: Failure): Promise<void> {
  if (failure.reason === "too-many-requests") return;
  const kept = await saveDraft(actor, draft);
  if (!kept.ok) logger.info({ reason: kept.reason, discussionId: draft.discussionId }, "a refused form's draft was not kept");
}

/** A draft on the member's profile: where it continues, and enough of it to recognise it. */
export interface DraftListItem {
  id: string;
  kind: "discussion" | "reply";
  /** The new discussion's title so far, or the title of the discussion answered. */
  title: string;
  excerpt: string;
  href: string;
  discussionId: string | null;
  updatedAt: Date;
}

/**
 * The member's drafts, newest first (their profile's "Entwürfe"). A reply to a discussion that was hidden since
 * is left out: it cannot be sent, and the discussion is gone for the member.
 */
export async function listDrafts(memberId: string): Promise<DraftListItem[]> {
  const rows = await db
    .select({
      draft: drafts,
      slug: discussions.slug,
      discussionTitle: discussions.title,
      parentPage: commentPageSql({ id: drafts.parentId, parentId: comments.parentId, discussionId: drafts.discussionId }),
    })
    .from(drafts)
    .leftJoin(discussions, eq(discussions.id, drafts.discussionId))
    .leftJoin(comments, eq(comments.id, drafts.parentId))
    .where(and(eq(drafts.memberId, memberId), or(isNull(drafts.discussionId), visible.discussion())))
    .orderBy(desc(drafts.updatedAt));
  return rows.map(({ draft, slug, discussionTitle, parentPage }) => {
    const view = toView(draft);
    const excerpt = view.text.length > 160 ? `${view.text.slice(0, 159).trimEnd()}…` : view.text;
    if (draft.discussionId === null || slug === null) {
      return {
        id: draft.id,
        kind: "discussion",
        title: view.title || "Neue Diskussion ohne Titel",
        excerpt,
        href: paths.createDiscussion,
        discussionId: null,
        updatedAt: draft.updatedAt,
      };
    }
    return {
      id: draft.id,
      kind: "reply",
      title: discussionTitle ?? "",
      excerpt,
      href: replyHref(slug, draft.parentId, parentPage),
      discussionId: draft.discussionId,
      updatedAt: draft.updatedAt,
    };
  });
}

/** Where a reply continues: the form under the discussion, or the reply form of the comment it answers, on its page. */
export function replyHref(slug: string, parentId: string | null, parentPage: number | null): string {
  if (parentId === null) return `${paths.discussion(slug)}#new-comment`;
  const page = pageHref(paths.discussion(slug), parentPage ?? 1);
  return `${page}${page.includes("?") ? "&" : "?"}replyTo=${parentId}#comment-${parentId}`;
}
