/**
 * Comments in rich text (decision 0040): what the editor sends is stored sanitised and highlighted like a
 * discussion's body, the textarea's plain text as paragraphs, and a comment stored as plain text before stays
 * exactly as it was on every output until its first edit. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { defaultSiteIdentity } from "~/lib/site-identity";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, postRevisions } from "../../db/schema";
import { mentionToken } from "~/lib/mentions";
import { quoteText } from "~/lib/rich-text";
import { COMMENT_MAX_LENGTH, commentTexts } from "~/lib/schemas/discussion";
import {
  createComment,
  createDiscussion,
  discussionMarkdown,
  getDiscussionBySlug,
  listCommentPage,
  listRevisions,
  updateComment,
} from "~/server/discussions";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import { discussionCommentsFeed, discussionJsonLd } from "~/server/seo";
import { listBookmarks, setBookmark } from "~/server/bookmarks";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { XSS_CORPUS } from "../support/xss-corpus";

let asker: Viewer;
let writer: Viewer;

beforeAll(async () => {
  asker = await makeViewer({ firstName: "Fragende" });
  writer = await makeViewer({ firstName: "Schreibende" });
});

async function topic(title = `Reicher Kommentar ${Math.random()}`) {
  const created = await createDiscussion(asker, {
    title,
    category: "seo",
    content: "<p>Frage</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  return (await getDiscussionBySlug(created.value.slug))!;
}

async function stored(commentId: string) {
  return (await db.select().from(comments).where(eq(comments.id, commentId)))[0]!;
}

/**
 * What must never come out of a write or a page: an element that runs or embeds, an event handler or style on a
 * tag, an address that runs or has no scheme, an image from another host. In markup only: the same words as
 * escaped text are text (and a web address written as text is a link, as it always was).
 */
const RUNS = new RegExp(
  [
    String.raw`<(script|iframe|svg|math|style|object|embed|template)\b`,
    String.raw`<[a-z][^<>]*\s(on[a-z]+|style)\s*=`,
    String.raw`<[a-z][^<>]*\s(href|src|cite|srcset)\s*=\s*"\s*(javascript:|data:|vbscript:|//)`,
    String.raw`<[a-z][^<>]*\s(src|srcset)\s*=\s*"[^"]*evil\.example`,
  ].join("|"),
  "i",
);

/** The corpus of the sanitiser's unit tests, with code blocks, quotes and images in play. */
const attacks = [
  ...XSS_CORPUS,
  "<pre><code><img src=x onerror=alert(9)></code></pre>",
  '<pre><code class="language-js"><script>alert(10)</script></code></pre>',
  '<blockquote cite="javascript:alert(11)" onmouseover="alert(12)"><a href="javascript:alert(13)">x</a><svg onload=alert(14)></svg></blockquote>',
  '<pre><code class="language-&quot;&gt;&lt;script&gt;alert(15)&lt;/script&gt;">x</code></pre>',
  '<span class="hljs-string" style="background:url(javascript:alert(16))">x</span>',
  '<img src="/images/0b5c2d7e-1234-4abc-8def-0123456789ab/960.webp" onerror="alert(17)">',
  '<a href="https://evil.example/" data-image=""><img src="https://evil.example/x.webp" alt="x"></a>',
  '<a href="/profile/x" data-mention="x" onclick="alert(18)">@Fremd</a>',
];

