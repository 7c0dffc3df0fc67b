import { and, eq, like, or } from "drizzle-orm";
import { discussions, profiles } from "../../../db/schema";
import type { CreateDiscussionInput, UpdateDiscussionInput } from "~/lib/schemas/discussion";
import { slugify } from "~/lib/slug";
import { db, defineService, type Database, type Transaction } from "~/server/db";
import { discussionEvents } from "./events.server";
import { mentionedIn } from "./mentions.server";
import { can, canEditDiscussion, holdReasons, postingAuthor, type PostingMember, type Viewer } from "~/server/accounts";
import { postContent } from "~/lib/links";
import { heldValues } from "./held-posts.server";
import { postBody } from "./post-body.server";
import { done, fail, ok, isHidden } from "~/server/platform";
import { attachPostImages } from "~/server/images";
import { screenPost } from "~/server/watchlist";
import { changedNow } from "./discussion-detail.server";
import { discardDraft, keepRefusedPost } from "./drafts.server";
import { keepRevision } from "./revisions.server";
import { resolveTags, setDiscussionTags } from "~/server/tags";

// New and edited discussions: slug allocation, create, update, and who a new one can be assigned to.

/**
 * Title → readable slug, unique among all discussions ("titel", "titel-2", …).
 * The unique index decides, not the look-up: `on conflict do nothing` leaves
 * a taken slug alone without an error (so no savepoint is needed, and the
 * caller's transaction is never aborted) and the next free suffix is tried.
 * Parallel posts with one title each win one suffix in turn; the look-up only
 * skips the ones already known to be taken.
 */
export async function insertWithUniqueSlug(
  values: Omit<typeof discussions.$inferInsert, "slug">,
  executor: Database | Transaction = db,
): Promise<{ id: string; slug: string }> {
  const base = slugify(values.title);
  let next = 1;
  // Each round either inserts or learns of at least one more taken suffix; the bound only stops a runaway loop.
  for (let attempt = 0; attempt < 1000; attempt++) {
    const taken = new Set(
      (
        await executor
          .select({ slug: discussions.slug })
          .from(discussions)
          .where(or(eq(discussions.slug, base), like(discussions.slug, `${base}-%`)))
      ).map((row) => row.slug),
    );
    const candidate = (n: number) => (n === 1 ? base : `${base}-${n}`);
    while (taken.has(candidate(next))) next++;
    const [row] = await executor
      .insert(discussions)
      .values({ ...values, slug: candidate(next) })
      .onConflictDoNothing({ target: discussions.slug })
      .returning({ id: discussions.id, slug: discussions.slug });
    if (row) return row;
    next++;
  }
  throw new Error(`Kein freier Slug für "${base}" gefunden`);
}

/**
 * Spec: create discussion. It may be assigned to an approved member. A new member's post that a posting rule
 * holds (holdReasons, decision 0035) is stored hidden and waits for a moderator: nobody hears of it until then.
 */
export const createDiscussion = defineService<
  Viewer,
  CreateDiscussionInput,
  { assignee: { id: string } | null },
  { slug: string; held: boolean },
  PostingMember
>({
  policy: (viewer) => can(viewer, "createDiscussion"),
  // A new member's tighter posting limit (decision 0035), before the transaction: a refused discussion costs none.
  prepare: (viewer) => postingAuthor(viewer, "discussion"),
  submissionKey: (input) => input.submissionKey,
  load: async (tx, { assignedTo }) => ({
    assignee: assignedTo
      ? ((
          await tx
            .select({ id: profiles.id })
            .from(profiles)
            .where(and(eq(profiles.id, assignedTo), eq(profiles.approvalStatus, "approved")))
        )[0] ?? null)
      : null,
  }),
  async change(tx, { actor, input, loaded: { assignee }, prepared: author }) {
    if (input.assignedTo && !assignee) return fail("invalid", "Das ausgewählte Mitglied gibt es nicht.");
    const written = await postBody(input, tx, { actorId: actor.id });
    if (!written.ok) return written;
    const content = written.value;
    // Watched words and domains: refused with the reason, or with "replace" words replaced (the slug too).
    const screened = await screenPost({ title: input.title, html: content.html }, tx);
    if (!screened.ok) return screened;
    const title = screened.value.title ?? input.title;
    const html = screened.value.html ?? content.html;
    const post = postContent(html, "html");
    const reasons = holdReasons(author, { ...post, text: `${title}\n${post.text}`, watched: screened.value.holdReasons });
    // Existing tags, or new ones when the author has the standing (decision 0053): the posting rules' notion of new.
    const tagIds = await resolveTags(tx, actor, input.tags ?? [], async () => author);
    if (!tagIds.ok) return tagIds;
    const inserted = await insertWithUniqueSlug(
      {
        title,
        content: html,
        category: input.category,
        authorId: actor.id,
        assignedTo: assignee?.id ?? null,
        ...(reasons.length > 0 ? heldValues(reasons) : {}),
      },
      tx,
    );
    await attachPostImages(tx, { discussionId: inserted.id }, content.imageIds);
    await setDiscussionTags(tx, inserted.id, tagIds.value);
    if (reasons.length > 0) {
      await discussionEvents.emit(tx, "post.held", { discussionId: inserted.id, commentId: null, authorId: actor.id, reasons });
      await discardDraft(tx, actor.id, null);
      return ok({ slug: inserted.slug, held: true });
    }
    await discussionEvents.emit(tx, "discussion.created", {
      discussionId: inserted.id,
      slug: inserted.slug,
      category: input.category,
      actor,
      mentionedIds: content.memberIds,
    });
    await discardDraft(tx, actor.id, null);
    return ok({ slug: inserted.slug, held: false });
  },
  // The text of a refused discussion waits as the member's draft of a new discussion.
  refused: ({ actor, input: { title, category, content, contentFormat }, failure }) =>
    keepRefusedPost(actor, { discussionId: undefined, parentId: undefined, title, category, content, contentFormat }, failure),
});

