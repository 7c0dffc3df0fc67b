/**
 * The discussion page's shared part (decision record 0042): the discussion and its comment page as guests see
 * them, kept in the process between changes, with each member's own part (marks, bookmarks, reports, watch level,
 * draft, read position) read in one statement on top. Staff and the author of a held comment read their own copy.
 * The kept reads are dropped by the database's own change messages, as in the app server.
 */
import { startSiteSettingsListener } from "~/server/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setHelpful } from "~/server/answers";
import { setBookmark } from "~/server/bookmarks";
import { listenToDatabase, onQuery } from "~/server/db";
import { createComment, createDiscussion, getDiscussionBySlug, saveDraft } from "~/server/discussions";
import { reportPost } from "~/server/moderation";
import { watchDiscussion } from "~/server/notifications";
import { sharedReads } from "~/server/platform";
import { PAGE_CACHE_CHANNEL } from "~/server/http";
import { loader as discussionLoader } from "~/routes/discussion";
import { loader as layoutLoader } from "~/routes/layout";
import { makeViewer, signedInMember, type SignedInMember } from "../support/members";

type Member = SignedInMember;

const signedIn = (role: "member" | "moderator", firstName: string) => signedInMember({ role, firstName, lastName: "Leser" });

type PageComment = {
  id: string;
  held: boolean;
  hidden: unknown;
  helpful: { count: number; names: string[]; markedByViewer: boolean };
  report: { reported: boolean } | null;
};
interface Page {
  discussion: { helpful: { markedByViewer: boolean }; viewsCount: number };
  comments: PageComment[];
  bookmarks: Record<string, unknown> | null;
  watch: string | null;
  draft: { saved: { text: string } | null } | null;
}

