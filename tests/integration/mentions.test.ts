import { and, eq } from "drizzle-orm";
import { defaultSiteIdentity } from "~/lib/site-identity";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, discussions, notifications, notificationSettings, profiles, user } from "../../db/schema";
import { mentionToken, splitMentions } from "~/lib/mentions";
import {
  createComment,
  discussionMarkdown,
  getDiscussionBySlug,
  listCommentPage,
  suggestMembers,
  updateComment,
  updateDiscussion,
} from "~/server/discussions";
import { db } from "~/server/db";
import { discussionCommentsFeed, discussionJsonLd, rssFeed } from "~/server/seo";
import { updateOwnProfile } from "~/server/members";
import { searchDiscussions } from "~/server/search";
import { moderateDiscussion } from "~/server/moderation";
import { loader as discussionLoader } from "~/routes/discussion";
import { loader as suggestionsLoader } from "~/routes/members.suggestions";
import { mentionSuggestionsPerMember, type Viewer } from "~/server/accounts";
import { makeViewer, signedInMember } from "../support/members";
import { discussionBy } from "../support/content";

let author: Viewer;
let anna: Viewer;
let ben: Viewer;
let pending: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  anna = await makeViewer({ firstName: "Anna" });
  ben = await makeViewer({ firstName: "Ben" });
  pending = await makeViewer({ firstName: "Wartend", approvalStatus: "pending" });
  moderator = await makeViewer({ firstName: "Moderator", role: "moderator" });
});

const link = (member: Viewer) => `<a href="/profile/${member.id}" data-mention="${member.id}">@${member.id.slice(0, 4)}</a>`;
const mentionLink = (member: Viewer, name: string) => `<a href="/profile/${member.id}" data-mention="${member.id}">@${name}</a>`;

const discussion = (by: Viewer, content: string) => discussionBy(by, { title: `Erwähnung ${Math.random()}`, category: "sea", content });

async function mentionsOf(member: Viewer, discussionId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipientId, member.id), eq(notifications.discussionId, discussionId), eq(notifications.kind, "mention")));
}

describe("mentions in a discussion", () => {
  it("notify each mentioned approved member once, never the author, and keep forged ones as text", async () => {
    const d = await discussion(
      author,
      `<p>${link(anna)} ${link(anna)} ${link(author)} ${link(pending)} <a href="/profile/nobody" data-mention="nobody">@Niemand</a></p>`,
    );
    expect(await mentionsOf(anna, d.id)).toMatchObject([{ count: 1, actorId: author.id, commentId: null }]);
    expect(await mentionsOf(author, d.id)).toHaveLength(0);
    expect(await mentionsOf(pending, d.id)).toHaveLength(0);
    const [stored] = await db.select({ content: discussions.content }).from(discussions).where(eq(discussions.id, d.id));
    expect(stored!.content).toContain(`data-mention="${anna.id}"`);
    expect(stored!.content).not.toContain(`data-mention="${pending.id}"`);
    expect(stored!.content).toContain("<span>@Niemand</span>");
  });

  it("an edit notifies only newly mentioned members", async () => {
    const d = await discussion(author, `<p>${link(anna)}</p>`);
    const edit = (content: string) =>
      updateDiscussion(author, { discussionId: d.id, title: d.title, category: "sea", content, contentFormat: "html" });
    expect((await edit(`<p>${link(anna)} und ${link(ben)}</p>`)).ok).toBe(true);
    expect(await mentionsOf(anna, d.id)).toMatchObject([{ count: 1 }]);
    expect(await mentionsOf(ben, d.id)).toMatchObject([{ count: 1 }]);
  });

  it("an edit of a hidden discussion notifies nobody", async () => {
    const d = await discussion(author, "<p>Noch ohne Erwähnung</p>");
    expect((await moderateDiscussion(moderator, { discussionId: d.id, action: "hide-discussion", reason: "Prüfung" })).ok).toBe(true);
    const outcome = await updateDiscussion(moderator, {
      discussionId: d.id,
      title: d.title,
      category: "sea",
      content: `<p>${link(anna)}</p>`,
      contentFormat: "html",
    });
    expect(outcome.ok).toBe(true);
    expect(await mentionsOf(anna, d.id)).toHaveLength(0);
  });

  it("at most ten members per post are mentioned; the rest stay text and notify nobody", async () => {
    const members = await Promise.all(Array.from({ length: 11 }, (_, index) => makeViewer({ firstName: `Viele${index}` })));
    const d = await discussion(author, `<p>${members.map(link).join(" ")}</p>`);
    const told = await Promise.all(members.map(async (member) => (await mentionsOf(member, d.id)).length));
    expect(told).toEqual([...Array(10).fill(1), 0]);
    const [stored] = await db.select({ content: discussions.content }).from(discussions).where(eq(discussions.id, d.id));
    expect(stored!.content).not.toContain(`data-mention="${members[10]!.id}"`);
  });
});

