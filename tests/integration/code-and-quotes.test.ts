import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { discussions } from "../../db/schema";
import { db } from "~/server/db";
import { createDiscussion, discussionMarkdown, getDiscussionBySlug, updateDiscussion } from "~/server/discussions";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

/** Code and quotes stored highlighted, shown and exported (decision 0032). */
let author: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Carla" });
});

const JSON_LD = '{\n  "@context": "https://schema.org",\n  "@type": "FAQPage"\n}';

async function discussionWith(title: string, content: string) {
  const outcome = await createDiscussion(author, { title, category: "seo", content, contentFormat: "html", assignedTo: undefined });
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

async function stored(id: string) {
  const [row] = await db.select({ content: discussions.content }).from(discussions).where(eq(discussions.id, id));
  return row!.content;
}

describe("a discussion with a code block and a quote", () => {
  it("is stored with the code highlighted, and its quote linked to its source", async () => {
    const discussion = await discussionWith(
      "JSON-LD für FAQ",
      `<blockquote cite="/discussion/x#comment-1"><p><a href="/discussion/x#comment-1">Anna schrieb:</a></p><p>Zeig mal</p></blockquote>` +
        `<p>Hier <code>FAQPage</code>:</p><pre><code class="language-json">${JSON_LD.replace(/"/g, "&quot;")}</code></pre>`,
    );
    const content = await stored(discussion.id);
    expect(content).toContain('<pre tabindex="0"><code class="language-json"><span class="hljs-punctuation">{</span>');
    expect(content).toContain('<span class="hljs-attr">"@context"</span>');
    expect(content).toContain("<p>Hier <code>FAQPage</code>:</p>");
    expect(content).toContain('<blockquote cite="/discussion/x#comment-1"><p><a href="/discussion/x#comment-1">Anna schrieb:</a></p>');
  });

  it("is highlighted again when edited, whatever the edit sent inside the block", async () => {
    const discussion = await discussionWith("Regex für Weiterleitungen", "<p>Erst ohne Code</p>");
    const outcome = await updateDiscussion(author, {
      discussionId: discussion.id,
      title: discussion.title,
      category: "seo",
      content: '<pre><code class="language-python"><span class="hljs-string" style="x">import</span> re</code></pre>',
      contentFormat: "html",
    });
    expect(outcome.ok).toBe(true);
    expect(await stored(discussion.id)).toBe(
      '<pre tabindex="0"><code class="language-python"><span class="hljs-keyword">import</span> re</code></pre>',
    );
  });

  it("reads as Markdown with a fenced block in its language and a quote", async () => {
    const discussion = await discussionWith(
      "Markdown mit Code",
      `<blockquote><p>Zitat</p></blockquote><p>Nutzen Sie <code>noindex</code>.</p><pre><code class="language-json">${JSON_LD}</code></pre>`,
    );
    const markdown = (await discussionMarkdown(discussion.slug))!;
    expect(markdown).toContain("> Zitat");
    expect(markdown).toContain("Nutzen Sie `noindex`.");
    expect(markdown).toContain("```json\n" + JSON_LD + "\n```");
    expect(markdown).not.toContain("hljs");
  });
});
