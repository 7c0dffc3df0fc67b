/**
 * Drafts and edit history (decision 0037): a draft is one per member and scope (a new discussion, or the
 * reply to one discussion) and goes when it is published; every edit keeps the version it replaced, numbered 1, 2, …
 * per post without gaps or duplicates, also when edits arrive at the same moment.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { drafts, postRevisions } from "../../db/schema";
import {
  createComment,
  createDiscussion,
  getDiscussionBySlug,
  getDraft,
  listDrafts,
  listRevisions,
  saveDraft,
  updateComment,
  updateDiscussion,
} from "~/server/discussions";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { db } from "~/server/db";
import { newMemberRateRules, newMemberTexts, type Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { discussionBy } from "../support/content";

let author: Viewer;
let other: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  other = await makeViewer({ firstName: "Andere" });
  moderator = await makeViewer({ role: "moderator", firstName: "Moderatorin" });
});

async function discussion(by: Viewer = author, title?: string) {
  return discussionBy(by, { title, content: "<p>Erste Fassung</p>" });
}

const reply = (discussionId: string, content: string, parentId?: string) => ({
  discussionId,
  parentId,
  title: "",
  category: undefined,
  content,
  contentFormat: "text" as const,
});

describe("drafts", () => {
  it("keeps one draft per member and discussion, and one of a new discussion", async () => {
    const first = await discussion();
    const second = await discussion();
    expect((await saveDraft(author, reply(first.id, "Halb geschrieben"))).ok).toBe(true);
    expect((await saveDraft(author, reply(first.id, "Halb geschrieben, weiter"))).ok).toBe(true);
    expect((await saveDraft(author, reply(second.id, "Andere Diskussion"))).ok).toBe(true);
    expect((await saveDraft(other, reply(first.id, "Jemand anderes"))).ok).toBe(true);
    const newOne = {
      discussionId: undefined,
      parentId: undefined,
      title: "Mein Titel",
      category: "sea" as const,
      content: "<p>Text</p>",
      contentFormat: "html" as const,
    };
    expect((await saveDraft(author, newOne)).ok).toBe(true);
    expect((await saveDraft(author, { ...newOne, title: "Mein zweiter Titel" })).ok).toBe(true);

    const rows = await db.select().from(drafts).where(eq(drafts.memberId, author.id));
    expect(rows).toHaveLength(3);
    expect((await getDraft(author.id, first.id))?.text).toBe("Halb geschrieben, weiter");
    expect((await getDraft(author.id, second.id))?.text).toBe("Andere Diskussion");
    expect((await getDraft(other.id, first.id))?.text).toBe("Jemand anderes");
    const started = await getDraft(author.id, null);
    expect(started).toMatchObject({ title: "Mein zweiter Titel", category: "sea", html: "<p>Text</p>", text: "Text" });
    expect(await getDraft(other.id, null)).toBeNull();

    const listed = await listDrafts(author.id);
    expect(listed.map((item) => item.kind).sort()).toEqual(["discussion", "reply", "reply"]);
    expect(listed.find((item) => item.discussionId === first.id)?.href).toBe(`/discussion/${first.slug}#new-comment`);
  });

  it("is removed when the member publishes, and only theirs", async () => {
    const topic = await discussion();
    await saveDraft(author, reply(topic.id, "Gleich veröffentlicht"));
    await saveDraft(other, reply(topic.id, "Bleibt"));
    expect((await createComment(author, { discussionId: topic.id, content: "Gleich veröffentlicht" })).ok).toBe(true);
    expect(await getDraft(author.id, topic.id)).toBeNull();
    expect((await getDraft(other.id, topic.id))?.text).toBe("Bleibt");

    await saveDraft(other, {
      ...reply(topic.id, ""),
      discussionId: undefined,
      title: "Neue Frage",
      content: "<p>x</p>",
      contentFormat: "html",
    });
    await discussion(other);
    expect(await getDraft(other.id, null)).toBeNull();
  });

  it("is removed when emptied, sanitised when read back, and refused beyond a post's size", async () => {
    const topic = await discussion();
    await saveDraft(author, reply(topic.id, "etwas"));
    expect((await saveDraft(author, reply(topic.id, "   "))).ok).toBe(true);
    expect(await getDraft(author.id, topic.id)).toBeNull();

    const evil = '<p onclick="alert(1)">Hallo<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>';
    await saveDraft(author, {
      discussionId: undefined,
      parentId: undefined,
      title: "T",
      category: undefined,
      content: evil,
      contentFormat: "html",
    });
    const restored = await getDraft(author.id, null);
    expect(restored?.html).toBe("<p>Hallo</p>");

    const tooLong = await saveDraft(author, reply(topic.id, "x".repeat(10_001)));
    expect(tooLong).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("keeps the text of a refused comment as a draft, whoever calls the service, and is not kept for a discussion the member may not answer", async () => {
    const topic = await discussion();
    // The comment answered was deleted meanwhile: the reply is refused, its text waits.
    const refused = await createComment(other, {
      discussionId: topic.id,
      parentId: crypto.randomUUID(),
      content: "Abgelehnt, aber nicht verloren",
    });
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect((await getDraft(other.id, topic.id))?.text).toBe("Abgelehnt, aber nicht verloren");
    // A locked discussion takes no reply and keeps no draft for one.
    expect((await moderateDiscussion(moderator, { discussionId: topic.id, action: "lock", reason: "Pause" })).ok).toBe(true);
    expect((await createComment(author, { discussionId: topic.id, content: "Zu spät" })).ok).toBe(false);
    expect(await getDraft(author.id, topic.id)).toBeNull();

    const pending = await makeViewer({ approvalStatus: "pending" });
    expect(await saveDraft(pending, reply(topic.id, "Noch nicht freigeschaltet"))).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await saveDraft(author, reply(crypto.randomUUID(), "Gibt es nicht"))).toMatchObject({ ok: false, reason: "not-found" });
  });
});

describe("a new member's posting limit", () => {
  it("is counted by the service: the discussion over the limit is refused with a pause and keeps no draft; staff are not counted", async () => {
    const newcomer = await makeViewer({ firstName: "Neuling" });
    const input = (title: string) => ({
      title,
      category: "seo" as const,
      content: "Ein Beitrag",
      contentFormat: "text" as const,
      assignedTo: undefined,
    });
    for (let index = 0; index < newMemberRateRules.discussion.limit; index += 1)
      expect((await createDiscussion(newcomer, input(`Beitrag ${index + 1} eines neuen Mitglieds`))).ok).toBe(true);
    const refused = await createDiscussion(newcomer, input("Einer zu viel"));
    expect(refused).toMatchObject({ ok: false, reason: "too-many-requests", message: newMemberTexts.tooMany });
    expect(!refused.ok && refused.retryAfter).toBeGreaterThan(0);
    expect(await getDraft(newcomer.id, null)).toBeNull();
    for (let index = 0; index <= newMemberRateRules.discussion.limit; index += 1)
      expect((await createDiscussion(moderator, input(`Beitrag ${index + 1} der Moderatorin`))).ok).toBe(true);
  });
});

describe("revisions", () => {
  async function revisionNumbers(discussionId: string, commentId: string | null) {
    const rows = await db
      .select({ number: postRevisions.number })
      .from(postRevisions)
      .where(
        and(
          eq(postRevisions.discussionId, discussionId),
          commentId === null ? isNull(postRevisions.commentId) : eq(postRevisions.commentId, commentId),
        ),
      )
      .orderBy(asc(postRevisions.number));
    return rows.map((row) => row.number);
  }

  it("keeps each replaced version of a discussion, and shows the edit as a word diff", async () => {
    const topic = await discussion(author, "Alter Titel");
    const edit = (title: string, content: string) =>
      updateDiscussion(author, { discussionId: topic.id, title, category: "seo", content, contentFormat: "html" });
    expect((await edit("Alter Titel", "<p>Erste Fassung</p>")).ok).toBe(true);
    expect(await revisionNumbers(topic.id, null)).toEqual([]);
    expect((await edit("Neuer Titel", "<p>Zweite Fassung mit mehr Worten</p>")).ok).toBe(true);
    expect(await revisionNumbers(topic.id, null)).toEqual([1]);

    const current = (await getDiscussionBySlug(topic.slug))!;
    const history = await listRevisions(null, current, null);
    expect(history?.changes).toHaveLength(1);
    const [change] = history!.changes;
    // By first name, as the byline and the comments name members to guests (decision 0042).
    expect(change).toMatchObject({ number: 2, byModeration: false, editorName: "Autorin" });
    expect(change!.content!.filter((part) => part.kind === "removed").map((part) => part.text.trim())).toContain("Erste");
    expect(change!.content!.filter((part) => part.kind === "added").map((part) => part.text)).toContain("Zweite");
    expect(change!.title!.some((part) => part.kind === "added" && part.text === "Neuer")).toBe(true);
  });

  it("numbers ten parallel edits of one comment 1 to 10, in the order they replaced each other", async () => {
    const topic = await discussion();
    const created = await createComment(other, { discussionId: topic.id, content: "Fassung 0" });
    if (!created.ok) throw new Error(created.reason);
    const commentId = created.value.id;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        updateComment(other, { discussionId: topic.id, commentId, content: `Fassung ${index + 1}` }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await revisionNumbers(topic.id, commentId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // Each kept version is the one the next edit replaced: a chain from "Fassung 0" with every text once.
    const rows = await db
      .select({ content: postRevisions.content })
      .from(postRevisions)
      .where(eq(postRevisions.commentId, commentId))
      .orderBy(asc(postRevisions.number));
    expect(rows[0]!.content).toBe("<p>Fassung 0</p>");
    expect(new Set(rows.map((row) => row.content)).size).toBe(10);
  });

  it("numbers ten parallel edits of a discussion 1 to 10", async () => {
    const topic = await discussion();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        updateDiscussion(author, {
          discussionId: topic.id,
          title: topic.title,
          category: "seo",
          content: `<p>Fassung ${index + 1}</p>`,
          contentFormat: "html",
        }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await revisionNumbers(topic.id, null)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("marks moderation edits, and gives a hidden comment's history to staff and its author only", async () => {
    const topic = await discussion();
    const created = await createComment(other, { discussionId: topic.id, content: "Geheime erste Fassung" });
    if (!created.ok) throw new Error(created.reason);
    const commentId = created.value.id;
    expect((await updateComment(moderator, { discussionId: topic.id, commentId, content: "Von der Moderation gekürzt" })).ok).toBe(true);
    const hidden = await moderateComment(moderator, { discussionId: topic.id, commentId, action: "hide-comment", reason: "Spam" });
    expect(hidden.ok).toBe(true);

    const forStaff = await listRevisions(moderator, topic, commentId);
    expect(forStaff?.post.hidden).toBe(true);
    expect(forStaff?.changes[0]).toMatchObject({ number: 2, byModeration: true });
    expect(forStaff?.changes[0]?.content?.some((part) => part.text.includes("Geheime"))).toBe(true);

    // Its author reads it where it was, marked hidden (decision 0048), and so its history; anyone else learns nothing.
    const forAuthor = await listRevisions(other, topic, commentId);
    expect(forAuthor?.post).toMatchObject({ hidden: true, held: false });
    expect(forAuthor?.changes[0]?.content.some((part) => part.text.includes("Geheime"))).toBe(true);
    expect(await listRevisions(author, topic, commentId)).toBeNull();
    expect(await listRevisions(null, topic, commentId)).toBeNull();
  });

  it("sanitises a revision's old content before it is shown", async () => {
    const topic = await discussion();
    // Stored content is sanitised on write; a revision written by other means is still read through the sanitiser.
    await db.insert(postRevisions).values({
      discussionId: topic.id,
      number: 1,
      content: '<p>alt<script>alert("x")</script><img src=x onerror=alert(1)></p>',
      contentFormat: "html",
      editorId: author.id,
    });
    const history = await listRevisions(null, topic, null);
    const words = history!.changes
      .flatMap((change) => change.content ?? [])
      .map((part) => part.text)
      .join("");
    expect(words).not.toContain("alert");
    expect(words).not.toContain("<");
  });
});