describe("mentions in a comment", () => {
  it("notify the mentioned member, turn unknown tokens into text and on an edit tell only the new ones", async () => {
    const d = await discussion(author, "<p>Inhalt</p>");
    const created = await createComment(ben, {
      discussionId: d.id,
      content: `Hallo ${mentionToken("Anna A.", anna.id)} und ${mentionToken("Ben", ben.id)} und ${mentionToken("Fremd", "nobody")}`,
    });
    if (!created.ok) throw new Error(created.reason);
    const [stored] = await db.select({ content: comments.content }).from(comments).where(eq(comments.id, created.value.id));
    // Tokens in plain text (the textarea's) become mention links of the stored rich text; an unknown one stays text.
    expect(stored!.content).toBe(`<p>Hallo ${mentionLink(anna, "Anna A.")} und ${mentionLink(ben, "Ben")} und <span>@Fremd</span></p>`);
    expect(await mentionsOf(anna, d.id)).toMatchObject([{ count: 1, commentId: created.value.id, actorId: ben.id }]);
    expect(await mentionsOf(ben, d.id)).toHaveLength(0);

    const edited = await updateComment(ben, {
      discussionId: d.id,
      commentId: created.value.id,
      content: stored!.content.replace("</p>", ` ${link(author)}</p>`),
      contentFormat: "html",
    });
    expect(edited.ok).toBe(true);
    expect(await mentionsOf(anna, d.id)).toMatchObject([{ count: 1 }]);
    expect(await mentionsOf(author, d.id)).toMatchObject([{ count: 1, commentId: created.value.id }]);
  });

  it("a member who turned mentions off in the page and by mail hears nothing", async () => {
    const d = await discussion(author, "<p>Inhalt</p>");
    await db.insert(notificationSettings).values({ memberId: ben.id, kind: "mention", inPage: false, email: false });
    await createComment(anna, { discussionId: d.id, content: `${mentionToken("Ben", ben.id)}` });
    expect(await mentionsOf(ben, d.id)).toHaveLength(0);
  });
});

describe("member suggestions", () => {
  it("offer approved members whose name starts with the query, at most eight, by name", async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    for (let index = 0; index < 9; index++) await makeViewer({ firstName: `${tag}${index}` });
    await makeViewer({ firstName: `${tag}Wartend`, approvalStatus: "pending" });
    const found = await suggestMembers(tag.toLowerCase());
    expect(found.map((member) => member.name.split(" ")[0])).toEqual(Array.from({ length: 8 }, (_, index) => `${tag}${index}`));
    expect(found[0]).toEqual({ id: expect.any(String), name: expect.stringContaining(tag), avatarUrl: null });
    expect(await suggestMembers("%")).toEqual([]);
  });

  it("answer a guest with 401 in German, not for search engines", async () => {
    const response = await suggestionsLoader({ request: new Request("http://localhost/members/suggestions?q=A") } as never);
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(await response.json()).toEqual({ message: "Bitte melden Sie sich an." });
  });

  it("answer a member 120 times a minute, then 429 in German; another member is not held up", async () => {
    const ask = (cookie: string) =>
      suggestionsLoader({ request: new Request("http://localhost/members/suggestions?q=Anna", { headers: { Cookie: cookie } }) } as never);
    const [sweeper, other] = [await signedIn(), await signedIn()];
    for (let index = 0; index < mentionSuggestionsPerMember.limit; index++)
      expect((await ask(sweeper)).status, `request ${index + 1}`).toBe(200);
    const refused = await ask(sweeper);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Zu viele Anfragen. Bitte warten Sie einen Moment." });
    expect((await ask(other)).status).toBe(200);
  });
});

/** The Cookie header of a fresh session of a new approved member. */
const signedIn = async () => (await signedInMember({ firstName: "Vorschlag", lastName: "Frager" })).cookie;

