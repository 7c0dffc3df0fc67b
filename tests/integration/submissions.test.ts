/**
 * Forms that create something carry a one-time key: a member who sends the
 * same form twice (a double click, a resend after an answer that never came)
 * gets the first answer again, and one comment or discussion is stored.
 */
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

const { comments, discussions, submissions } = await import("../../db/schema");
const { db, purgeSubmissions } = await import("~/server/db");
const { createComment, createDiscussion } = await import("~/server/discussions");
const { moderateDiscussion } = await import("~/server/moderation");
const { makeViewer } = await import("../support/members");

async function aDiscussion() {
  const author = await makeViewer();
  const created = await createDiscussion(author, {
    title: `Schlüssel ${randomUUID()}`,
    category: "seo",
    content: "<p>Inhalt</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error("discussion not created");
  const [row] = await db.select().from(discussions).where(eq(discussions.authorId, author.id));
  return row!;
}

async function commentsOf(discussionId: string, text: string) {
  return db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.discussionId, discussionId), like(comments.content, `%${text}%`)));
}

describe("a comment sent twice with its key", () => {
  it("is stored once, one after the other and at the same moment, and both answers name the same comment", async () => {
    const discussion = await aDiscussion();
    const member = await makeViewer();
    const input = { discussionId: discussion.id, content: "Doppelt gesendet", submissionKey: randomUUID() };

    const first = await createComment(member, input);
    const again = await createComment(member, input);
    expect(first.ok && again.ok).toBe(true);
    expect(again).toEqual(first);

    const racing = { ...input, content: "Gleichzeitig gesendet", submissionKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createComment(member, racing)));
    expect(new Set(answers.map((answer) => (answer.ok ? answer.value.id : "failed")))).toHaveLength(1);

    expect(await commentsOf(discussion.id, "Doppelt gesendet")).toHaveLength(1);
    expect(await commentsOf(discussion.id, "Gleichzeitig gesendet")).toHaveLength(1);
    const [counted] = await db.select({ replies: discussions.repliesCount }).from(discussions).where(eq(discussions.id, discussion.id));
    expect(counted!.replies).toBe(2);
  });

  it("is another comment when the same key comes with other text or from another member", async () => {
    const discussion = await aDiscussion();
    const member = await makeViewer();
    const other = await makeViewer();
    const submissionKey = randomUUID();
    expect((await createComment(member, { discussionId: discussion.id, content: "Erste Antwort", submissionKey })).ok).toBe(true);
    // Two forms of one page share the page's key: the reply written next is no resend.
    expect((await createComment(member, { discussionId: discussion.id, content: "Zweite Antwort", submissionKey })).ok).toBe(true);
    expect((await createComment(other, { discussionId: discussion.id, content: "Erste Antwort", submissionKey })).ok).toBe(true);
    expect(await commentsOf(discussion.id, "Erste Antwort")).toHaveLength(2);
    expect(await commentsOf(discussion.id, "Zweite Antwort")).toHaveLength(1);
  });

  it("gives its key back when the write is refused, so the same form goes through later", async () => {
    const discussion = await aDiscussion();
    const member = await makeViewer();
    const moderator = await makeViewer({ role: "moderator" });
    const input = { discussionId: discussion.id, content: "Nach dem Entsperren", submissionKey: randomUUID() };
    await moderateDiscussion(moderator, { discussionId: discussion.id, action: "lock" });
    expect((await createComment(member, input)).ok).toBe(false);
    expect(await db.select().from(submissions).where(eq(submissions.key, input.submissionKey))).toEqual([]);
    await moderateDiscussion(moderator, { discussionId: discussion.id, action: "unlock" });
    expect((await createComment(member, input)).ok).toBe(true);
    expect(await commentsOf(discussion.id, "Nach dem Entsperren")).toHaveLength(1);
  });
});

describe("a discussion sent twice with its key", () => {
  it("is stored once", async () => {
    const author = await makeViewer();
    const input = {
      title: `Einmal gestartet ${randomUUID()}`,
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
      submissionKey: randomUUID(),
    } as const;
    const answers = await Promise.all([createDiscussion(author, input), createDiscussion(author, input)]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(await db.select().from(discussions).where(eq(discussions.title, input.title))).toHaveLength(1);
  });
});

describe("the keys", () => {
  it("are purged after a day", async () => {
    const member = await makeViewer();
    const old = randomUUID();
    const fresh = randomUUID();
    await db.insert(submissions).values([
      { key: old, memberId: member.id, fingerprint: "x", createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
      { key: fresh, memberId: member.id, fingerprint: "x" },
    ]);
    await purgeSubmissions();
    const left = await db.select({ key: submissions.key }).from(submissions).where(eq(submissions.memberId, member.id));
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });
});
