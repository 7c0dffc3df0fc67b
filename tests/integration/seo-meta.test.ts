import { beforeAll, describe, expect, it } from "vitest";
import { defaultSiteIdentity } from "~/lib/site-identity";
import { listCommentPage } from "~/server/discussions";
import { env, notModified } from "~/server/platform";
import { discussionCommentsFeed, discussionJsonLd, profileEntries } from "~/server/seo";
import { countContributions } from "~/server/members";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";

let author: Viewer;
let replier: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Autorin" });
  replier = await makeViewer({ firstName: "Antwortender" });
  moderator = await makeViewer({ role: "moderator" });
});

const comment = (viewer: Viewer, discussionId: string, content: string, parentId?: string) =>
  commentOn(discussionId, viewer, { content, parentId });

type CommentLd = { url: string; text: string; author: { name: string; url?: string }; comment?: CommentLd[] };
const flatten = (comments: CommentLd[] = []): CommentLd[] => comments.flatMap((c) => [c, ...flatten(c.comment)]);

describe("a hidden comment with two replies", () => {
  it("keeps the replies in the JSON-LD, as comments of the discussion, and out of nothing else", async () => {
    const discussion = await discussionBy(author, { title: "Ausgeblendet mit zwei Antworten" });
    const hidden = await comment(author, discussion.id, "Wird ausgeblendet");
    const first = await comment(replier, discussion.id, "Erste Antwort", hidden);
    const second = await comment(author, discussion.id, "Zweite Antwort", hidden);
    const other = await comment(replier, discussion.id, "Ein anderer Kommentar");
    await moderateComment(moderator, { discussionId: discussion.id, commentId: hidden, action: "hide-comment", reason: "Test" });

    // What a guest's page gets: the placeholder and the replies.
    const { comments } = await listCommentPage(discussion.id, 1, { includeHidden: false });
    expect(comments.map((c) => [c.id, c.placeholder])).toEqual([
      [hidden, true],
      [first, false],
      [second, false],
      [other, false],
    ]);
    const jsonLd = discussionJsonLd(discussion, comments, 1, defaultSiteIdentity) as unknown as {
      author: { name: string; url?: string };
      comment: CommentLd[];
    };
    const ids = flatten(jsonLd.comment).map((c) => c.url.split("#comment-")[1]);
    expect(ids.sort()).toEqual([first, second, other].sort());
    expect(jsonLd.comment.map((c) => c.text)).toEqual(["Erste Antwort", "Zweite Antwort", "Ein anderer Kommentar"]);
    expect(JSON.stringify(jsonLd)).not.toContain("Wird ausgeblendet");

    // Staff get the hidden comment on the page, marked; the JSON-LD stays the guests'.
    const staff = await listCommentPage(discussion.id, 1, { includeHidden: true });
    expect(discussionJsonLd(discussion, staff.comments, 1, defaultSiteIdentity)).toEqual(jsonLd);

    // The discussion's feed: the same three.
    const feed = await discussionCommentsFeed(discussion);
    const items = [...feed.matchAll(/<guid isPermaLink="true">[^<]*#comment-([0-9a-f-]{36})<\/guid>/g)].map((match) => match[1]);
    expect(items.sort()).toEqual([first, second, other].sort());
    expect(feed).not.toContain("Wird ausgeblendet");
  });

  it("names authors by first name and links the profile the page links", async () => {
    const discussion = await discussionBy(author, { title: "Vornamen im Markup" });
    await comment(replier, discussion.id, "Hallo");
    const { comments } = await listCommentPage(discussion.id, 1, { includeHidden: false });
    const jsonLd = discussionJsonLd(discussion, comments, 1, defaultSiteIdentity) as unknown as {
      author: { name: string; url?: string };
      comment: CommentLd[];
    };
    expect(jsonLd.author).toEqual({ "@type": "Person", name: "Autorin", url: `${env.PUBLIC_URL}/profile/${author.id}` });
    expect(jsonLd.comment[0]!.author).toEqual({ "@type": "Person", name: "Antwortender", url: `${env.PUBLIC_URL}/profile/${replier.id}` });
    expect(JSON.stringify(jsonLd)).not.toContain("Mitglied");
  });
});

describe("a discussion's comment feed", () => {
  it("links each comment to the page of the discussion that shows it", async () => {
    const discussion = await discussionBy(author, { title: "Feed ueber zwei Seiten" });
    let last = "";
    for (let i = 1; i <= 51; i++) last = await comment(replier, discussion.id, `Kommentar ${i}`);
    const feed = await discussionCommentsFeed(discussion);
    expect(feed).toContain(`<link>${env.PUBLIC_URL}/discussion/${discussion.slug}?page=2#comment-${last}</link>`);
    expect(feed.match(/<item>/g)).toHaveLength(50);
    expect(feed).toContain("<dc:creator>Antwortender</dc:creator>");
  });
});

describe("profiles in the sitemap and their counts", () => {
  it("lists approved members with a visible post, counting only what guests see", async () => {
    const writer = await makeViewer({ firstName: "Schreiberin" });
    const silent = await makeViewer({ firstName: "Stille" });
    const hiddenOnly = await makeViewer({ firstName: "Versteckt" });
    const pending = await makeViewer({ firstName: "Wartend", approvalStatus: "pending" });
    const discussion = await discussionBy(writer, { title: "Profile in der Sitemap" });
    await comment(writer, discussion.id, "Sichtbar");
    await moderateComment(moderator, {
      discussionId: discussion.id,
      commentId: await comment(hiddenOnly, discussion.id, "Ausgeblendet"),
      action: "hide-comment",
      reason: "Test",
    });
    const hiddenDiscussion = await discussionBy(writer, { title: "Ausgeblendete Diskussion" });
    await comment(writer, hiddenDiscussion.id, "In einer ausgeblendeten Diskussion");
    await moderateDiscussion(moderator, { discussionId: hiddenDiscussion.id, action: "hide-discussion", reason: "Test" });
    const paths = (await profileEntries()).map((entry) => entry.path);
    expect(paths).toContain(`/profile/${writer.id}`);
    for (const absent of [silent, hiddenOnly, pending]) expect(paths).not.toContain(`/profile/${absent.id}`);

    expect(await countContributions(writer.id)).toEqual({ discussions: 1, comments: 1 });
    expect(await countContributions(hiddenOnly.id)).toEqual({ discussions: 0, comments: 0 });
  });
});

describe("conditional requests (RFC 9110)", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const modified = new Date("2026-11-20T10:00:00Z");
  it("answers If-None-Match by the tag and If-Modified-Since by the date, the tag first", () => {
    expect(notModified(headers({ "If-None-Match": '"a"' }), '"a"', modified)).toBe(true);
    expect(notModified(headers({ "If-None-Match": '"b"' }), '"a"', modified)).toBe(false);
    expect(notModified(headers({ "If-Modified-Since": modified.toUTCString() }), '"a"', modified)).toBe(true);
    expect(notModified(headers({ "If-Modified-Since": new Date(modified.getTime() - 1000).toUTCString() }), '"a"', modified)).toBe(false);
    // With both, the tag decides: a changed feed with an old date is not "not modified".
    expect(notModified(headers({ "If-None-Match": '"b"', "If-Modified-Since": modified.toUTCString() }), '"a"', modified)).toBe(false);
    expect(notModified(headers({ "If-Modified-Since": "kein Datum" }), '"a"', modified)).toBe(false);
    expect(notModified(headers({}), '"a"', modified)).toBe(false);
  });
});
