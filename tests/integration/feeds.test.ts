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
import { eq } from "drizzle-orm";
import { discussions } from "../../db/schema";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import { loader as feedLoader } from "~/routes/feed";
import { loader as subforumFeedLoader } from "~/routes/subforum.feed";

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
      (await rssFeed({ title: "Alle", path: "/", feedPath: "/feed.xml" })).xml,
      (await rssFeed({ category: "seo", title: "SEO", path: "/subforum/seo", feedPath: "/subforum/seo/feed.xml" })).xml,
      await discussionCommentsFeed(discussion),
    ];
    for (const xml of feeds) {
      assertWellFormed(xml);
      expect(xml).toContain("Steuerzeichen  im &lt;Titel&gt; &amp; „Zitat“");
    }
  });
});

describe("a list feed's Last-Modified", () => {
  it("is the newest change among its discussions, hidden ones included, the same in every process and after a restart", async () => {
    const author = await makeViewer({ firstName: "Datiererin" });
    const created = await createDiscussion(author, {
      title: `Datum aus den Daten ${crypto.randomUUID()}`,
      category: "sea",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.reason);
    // Every discussion of this file's database changed at a known time in the past.
    await db.update(discussions).set({ changedAt: new Date("2026-01-05T10:00:00.250Z") });
    await db
      .update(discussions)
      .set({ changedAt: new Date("2026-02-07T08:30:00Z"), hiddenAt: new Date() })
      .where(eq(discussions.slug, created.value.slug));
    const args = (path: string, params: Record<string, string> = {}) =>
      ({ request: new Request(`http://localhost:3000${path}`), params, context: {} }) as never;
    const all = (await feedLoader(args("/feed.xml"))) as Response;
    const sea = (await subforumFeedLoader(args("/subforum/sea/feed.xml", { segment: "sea" }))) as Response;
    // Hiding took the discussion out of both feeds and moved its change: the feeds changed then.
    for (const response of [all, sea]) {
      expect(response.headers.get("Last-Modified")).toBe("Sat, 07 Feb 2026 08:30:00 GMT");
      expect(await response.text()).toContain("<lastBuildDate>Sat, 07 Feb 2026 08:30:00 GMT</lastBuildDate>");
    }
    const seo = (await subforumFeedLoader(args("/subforum/seo/feed.xml", { segment: "seo" }))) as Response;
    expect(seo.headers.get("Last-Modified")).toBe("Mon, 05 Jan 2026 10:00:00 GMT");
  });
});

describe("a tagged discussion in the feeds", () => {
  it("names each of its tags as a further category whose domain is the tag's page (decision 0053)", async () => {
    const staff = await makeViewer({ role: "moderator", firstName: "Verschlagworterin" });
    const created = await createDiscussion(staff, {
      title: `Mit Schlagwörtern ${crypto.randomUUID()}`,
      category: "sea",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      assignedTo: undefined,
      tags: ["Performance Max", "E-Commerce"],
    });
    if (!created.ok) throw new Error(created.reason);
    const feeds = [
      (await rssFeed({ title: "Alle", path: "/", feedPath: "/feed.xml" })).xml,
      (await rssFeed({ category: "sea", title: "SEA", path: "/subforum/sea", feedPath: "/subforum/sea/feed.xml" })).xml,
    ];
    for (const xml of feeds) {
      assertWellFormed(xml);
      const item = xml.split("<item>").find((entry) => entry.includes(created.value.slug))!;
      expect(item).toContain(`<category domain="${env.PUBLIC_URL}/tags/e-commerce">E-Commerce</category>`);
      expect(item).toContain(`<category domain="${env.PUBLIC_URL}/tags/performance-max">Performance Max</category>`);
    }
  });
});