describe("a comment from the editor", () => {
  it("is stored sanitised, its code block highlighted, as rich text", async () => {
    const d = await topic();
    const created = await createComment(writer, {
      discussionId: d.id,
      content:
        '<p>So geht es mit <code>noindex</code>:</p><pre><code class="language-json">{"@type": "Product", "sku": "a-1"}</code></pre>' +
        '<blockquote cite="/discussion/x#comment-1"><p><a href="/discussion/x#comment-1">Anna schrieb:</a></p><p>Und wie?</p></blockquote>',
      contentFormat: "html",
    });
    if (!created.ok) throw new Error(created.reason);
    const row = await stored(created.value.id);
    expect(row.contentFormat).toBe("html");
    expect(row.content).toContain("<p>So geht es mit <code>noindex</code>:</p>");
    expect(row.content).toContain(
      '<pre tabindex="0"><code class="language-json"><span class="hljs-punctuation">{</span><span class="hljs-attr">"@type"</span>',
    );
    expect(row.content).toContain('<blockquote cite="/discussion/x#comment-1"><p><a href="/discussion/x#comment-1">Anna schrieb:</a></p>');
    const [shown] = (await listCommentPage(d.id, 1, { includeHidden: false })).comments;
    expect(shown).toMatchObject({ contentFormat: "html", content: row.content });
  });

  it("runs nothing of the XSS corpus: not stored, not on the page, in Markdown or JSON-LD, neither on create nor on edit", async () => {
    // The check catches the corpus as written.
    expect(attacks.filter((attack) => RUNS.test(attack)).length).toBeGreaterThanOrEqual(attacks.length - 2);
    for (const contentFormat of ["html", "text"] as const) {
      const d = await topic();
      for (const attack of attacks) {
        const created = await createComment(writer, { discussionId: d.id, content: `<p>Vorwort</p>${attack}`, contentFormat });
        if (!created.ok) throw new Error(`${attack}: ${created.reason}`);
        expect((await stored(created.value.id)).content, attack).not.toMatch(RUNS);
        const edited = await updateComment(writer, {
          discussionId: d.id,
          commentId: created.value.id,
          content: `<p>Nachwort</p>${attack}`,
          contentFormat,
        });
        expect(edited.ok, attack).toBe(true);
        expect((await stored(created.value.id)).content, attack).not.toMatch(RUNS);
      }
      const { comments: page } = await listCommentPage(d.id, 1, { includeHidden: false });
      expect(page).toHaveLength(attacks.length);
      for (const comment of page) expect(comment.content).not.toMatch(RUNS);
      // The replaced versions are kept, and read back sanitised (a revision's old content is no safer than new content).
      const revisions = await db.select().from(postRevisions).where(eq(postRevisions.discussionId, d.id));
      expect(revisions).toHaveLength(attacks.length);
      for (const revision of revisions) expect(revision.content).not.toMatch(RUNS);
      // From the editor the markup is gone; the textarea's is text, which Markdown and JSON-LD carry as text.
      if (contentFormat === "html") {
        expect(await discussionMarkdown(d.slug)).not.toMatch(RUNS);
        expect(JSON.stringify(discussionJsonLd(d, page, 1, defaultSiteIdentity))).not.toMatch(RUNS);
      }
    }
  });

  it("refuses one without words, and one with more words than a comment holds, however little markup", async () => {
    const d = await topic();
    for (const content of ["<p></p>", "<script>alert(1)</script>", "<p> <br> </p>"])
      expect(await createComment(writer, { discussionId: d.id, content, contentFormat: "html" }), content).toMatchObject({
        ok: false,
        reason: "invalid",
        message: commentTexts.missing,
      });
    const words = "Wort ".repeat(COMMENT_MAX_LENGTH / 5 + 1);
    expect(await createComment(writer, { discussionId: d.id, content: `<p>${words}</p>`, contentFormat: "html" })).toMatchObject({
      ok: false,
      message: commentTexts.tooLong,
    });
    // Markup does not count: a long highlighted code block of allowed length goes through.
    const code = `<pre><code class="language-json">${'{"a": 1, "b": [true, null]}\n'.repeat(300)}</code></pre>`;
    expect((await createComment(writer, { discussionId: d.id, content: code, contentFormat: "html" })).ok).toBe(true);
  });

  it("counts its links in the HTML for a new member's hold, and screens its words", async () => {
    const d = await topic();
    const newcomer = await makeViewer({ firstName: "Neuling" });
    const linked = await createComment(newcomer, {
      discussionId: d.id,
      content:
        '<p><a href="https://eins.example/">eins</a>, <a href="https://zwei.example/">zwei</a> und <a href="https://drei.example/">drei</a></p>',
      contentFormat: "html",
    });
    expect(linked).toMatchObject({ ok: true, value: { held: true } });
    const two = await createComment(newcomer, {
      discussionId: d.id,
      content: '<p><a href="https://eins.example/">eins</a> und https://zwei.example/</p>',
      contentFormat: "html",
    });
    expect(two).toMatchObject({ ok: true, value: { held: false } });
  });
});

