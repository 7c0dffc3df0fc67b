import { beforeAll, describe, expect, it } from "vitest";
import { loader as markdownLoader } from "~/routes/discussion.md";
import { loader as llmsLoader } from "~/routes/llms";
import { categories, categoryHref, categoryLabels } from "~/lib/categories";
import { discussionMarkdown, MARKDOWN_COMMENT_LIMIT } from "~/server/discussions";
import { env } from "~/server/platform";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import type { Viewer } from "~/server/accounts";
import { comments, discussions } from "../../db/schema";
import { eq } from "drizzle-orm";
import { TAG_INDEX_THRESHOLD } from "~/lib/tags";
import { db } from "~/server/db";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";
import { XSS_CORPUS } from "../support/xss-corpus";

let author: Viewer;
let reader: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  // A writer of long standing: she posts more than a newcomer may in an hour (decision 0035).
  author = await makeViewer({ firstName: "Ilka", joinedDaysAgo: 30 });
  reader = await makeViewer({ firstName: "Bruno", joinedDaysAgo: 30 });
  moderator = await makeViewer({ firstName: "Moni", role: "moderator" });
});

async function discussionWith(
  title: string,
  content = '<p>Erster Absatz mit <strong>fett</strong> und <a href="https://example.org/a_b">Link</a>.</p><ul><li>Punkt eins</li><li>Punkt zwei</li></ul>',
) {
  return discussionBy(author, { title, content });
}

const comment = (discussionId: string, content: string, parentId?: string) => commentOn(discussionId, reader, { content, parentId });

function markdownRequest(slug: string) {
  return markdownLoader({
    params: { slug },
    request: new Request(`http://localhost/discussion/${slug}.md`),
    context: {},
  } as never) as Promise<Response>;
}

describe("a discussion as Markdown", () => {
  it("holds the body and every visible comment, as a guest sees them, and never a hidden one", async () => {
    const discussion = await discussionWith("Markdown-Fassung mit ausgeblendeten Kommentaren");
    const visible = await comment(discussion.id, "Sichtbarer Kommentar *mit Sternchen*\nzweite Zeile https://example.org/x_y");
    await comment(discussion.id, "Sichtbare Antwort", visible);
    const hiddenAlone = await comment(discussion.id, "GEHEIM-OHNE-ANTWORT");
    const hiddenWithReply = await comment(discussion.id, "GEHEIM-MIT-ANTWORT");
    await comment(discussion.id, "Antwort auf Ausgeblendetes", hiddenWithReply);
    const hiddenReply = await comment(discussion.id, "GEHEIME-ANTWORT", visible);
    for (const id of [hiddenAlone, hiddenWithReply, hiddenReply])
      expect(
        (await moderateComment(moderator, { discussionId: discussion.id, commentId: id, action: "hide-comment", reason: "Spam" })).ok,
      ).toBe(true);

    const response = await markdownRequest(discussion.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(response.headers.get("Link")).toBe(`<${env.PUBLIC_URL}/discussion/${discussion.slug}>; rel="canonical"`);
    const text = await response.text();
    expect(text).toContain("# Markdown-Fassung mit ausgeblendeten Kommentaren\n");
    expect(text).toContain("Erster Absatz mit **fett** und [Link](https://example.org/a_b).");
    expect(text).toMatch(/^- +Punkt eins$/m);
    expect(text).toContain("- Von: Ilka\n");
    expect(text).toContain(`- Kategorie: [SEO](${env.PUBLIC_URL}${categoryHref("seo")})`);
    // The count the page shows: the three hidden comments are not counted.
    expect(text).toContain("- 3 Antworten\n");
    expect(text).toContain("### Kommentar von Bruno");
    expect(text).toContain("Sichtbarer Kommentar \\*mit Sternchen\\*  \nzweite Zeile <https://example.org/x_y>");
    expect(text).toContain("#### Antwort von Bruno");
    expect(text).toContain("Sichtbare Antwort");
    expect(text).toContain("Antwort auf Ausgeblendetes");
    // The page keeps a hidden comment with visible replies as a placeholder, without its text or author.
    expect(text).toContain("_Dieser Kommentar wurde von der Moderation ausgeblendet._");
    expect(text).not.toMatch(/GEHEIM|Spam|Moni/);
    // Full names stay off, as on the page.
    expect(text).not.toContain("Mitglied");
  });

  it("names its tags after its category, each linked to its tag page by its full address", async () => {
    const discussion = await discussionBy(moderator, { title: "Markdown mit Schlagwörtern", tags: ["GA4", "Core Web Vitals"] });
    const text = (await discussionMarkdown(discussion.slug))!;
    expect(text).toContain(
      `- Kategorie: [SEO](${env.PUBLIC_URL}${categoryHref("seo")})\n- Schlagwörter: [Core Web Vitals](${env.PUBLIC_URL}/tags/core-web-vitals), [GA4](${env.PUBLIC_URL}/tags/ga4)\n`,
    );
    const untagged = (await discussionMarkdown((await discussionWith("Markdown ohne Tags")).slug))!;
    expect(untagged).not.toContain("- Schlagwörter:");
  });

  it("does not exist for a hidden discussion, like the page", async () => {
    const discussion = await discussionWith("Ausgeblendete Diskussion als Markdown");
    expect((await markdownRequest(discussion.slug)).status).toBe(200);
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Off-Topic" })).ok).toBe(
      true,
    );
    const response = await markdownRequest(discussion.slug);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Ausgeblendete Diskussion");
    expect((await markdownRequest("gibt-es-nicht")).status).toBe(404);
  });

  it("holds at most the first comments of a very long thread, and says so", async () => {
    const discussion = await discussionWith("Lange Diskussion", "<p>Viele Kommentare</p>");
    for (let index = 1; index <= 4; index++) await comment(discussion.id, `Kommentar Nummer ${index}`);
    const text = (await discussionMarkdown(discussion.slug, 3))!;
    expect(text).toContain("Kommentar Nummer 3");
    expect(text).not.toContain("Kommentar Nummer 4");
    expect(text).toContain("Diese Fassung enthält die ersten 3 Kommentare");
    expect(await discussionMarkdown(discussion.slug)).not.toContain("Diese Fassung enthält");
    expect(MARKDOWN_COMMENT_LIMIT).toBe(500);
  });
});

