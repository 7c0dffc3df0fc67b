/**
 * The feeds are XML 1.0 whatever a member typed: a title may hold characters
 * XML forbids (a control character pasted from elsewhere), and one such title
 * made the whole feed unreadable for every reader.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createComment, createDiscussion, getDiscussionBySlug } from "~/server/discussions";
import { discussionCommentsFeed, rssFeed } from "~/server/seo";
import { makeViewer } from "../support/members";

/** Throws with xmllint's message when `xml` is not well-formed. */
function assertWellFormed(xml: string) {
  try {
    execFileSync("xmllint", ["--noout", "-"], { input: xml, stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    throw new Error(`not well-formed XML: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
}

describe("a discussion titled with characters XML forbids", () => {
  it("leaves them out of the forum's feed, its category's feed and its comments feed, which stay well-formed", async () => {
    const author = await makeViewer({ firstName: "Autorin" });
    const title = "Steuer\u0001zeichen \uFFFE im <Titel> & „Zitat“";
    const created = await createDiscussion(author, {
      title,
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.reason);
    const discussion = (await getDiscussionBySlug(created.value.slug))!;
    expect(discussion.title).toBe(title);
    const comment = await createComment(author, { discussionId: discussion.id, content: "Ein Kommentar" });
    if (!comment.ok) throw new Error(comment.reason);

    const feeds = [
      await rssFeed({ title: "Alle", path: "/", feedPath: "/feed.xml" }),
      await rssFeed({ category: "seo", title: "SEO", path: "/subforum/seo", feedPath: "/subforum/seo/feed.xml" }),
      await discussionCommentsFeed(discussion),
    ];
    for (const xml of feeds) {
      assertWellFormed(xml);
      expect(xml).toContain("Steuerzeichen  im &lt;Titel&gt; &amp; „Zitat“");
    }
  });
});