describe("a comment from the textarea (without JavaScript)", () => {
  it("becomes paragraphs with line breaks, links and mentions, and a quote of a post cites it", async () => {
    const d = await topic();
    const quoted = quoteText(
      { author: "Anna", href: `/discussion/${d.slug}#comment-1`, text: "Erste Zeile\nzweite <Zeile>" },
      env.PUBLIC_URL,
    );
    const created = await createComment(writer, {
      discussionId: d.id,
      content: `${quoted}\n\nDanke ${mentionToken("Fragende", asker.id)}!\nMehr unter https://example.org/a_b.`,
    });
    if (!created.ok) throw new Error(created.reason);
    const row = await stored(created.value.id);
    expect(row.contentFormat).toBe("html");
    const href = `/discussion/${d.slug}#comment-1`;
    expect(row.content).toBe(
      `<blockquote cite="${href}"><p><a href="${href}">Anna schrieb:</a></p><p>Erste Zeile<br />zweite &lt;Zeile&gt;</p></blockquote>` +
        `<p>Danke <a href="/profile/${asker.id}" data-mention="${asker.id}">@Fragende</a>!<br />` +
        `Mehr unter <a href="https://example.org/a_b" rel="nofollow ugc noopener" target="_blank">https://example.org/a_b</a>.</p>`,
    );
  });
});

describe("a comment stored as plain text before comments took rich text", () => {
  const oldText = "Alte <b>Zeile</b> & mehr\nhttps://example.org/alt_x *kein Markdown*";

  async function oldComment() {
    const d = await topic(`Alter Kommentar ${Math.random()}`);
    const [row] = await db
      .insert(comments)
      .values({ discussionId: d.id, authorId: writer.id, content: oldText })
      .returning({ id: comments.id, contentFormat: comments.contentFormat });
    expect(row!.contentFormat).toBe("text");
    return { d: (await getDiscussionBySlug(d.slug))!, id: row!.id };
  }

  it("reads exactly as before: on the page, in Markdown, JSON-LD, the feed and a bookmark's excerpt", async () => {
    const { d, id } = await oldComment();
    const { comments: page } = await listCommentPage(d.id, 1, { includeHidden: false });
    expect(page).toMatchObject([{ id, content: oldText, contentFormat: "text" }]);
    const markdown = (await discussionMarkdown(d.slug))!;
    // Its markup as text, escaped like every other Markdown character: a tool that renders the Markdown runs none of it.
    expect(markdown).toContain("Alte \\<b>Zeile\\</b> & mehr  \n<https://example.org/alt_x> \\*kein Markdown\\*");
    expect(JSON.stringify(discussionJsonLd(d, page, 1, defaultSiteIdentity))).toContain(JSON.stringify(oldText).slice(1, -1));
    expect(await discussionCommentsFeed(d)).toContain(
      "<description>Alte &lt;b&gt;Zeile&lt;/b&gt; &amp; mehr\nhttps://example.org/alt_x *kein Markdown*</description>",
    );
    const reader = await makeViewer();
    expect((await setBookmark(reader, { discussionId: d.id, commentId: id, bookmarked: true })).ok).toBe(true);
    const { bookmarks } = await listBookmarks(reader, 1);
    expect(bookmarks[0]?.excerpt).toBe("Alte <b>Zeile</b> & mehr https://example.org/alt_x *kein Markdown*");
  });

  it("becomes rich text with its first edit, and the revision keeps the old text as text", async () => {
    const { d, id } = await oldComment();
    const edited = await updateComment(writer, { discussionId: d.id, commentId: id, content: "<p>Neue Zeile</p>", contentFormat: "html" });
    expect(edited.ok).toBe(true);
    expect(await stored(id)).toMatchObject({ content: "<p>Neue Zeile</p>", contentFormat: "html" });
    const [revision] = await db.select().from(postRevisions).where(eq(postRevisions.commentId, id));
    expect(revision).toMatchObject({ number: 1, content: oldText, contentFormat: "text" });
    const history = await listRevisions(writer, d, id);
    // The diff's earlier side is the old text as it was read.
    const earlier = history!.changes[0]!.content!.filter((part) => part.kind !== "added").map((part) => part.text);
    expect(earlier.join("")).toBe(oldText);
    // Saved unchanged (its words as they were, now as rich text): no revision is kept for nothing.
    const again = await oldComment();
    const same = await updateComment(writer, {
      discussionId: again.d.id,
      commentId: again.id,
      content: oldText,
    });
    expect(same.ok).toBe(true);
    expect(await db.$count(postRevisions, eq(postRevisions.commentId, again.id))).toBe(0);
  });
});
