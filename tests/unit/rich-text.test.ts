import { describe, expect, it } from "vitest";
import { mentionToken } from "~/lib/mentions";
import { plainTextToHtml, quoteHtml, quoteText } from "~/lib/rich-text";

describe("plain text as rich text (the textarea without JavaScript, decision 0040)", () => {
  it("links web addresses and mentions, and escapes the rest", () => {
    expect(plainTextToHtml(`Siehe https://example.org/a_b?x=1&y=2. Danke ${mentionToken("Anna Berg", "abc-1")} <b>!</b>`)).toBe(
      '<p>Siehe <a href="https://example.org/a_b?x=1&amp;y=2">https://example.org/a_b?x=1&amp;y=2</a>. ' +
        'Danke <a href="/profile/abc-1" data-mention="abc-1">@Anna Berg</a> &lt;b&gt;!&lt;/b&gt;</p>',
    );
  });

  it("makes a paragraph of '> ' lines a quote", () => {
    expect(plainTextToHtml("> Erste Zeile\n> zweite\n\nAntwort")).toBe(
      "<blockquote><p>Erste Zeile<br>zweite</p></blockquote><p>Antwort</p>",
    );
    // A line that does not start with '>' keeps the paragraph a paragraph.
    expect(plainTextToHtml("> zitiert\nnicht zitiert")).toBe("<p>&gt; zitiert<br>nicht zitiert</p>");
  });

  it("turns a quote of one of the site's posts, as quoteText writes it, into quoteHtml's markup", () => {
    const source = { author: "Aylin", href: "/discussion/x?page=2#comment-1", text: "Satz eins.\nSatz <zwei>.\n\nNeuer Absatz." };
    const text = quoteText(source, "https://forum.example");
    expect(text).toBe(
      "> Aylin schrieb: https://forum.example/discussion/x?page=2#comment-1\n> Satz eins.\n> Satz <zwei>.\n>\n> Neuer Absatz.",
    );
    expect(plainTextToHtml(`${text}\n\nMeine Antwort`, { origin: "https://forum.example" })).toBe(
      `${quoteHtml(source)}<p>Meine Antwort</p>`,
    );
    expect(quoteHtml(source)).toBe(
      '<blockquote cite="/discussion/x?page=2#comment-1"><p><a href="/discussion/x?page=2#comment-1">Aylin schrieb:</a></p>' +
        "<p>Satz eins.<br>Satz &lt;zwei&gt;.</p><p>Neuer Absatz.</p></blockquote>",
    );
  });

  it("cites nothing for a header naming another site, or without knowing the site", () => {
    const text = "> Eve schrieb: https://evil.example/discussion/x\n> Text";
    for (const html of [plainTextToHtml(text, { origin: "https://forum.example" }), plainTextToHtml(text)]) {
      expect(html).not.toContain("cite=");
      expect(html).toContain("<blockquote><p>Eve schrieb: <a href=");
    }
  });
});