/**
 * The author (or staff) edits category, title, content and tags; the slug stays as
 * it was. Staff editing someone else's discussion is written to the audit log
 * (by the listener of "discussion.edited").
 */
export const updateDiscussion = defineService<
  Viewer,
  UpdateDiscussionInput & { discussionId: string },
  {
    id: string;
    authorId: string | null;
    title: string;
    slug: string;
    category: string;
    hiddenAt: Date | null;
    heldAt: Date | null;
    hiddenBy: string | null;
    hiddenReason: string | null;
    content: string;
  }
>({
  // Whether the discussion is theirs to edit depends on the discussion: the authorize step asks.
  policy: () => true,
  load: async (tx, { discussionId }) =>
    (
      await tx
        .select({
          id: discussions.id,
          authorId: discussions.authorId,
          title: discussions.title,
          slug: discussions.slug,
          category: discussions.category,
          hiddenAt: discussions.hiddenAt,
          heldAt: discussions.heldAt,
          hiddenBy: discussions.hiddenBy,
          hiddenReason: discussions.hiddenReason,
          content: discussions.content,
        })
        .from(discussions)
        .where(eq(discussions.id, discussionId))
        .for("update")
    )[0] ?? null,
  authorize: canEditDiscussion,
  async change(tx, { actor, input, loaded: existing }) {
    const written = await postBody(input, tx, { actorId: actor.id, post: { discussionId: existing.id } });
    if (!written.ok) return written;
    const content = written.value;
    const screened = await screenPost({ title: input.title, html: content.html }, tx);
    if (!screened.ok) return screened;
    const title = screened.value.title ?? input.title;
    const html = screened.value.html ?? content.html;
    // A form without the tag field leaves the tags as they are; staff editing keep the author's and may add their own.
    if (input.tags !== undefined) {
      const tagIds = await resolveTags(tx, actor, input.tags);
      if (!tagIds.ok) return tagIds;
      await setDiscussionTags(tx, existing.id, tagIds.value);
    }
    await attachPostImages(tx, { discussionId: existing.id }, content.imageIds);
    await keepRevision(
      tx,
      {
        discussionId: existing.id,
        commentId: null,
        authorId: existing.authorId,
        title: existing.title,
        content: existing.content,
        contentFormat: "html",
      },
      { title, content: html, contentFormat: "html" },
      actor,
    );
    await tx
      .update(discussions)
      .set({ title, category: input.category, content: html, updatedAt: new Date(), changedAt: changedNow })
      .where(eq(discussions.id, existing.id));
    // Only members the edit newly mentions hear of it; the others were told when they were first named.
    const before = new Set(mentionedIn(existing.content));
    await discussionEvents.emit(tx, "discussion.edited", {
      discussion: {
        ...existing,
        hidden: isHidden(existing),
        categoryBefore: existing.category,
        category: input.category,
        renamed: title !== existing.title,
      },
      actor,
      // A hidden discussion's edit (its author's, while reports hold it back) tells nobody of a post they cannot read.
      newlyMentionedIds: isHidden(existing) ? [] : content.memberIds.filter((id) => !before.has(id)),
    });
    return done;
  },
});

/** Approved members that a discussion can be assigned to ('first last (company)'). */
export async function listAssignableMembers() {
  return db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, company: profiles.company })
    .from(profiles)
    .where(eq(profiles.approvalStatus, "approved"))
    .orderBy(profiles.firstName, profiles.lastName);
}
