import type { Viewer } from "../../app/server/accounts";
import { createComment, createDiscussion, type DiscussionDetail, getDiscussionBySlug } from "../../app/server/discussions";
import type { Category } from "../../app/lib/categories";

/**
 * Discussions and comments for integration tests, written through the services every form uses: their checks,
 * counters and events run as in the app, so a test sees what the notifications, caches and lists make of them.
 * A refused write fails the test with the service's reason.
 */

export interface DiscussionOptions {
  title?: string;
  category?: Category;
  /** HTML as the editor sends it (default), or plain text with `contentFormat: "text"`. */
  content?: string;
  contentFormat?: "html" | "text";
  /** Tag names (decision 0053): existing ones, or new ones when the author may create them. */
  tags?: string[];
}

/** A discussion `author` started, as its page reads it. */
export async function discussionBy(author: Viewer, options: DiscussionOptions = {}): Promise<DiscussionDetail> {
  const created = await createDiscussion(author, {
    title: options.title ?? `Frage ${crypto.randomUUID()}`,
    category: options.category ?? "seo",
    content: options.content ?? "<p>Inhalt</p>",
    contentFormat: options.contentFormat ?? "html",
    assignedTo: undefined,
    ...(options.tags ? { tags: options.tags } : {}),
  });
  if (!created.ok) throw new Error(`discussion by ${author.firstName}: ${created.reason}`);
  return (await getDiscussionBySlug(created.value.slug))!;
}

/** A comment of `by` on the discussion (a reply with `parentId`); its id. */
export async function commentOn(
  discussionId: string,
  by: Viewer,
  options: { content?: string; parentId?: string; contentFormat?: "html" | "text" } = {},
): Promise<string> {
  const created = await createComment(by, {
    discussionId,
    content: options.content ?? "Eine Antwort",
    ...(options.contentFormat ? { contentFormat: options.contentFormat } : {}),
    ...(options.parentId ? { parentId: options.parentId } : {}),
  });
  if (!created.ok) throw new Error(`comment by ${by.firstName}: ${created.reason}`);
  return created.value.id;
}