describe("llms.txt", () => {
  it("names the forum, every category and the most discussed visible threads, linked to their Markdown", async () => {
    const busy = await discussionWith("Meistdiskutiert im Test");
    for (let index = 0; index < 30; index++) await comment(busy.id, `Beitrag ${index}`);
    const hidden = await discussionWith("Versteckt trotz vieler Kommentare");
    for (let index = 0; index < 31; index++) await comment(hidden.id, `Beitrag ${index}`);
    expect((await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Off-Topic" })).ok).toBe(
      true,
    );

    const response = await llmsLoader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("# Marketing Community\n\n> ")).toBe(true);
    for (const category of categories) {
      expect(text).toContain(`- [${categoryLabels[category]}](${env.PUBLIC_URL}${categoryHref(category)})`);
    }
    const threads = text.split("## Meistdiskutierte offene Diskussionen")[1]!.split("## Optional")[0]!;
    const first = threads.trim().split("\n")[0];
    expect(first).toBe(
      `- [Meistdiskutiert im Test](${env.PUBLIC_URL}/discussion/${busy.slug}.md): 30 Antworten, SEO, ${new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }).format(busy.createdAt)}`,
    );
    expect(text).not.toContain("Versteckt trotz vieler Kommentare");
    expect(text).not.toContain(hidden.slug);
    expect(threads.trim().split("\n").length).toBeLessThanOrEqual(20);
  });
});