/** The layout's and the discussion's loaders, as one request runs them: the page's data and the statements sent. */
async function render(slug: string, reader: Member | null): Promise<{ page: Page; queries: string[] }> {
  const request = new Request(`http://localhost:3000/discussion/${slug}`, { headers: reader ? { Cookie: reader.cookie } : {} });
  const queries: string[] = [];
  const stop = onQuery((query) => queries.push(query));
  try {
    const args = { request, params: { slug }, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never;
    const [, page] = await Promise.all([layoutLoader(args), discussionLoader(args)]);
    return { page: page as unknown as Page, queries };
  } finally {
    stop();
  }
}

/** Waits until `check` holds: a change reaches the kept reads through the database's message, at commit. */
const eventually = (check: () => Promise<boolean>) =>
  expect.poll(check, { timeout: 5_000, interval: 50, message: "the change did not arrive" }).toBe(true);

const THREE_LINKS = "https://eins.example/a https://zwei.example/b https://drei.example/c";

let stopListening: () => Promise<void>;
let slug: string;
let discussionId: string;
let reader: Member;
let other: Member;
let newcomer: Member;
let moderator: Member;
let stopSiteSettings: () => Promise<void>;
const commentIds: Record<"answer" | "second" | "held", string> = { answer: "", second: "", held: "" };

beforeAll(async () => {
  stopListening = await listenToDatabase(
    PAGE_CACHE_CHANNEL,
    (message) => sharedReads.forget(message),
    () => sharedReads.forget(),
  );
  sharedReads.start();
  // Every app server keeps the operator settings from its start (decision 0049), as it keeps the shared part.
  stopSiteSettings = await startSiteSettingsListener(() => undefined);
  [reader, other, newcomer, moderator] = await Promise.all([
    signedIn("member", "Lea"),
    signedIn("member", "Otto"),
    signedIn("member", "Neu"),
    signedIn("moderator", "Mona"),
  ]);
  const asker = await makeViewer({ firstName: "Frida" });
  const expert = await makeViewer({ firstName: "Erik" });
  const created = await createDiscussion(asker, {
    title: `Geteilte Diskussion ${crypto.randomUUID()}`,
    category: "seo",
    content: "<p>Wie trennt ihr das?</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  slug = created.value.slug;
  discussionId = (await getDiscussionBySlug(slug))!.id;
  const answer = await createComment(expert, { discussionId, content: "So trennen wir das." });
  const second = await createComment(asker, { discussionId, content: "Danke, und noch eine Frage." });
  // A new member's comment with three links waits for a moderator (decision 0035).
  const held = await createComment(newcomer.viewer, { discussionId, content: `Schaut mal ${THREE_LINKS}` });
  if (!answer.ok || !second.ok || !held.ok || !held.value.held)
    throw new Error(`comments not written as planned: ${JSON.stringify([answer, second, held])}`);
  Object.assign(commentIds, { answer: answer.value.id, second: second.value.id, held: held.value.id });
  // The reader's own part: a mark, a bookmark, a report, a watch level and a saved reply.
  expect((await setHelpful(reader.viewer, { discussionId, commentId: answer.value.id, marked: true })).ok).toBe(true);
  expect((await setBookmark(reader.viewer, { discussionId, commentId: null, bookmarked: true })).ok).toBe(true);
  expect((await reportPost(reader.viewer, { discussionId, commentId: second.value.id, reason: "spam" })).ok).toBe(true);
  expect((await watchDiscussion(reader.viewer, { discussionId, level: "watching" })).ok).toBe(true);
  expect((await saveDraft(reader.viewer, { discussionId, title: "", content: "Halb geschrieben", contentFormat: "text" })).ok).toBe(true);
});

afterAll(async () => {
  sharedReads.stop();
  await stopListening();
  await stopSiteSettings();
});

describe("a member's discussion page", () => {
  it("reads only what is the member's own once the shared part is kept: the session and one statement with the bell", async () => {
    await render(slug, reader);
    const { page, queries } = await render(slug, reader);
    expect(queries).toHaveLength(2);
    // No read of the discussion or its comments: the member's statement is the one select of subqueries.
    expect(queries.filter((query) => /^select "(discussions|comments)"\./.test(query))).toEqual([]);
    expect(queries.filter((query) => /^select \(select/.test(query))).toHaveLength(1);
    // The member's own part, merged into the shared one.
    const answer = page.comments.find((comment) => comment.id === commentIds.answer)!;
    expect(answer.helpful).toMatchObject({ count: 1, markedByViewer: true });
    expect(page.comments.find((comment) => comment.id === commentIds.second)!.report).toEqual({ reported: true });
    expect(Object.keys(page.bookmarks ?? {})).toEqual(["discussion"]);
    expect(page.watch).toBe("watching");
    expect(page.draft?.saved?.text).toBe("Halb geschrieben");
  });

  it("gives another member the same shared part with nothing of the first member's", async () => {
    // A first visit moves the member's read position (one write more); reading it again does not.
    const first = await render(slug, other);
    expect(first.queries.filter((query) => /\binsert into "read_positions"/.test(query))).toHaveLength(1);
    const { page, queries } = await render(slug, other);
    expect(queries).toHaveLength(2);
    const answer = page.comments.find((comment) => comment.id === commentIds.answer)!;
    expect(answer.helpful).toMatchObject({ count: 1, markedByViewer: false });
    expect(page.comments.find((comment) => comment.id === commentIds.second)!.report).toEqual({ reported: false });
    expect(page.bookmarks).toEqual({});
    expect(page.watch).toBe("normal");
    expect(page.draft?.saved).toBeNull();
    // Nobody but its author and staff sees the held comment.
    expect(page.comments.map((comment) => comment.id)).not.toContain(commentIds.held);
  });

  it("costs a guest no statement at all once kept", async () => {
    await render(slug, null);
    const { page, queries } = await render(slug, null);
    expect(queries).toEqual([]);
    expect(page.comments.map((comment) => comment.id)).toEqual([commentIds.answer, commentIds.second]);
  });

  it("names who found a post helpful by first name to a guest, as the byline names its author; staff by full name", async () => {
    // Lea Leser marked the answer. Guests and search engines read the box "Wer? → Hilfreich für …" (decision 0042).
    const guest = (await render(slug, null)).page.comments.find((comment) => comment.id === commentIds.answer)!;
    expect(guest.helpful).toMatchObject({ count: 1, names: ["Lea"] });
    const member = (await render(slug, other)).page.comments.find((comment) => comment.id === commentIds.answer)!;
    expect(member.helpful.names).toEqual(["Lea"]);
    // Staff see every marker (seeWhoMarked) and need to tell two Leas apart.
    const staff = (await render(slug, moderator)).page.comments.find((comment) => comment.id === commentIds.answer)!;
    expect(staff.helpful.names).toEqual(["Lea Leser"]);
  });

  it("gives the author of a held comment their own copy, with it marked as waiting", async () => {
    const { page } = await render(slug, newcomer);
    expect(page.comments.find((comment) => comment.id === commentIds.held)).toMatchObject({ held: true, hidden: null });
  });

  it("gives staff their own copy, with the held comment hidden and its reasons", async () => {
    const { page, queries } = await render(slug, moderator);
    expect(queries.length).toBeGreaterThan(3);
    expect(page.comments.find((comment) => comment.id === commentIds.held)?.hidden).not.toBeNull();
  });

  it("shows a change to every member once the database reports it, and the member's own mark at once", async () => {
    const written = await createComment(other.viewer, { discussionId, content: "Eine neue Antwort." });
    if (!written.ok) throw new Error(written.reason);
    await eventually(async () => (await render(slug, reader)).page.comments.some((comment) => comment.id === written.value.id));
    // A mark changes the count (the shared part, through the message) and the member's own state (their statement).
    expect((await setHelpful(other.viewer, { discussionId, commentId: commentIds.answer, marked: true })).ok).toBe(true);
    await eventually(async () => {
      const answer = (await render(slug, other)).page.comments.find((comment) => comment.id === commentIds.answer)!;
      return answer.helpful.count === 2 && answer.helpful.markedByViewer;
    });
  });
});