describe("mentions typed by hand (without JavaScript)", () => {
  it("a typed full name of exactly one approved member becomes a mention; an ambiguous or unknown one stays text", async () => {
    // Names are letters only: the run's tag spells its digits as letters.
    const tag = `Hand${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
    const unique = await makeViewer({ firstName: `${tag}Eins` });
    await makeViewer({ firstName: `${tag}Zwei` });
    await makeViewer({ firstName: `${tag}Zwei` });
    const d = await discussion(author, "<p>Inhalt</p>");
    const created = await createComment(ben, {
      discussionId: d.id,
      content: `Frag @${tag}Eins Mitglied oder @${tag}Zwei Mitglied oder @Niemand Hier.`,
    });
    if (!created.ok) throw new Error(created.reason);
    const [stored] = await db.select({ content: comments.content }).from(comments).where(eq(comments.id, created.value.id));
    expect(stored!.content).toBe(`<p>Frag ${mentionLink(unique, `${tag}Eins Mitglied`)} oder @${tag}Zwei Mitglied oder @Niemand Hier.</p>`);
    expect(await mentionsOf(unique, d.id)).toMatchObject([{ count: 1 }]);
  });
});

describe("mentions and replies", () => {
  it("a mentioned discussion author hears of the comment once, as a mention; one who turned mentions off still hears of the reply", async () => {
    const d = await discussion(anna, "<p>Annas Frage</p>");
    await createComment(ben, { discussionId: d.id, content: `${mentionToken("Anna", anna.id)} hier die Antwort` });
    const rows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, anna.id), eq(notifications.discussionId, d.id)));
    expect(rows.map((row) => row.kind)).toEqual(["mention"]);

    const quiet = await makeViewer({ firstName: "Leise" });
    await db.insert(notificationSettings).values({ memberId: quiet.id, kind: "mention", inPage: false, email: false });
    const own = await discussion(quiet, "<p>Leises Thema</p>");
    await createComment(ben, { discussionId: own.id, content: `${mentionToken("Leise", quiet.id)} bitte` });
    const quietRows = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, quiet.id), eq(notifications.discussionId, own.id)));
    expect(quietRows.map((row) => row.kind)).toEqual(["reply-to-discussion"]);
  });
});

describe("a mention shows the member's current name, not the text it was written with", () => {
  const forged = (member: Viewer, text: string) => `<a href="/profile/${member.id}" data-mention="${member.id}">${text}</a>`;

  /**
   * A visible discussion, a comment and an old plain-text comment (stored before comments took rich text, decision
   * 0040), each naming `member` as "@Adm" and `gone` (deleted afterwards) as "@Weg Gegangen".
   */
  async function forgedThread(member: Viewer, gone: Viewer) {
    const tag = `Namensprobe${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
    const d = await discussion(author, `<p>${tag} fragt ${forged(member, "@Adm")} und ${forged(gone, "@Weg Gegangen")}</p>`);
    const created = await createComment(ben, {
      discussionId: d.id,
      content: `<p>Frag ${forged(member, "@Adm")} oder ${forged(gone, "@Weg Gegangen")}</p>`,
      contentFormat: "html",
    });
    if (!created.ok) throw new Error(created.reason);
    await db.insert(comments).values({
      discussionId: d.id,
      authorId: ben.id,
      content: `Frag ${mentionToken("Adm", member.id)} oder ${mentionToken("Weg Gegangen", gone.id)}`,
      createdAt: new Date(Date.now() + 1000),
    });
    await db.delete(user).where(eq(user.id, gone.id));
    return { d, tag, commentId: created.value.id };
  }

  /** The discussion page's loader data, as a guest's document request gets it. */
  const pageOf = async (slug: string) =>
    (await discussionLoader({
      request: new Request(`http://localhost:3000/discussion/${slug}`),
      params: { slug },
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    } as never)) as {
      discussion: { content: string | null };
      comments: Array<{ content: string | null }>;
    };

  it("on the page, in Markdown, JSON-LD, the feeds and search snippets; a deleted member's mention is plain text", async () => {
    const member = await makeViewer({ firstName: "Echte" });
    const gone = await makeViewer({ firstName: "Geloescht" });
    const { d, tag } = await forgedThread(member, gone);
    const real = `@Echte Mitglied`;

    const shown = await pageOf(d.slug);
    expect(shown.discussion.content).toContain(`<a href="/profile/${member.id}" data-mention="${member.id}">${real}</a>`);
    expect(shown.discussion.content).not.toContain("@Adm");
    expect(shown.discussion.content).not.toContain(gone.id);
    expect(shown.discussion.content).toContain("@Weg Gegangen");
    expect(shown.comments.map((comment) => comment.content)).toEqual([
      `<p>Frag ${mentionLink(member, "Echte Mitglied")} oder @Weg Gegangen</p>`,
      `Frag ${mentionToken("Echte Mitglied", member.id)} oder @Weg Gegangen`,
    ]);
    const { comments: page } = await listCommentPage(d.id, 1, { includeHidden: false });

    const markdown = (await discussionMarkdown(d.slug))!;
    expect(markdown).toContain(`[${real}](`);
    expect(markdown).toContain(`Frag [${real}](/profile/${member.id}) oder @Weg Gegangen`);
    expect(markdown).toContain(`Frag ${real} oder @Weg Gegangen`);
    expect(markdown).not.toContain("Adm");

    const jsonLd = JSON.stringify(
      discussionJsonLd({ ...(await getDiscussionBySlug(d.slug))!, content: shown.discussion.content! }, page, 1, defaultSiteIdentity),
    );
    expect(jsonLd).toContain(`fragt ${real} und @Weg Gegangen`);
    expect(jsonLd.split(`"text":"Frag ${real} oder @Weg Gegangen"`)).toHaveLength(3);
    expect(jsonLd).not.toContain("Adm");

    const { xml: feed } = await rssFeed({ title: "Alle", path: "/", feedPath: "/feed.xml" });
    expect(feed).toContain(`fragt ${real} und @Weg Gegangen`);
    const commentFeed = await discussionCommentsFeed(d);
    expect(commentFeed.split(`<description>Frag ${real} oder @Weg Gegangen</description>`)).toHaveLength(3);
    expect(feed + commentFeed).not.toContain("Adm");

    const found = await searchDiscussions({ query: tag, category: undefined, dateRange: undefined, sortBy: "newest", status: undefined });
    expect(found.hits.map((hit) => hit.snippet)).toEqual([expect.stringContaining(`fragt ${real} und @Weg Gegangen`)]);
  });

  it("follows a rename", async () => {
    const member = await makeViewer({ firstName: "Vorher" });
    const gone = await makeViewer({ firstName: "Fort" });
    const { d } = await forgedThread(member, gone);
    expect(
      (
        await updateOwnProfile(member, {
          profileId: member.id,
          firstName: "Nachher",
          lastName: "Umbenannt",
          company: "",
          expertise: "seo",
          experience: "experte",
          bio: "",
        })
      ).ok,
    ).toBe(true);
    const shown = await pageOf(d.slug);
    expect(shown.discussion.content).toContain(`data-mention="${member.id}">@Nachher Umbenannt</a>`);
    expect(shown.comments[0]!.content).toContain(mentionLink(member, "Nachher Umbenannt"));
    expect(shown.comments[1]!.content).toContain(mentionToken("Nachher Umbenannt", member.id));
  });

  it("a name too long for a token still shows, shortened", async () => {
    const member = await makeViewer({ firstName: "L".repeat(60) });
    const d = await discussion(author, "<p>Inhalt</p>");
    await db
      .update(profiles)
      .set({ lastName: "N".repeat(60) })
      .where(eq(profiles.id, member.id));
    const created = await createComment(ben, { discussionId: d.id, content: `Hallo ${mentionToken("Kurz", member.id)}` });
    if (!created.ok) throw new Error(created.reason);
    // An old plain-text comment's token holds 80 characters of a name.
    await db.insert(comments).values({
      discussionId: d.id,
      authorId: ben.id,
      content: `Hallo ${mentionToken("Kurz", member.id)}`,
      createdAt: new Date(Date.now() + 1000),
    });
    const { comments: page } = await listCommentPage(d.id, 1, { includeHidden: false });
    expect(page[0]!.content).toBe(`<p>Hallo ${mentionLink(member, `${"L".repeat(60)} ${"N".repeat(60)}`)}</p>`);
    expect(splitMentions(page[1]!.content)).toEqual([
      { kind: "text", text: "Hallo " },
      { kind: "mention", name: expect.stringMatching(/^L{60} N{18}…$/), memberId: member.id },
    ]);
  });
});