describe("llms.txt's tags", () => {
  it("lists the tags with enough visible discussions to be indexed, linked to their pages; thinner ones stay out", async () => {
    for (let index = 0; index < TAG_INDEX_THRESHOLD; index++)
      await discussionBy(moderator, {
        title: `Viel getaggt ${index}`,
        tags: index === 0 ? ["Performance Max", "Selten"] : ["Performance Max"],
      });
    // A hidden discussion does not count: "Knapp" has one visible discussion fewer than the threshold.
    for (let index = 0; index < TAG_INDEX_THRESHOLD; index++) await discussionBy(moderator, { title: `Knapp ${index}`, tags: ["Knapp"] });
    const hidden = await discussionBy(moderator, { title: "Knapp ausgeblendet", tags: ["Knapp"] });
    const [first] = await db.select({ id: discussions.id }).from(discussions).where(eq(discussions.title, "Knapp 0"));
    for (const discussionId of [first!.id, hidden.id])
      expect((await moderateDiscussion(moderator, { discussionId, action: "hide-discussion", reason: "Off-Topic" })).ok).toBe(true);
    const text = await (await llmsLoader()).text();
    const section = text.split("## Schlagwörter")[1]!.split("\n## ")[0]!;
    expect(section).toContain(`- [Performance Max](${env.PUBLIC_URL}/tags/performance-max): ${TAG_INDEX_THRESHOLD} Diskussionen`);
    expect(section).not.toContain("/tags/selten");
    expect(section).not.toContain("/tags/knapp");
    expect(text.indexOf("## Kategorien")).toBeLessThan(text.indexOf("## Schlagwörter"));
  });
});

/**
 * Where raw HTML would start in Markdown (CommonMark's HTML blocks and inline HTML): "<" before a tag name, "/", "!"
 * or "?", unless escaped with a backslash. The forum's own autolinks ("<https://…>") are addresses, not HTML, and
 * code (fenced or inline) shows its characters as they are.
 */
function rawHtmlIn(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
  return [...withoutCode.matchAll(/(?<!\\)<(?!https?:\/\/[^\s<>]+>)[A-Za-z/!?][^\n]{0,40}/g)].map((match) => match[0]);
}

describe("raw HTML in what members wrote", () => {
  it("is escaped in the Markdown and in llms.txt, in titles, names, link texts and old plain-text comments: a renderer runs nothing", async () => {
    const title = `Titel <img src=x onerror=alert(1)> und <script>alert(2)</script>`;
    const writer = await makeViewer({ firstName: "<b onmouseover=alert(3)>Eve</b>", joinedDaysAgo: 30 });
    const discussion = await discussionBy(writer, {
      title,
      // Rich text whose words look like markup (the editor stores them as text), and a link text that does.
      content:
        '<p>&lt;script&gt;alert(4)&lt;/script&gt; und <a href="https://example.org/z">&lt;img src=x onerror=alert(5)&gt;</a> und https://example.org/y</p>',
    });
    // Every attack of the sanitiser's corpus in the words of a comment written now (stored as rich text) and of an
    // old plain-text comment, stored as it was typed before comments took rich text (decision 0040).
    await commentOn(discussion.id, reader, { content: XSS_CORPUS.join("\n"), contentFormat: "text" });
    const [old] = await db
      .insert(comments)
      .values({ discussionId: discussion.id, authorId: reader.id, content: `Alt: ${XSS_CORPUS.join("\n")}` })
      .returning({ contentFormat: comments.contentFormat });
    expect(old!.contentFormat).toBe("text");

    const markdown = await (await markdownRequest(discussion.slug)).text();
    expect(rawHtmlIn(markdown)).toEqual([]);
    // The words stay readable: escaped, not dropped.
    expect(markdown).toContain("# Titel \\<img src=x onerror=alert(1)> und \\<script>alert(2)\\</script>");
    expect(markdown).toContain("\\<b onmouseover=alert(3)>Eve\\</b>");
    expect(markdown).toContain("[\\<img src=x onerror=alert(5)>](https://example.org/z)");
    expect(markdown).toContain("Alt: \\<img src=x onerror=alert(1)>  \n\\<script>alert(2)\\</script>");
    expect(markdown.match(/\\<svg onload=alert\(7\)>\\<circle\/>\\<\/svg>/g)).toHaveLength(2);
    // An address in an old comment is still a link, inside the escaped markup around it.
    expect(markdown).toContain('\\<iframe src="<https://evil.example>">\\</iframe>');

    const llms = await (await llmsLoader()).text();
    const line = llms.split("\n").find((entry) => entry.includes(`/discussion/${discussion.slug}.md`));
    expect(line).toContain(
      `- [Titel \\<img src=x onerror=alert(1)> und \\<script>alert(2)\\</script>](${env.PUBLIC_URL}/discussion/${discussion.slug}.md): `,
    );
    expect(rawHtmlIn(llms)).toEqual([]);
  });
});
