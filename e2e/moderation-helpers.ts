import type { APIRequestContext } from "@playwright/test";
import { slugify } from "../app/lib/slug";
import { expect } from "./fixtures";

/**
 * The review queue over plain HTTP, for specs that prepare items: reporting a post as a member, and
 * finding the item staff decide on at /moderation. Other specs' items share the queue, oldest first, so the item
 * of a fresh report is looked for from the last page backwards.
 */

/**
 * A new discussion of the client's member and a comment on it; the comment's id and the discussion's path. The
 * title must be unique (its slug is the path).
 */
export async function discussionWithComment(author: APIRequestContext, title: string, comment: string) {
  const created = await author.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "general", content: "Eine Frage für die Moderation", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status(), `create ${title}`).toBe(302);
  const path = `/discussion/${slugify(title)}`;
  const commented = await author.post(path, { form: { intent: "create-comment", content: comment }, maxRedirects: 0 });
  expect(commented.status(), `comment on ${path}`).toBe(302);
  const commentId = /#comment-([0-9a-f-]{36})/.exec(commented.headers().location ?? "")?.[1];
  expect(commentId, `the comment on ${path}`).toBeTruthy();
  return { path, commentId: commentId! };
}

/** "Melden" over the discussion page's form. */
export async function report(reporter: APIRequestContext, path: string, commentId: string, reason = "spam", note = "") {
  const response = await reporter.post(path, {
    form: { intent: "report", commentId, reason, ...(note ? { note } : {}) },
    maxRedirects: 0,
  });
  expect(response.status(), `report ${commentId}`).toBe(302);
}

/** Where the open review item of a reported comment is in the queue: its id, and the queue's page that shows it. */
export async function findReviewItem(staff: APIRequestContext, commentId: string): Promise<{ id: string; path: string }> {
  const first = await (await staff.get("/moderation")).text();
  const pages = Math.max(1, ...[...first.matchAll(/aria-label="Seite (\d+)"/g)].map((match) => Number(match[1])));
  const item = new RegExp(`#comment-${commentId}"(?:(?!data-testid="review-item").)*?name="itemId" value="([0-9a-f-]{36})"`, "s");
  for (let page = pages; page >= 1; page--) {
    const path = page === 1 ? "/moderation" : `/moderation?page=${page}`;
    const html = page === 1 ? first : await (await staff.get(path)).text();
    const id = item.exec(html)?.[1];
    if (id) return { id, path };
  }
  throw new Error(`no open review item for comment ${commentId}`);
}

/** The id of the open review item of a reported comment. */
export async function reviewItemOf(staff: APIRequestContext, commentId: string): Promise<string> {
  return (await findReviewItem(staff, commentId)).id;
}
