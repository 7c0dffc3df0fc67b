import { describe, expect, it } from "vitest";
import { htmlToText, plainTextExcerpt, sanitizeRichText, textToHtml } from "~/server/discussions";

describe("sanitizeRichText", () => {
  it("keeps bold, bullet lists, paragraphs and line breaks", () => {
    const html = "<p>Hallo <strong>Welt</strong><br />neue Zeile</p><ul><li>eins</li><li>zwei</li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText("<p>a<br>b</p>")).toBe("<p>a<br />b</p>");
    expect(sanitizeRichText("<b>fett</b>")).toBe("<strong>fett</strong>");
  });

  it("marks links nofollow ugc noopener and opens external ones in a new tab", () => {
    expect(sanitizeRichText('<a href="https://example.org/x" class="c" onclick="x()">Link</a>')).toBe(
      '<a href="https://example.org/x" rel="nofollow ugc noopener" target="_blank">Link</a>',
    );
    expect(sanitizeRichText('<a href="http://localhost:3000/agb" target="_self">AGB</a>')).toBe(
      '<a href="http://localhost:3000/agb" rel="nofollow ugc noopener">AGB</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@example.org">Mail</a>')).toBe(
      '<a href="mailto:info@example.org" rel="nofollow ugc noopener">Mail</a>',
    );
  });

  it("neutralises the usual attacks", () => {
    const attacks = [
      "<img src=x onerror=alert(1)>",
      "<script>alert(2)</script>",
      '<a href="javascript:alert(3)">x</a>',
      '<a href="JaVaScRiPt:alert(4)">x</a>',
      '<a href="javascript&colon;alert(5)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==">x</a>',
      '<a href="//evil.example">x</a>',
      "<svg onload=alert(7)><circle/></svg>",
      "<style>body{display:none}</style>",
      '<iframe src="https://evil.example"></iframe>',
      "<math><mi>x</mi></math>",
      '<p style="color:red" onmouseover="alert(8)">Text</p>',
    ];
    const output = attacks.map((html) => sanitizeRichText(html)).join("\n");
    expect(output).not.toMatch(/<script|<img|<svg|<style|<iframe|<math|javascript|data:|onerror|onload|onmouseover|style=|\/\/evil/i);
    expect(sanitizeRichText('<p style="color:red" onmouseover="alert(8)">Text</p>')).toBe("<p>Text</p>");
    // A refused link goes with its text, and the surrounding markup stays intact.
    expect(sanitizeRichText('<p>vor <a href="javascript:alert(3)">Klick</a> nach</p>')).toBe("<p>vor  nach</p>");
  });

  it("turns other markup into text", () => {
    expect(sanitizeRichText("<h1>Überschrift</h1><em>kursiv</em><table><tr><td>Zelle</td></tr></table>")).toBe("ÜberschriftkursivZelle");
  });
});

describe("plain text", () => {
  it("becomes paragraphs and line breaks, escaped", () => {
    expect(textToHtml("Erste Zeile\nzweite <b>Zeile</b>\n\nNeuer Absatz")).toBe(
      "<p>Erste Zeile<br>zweite &lt;b&gt;Zeile&lt;/b&gt;</p><p>Neuer Absatz</p>",
    );
  });
  it("comes back out of rich text", () => {
    expect(htmlToText("<p>Erster &amp; <strong>zweiter</strong></p><ul><li>eins</li><li>zwei</li></ul><p>a<br>b</p>")).toBe(
      "Erster & zweiter\n\n- eins\n- zwei\n\na\nb",
    );
  });
  it("gives an excerpt of at most 160 characters without markup, cut after a whole word", () => {
    const words = Array.from({ length: 60 }, (_, i) => `Wort${i}`).join(" ");
    const html = `<p>Erster &amp; <strong>zweiter</strong> Satz.</p><ul><li>Punkt</li></ul><p>${words}</p>`;
    const excerpt = plainTextExcerpt(html);
    expect(excerpt.startsWith("Erster & zweiter Satz. Punkt Wort0 Wort1")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(excerpt).toMatch(/ Wort\d+…$/);
    // The word before "…" is whole: the text goes on with a space after it.
    expect(`${html}`).toContain(`${excerpt.slice(excerpt.lastIndexOf(" ") + 1, -1)} `);
    expect(plainTextExcerpt("<p>Kurz genug.</p>")).toBe("Kurz genug.");
  });
});

describe("mentions in rich text (decision 0017)", () => {
  const mention = (id: string, name = "Anna") => `<a href="/profile/${id}" data-mention="${id}">@${name}</a>`;

  it("keeps a mention of a member the write may mention, without rel or target", () => {
    const html = `<p>Hallo ${mention("abc123")}, schau mal</p>`;
    expect(sanitizeRichText(html, new Set(["abc123"]))).toBe(html);
  });

  it("makes a forged mention plain text and keeps what follows intact", () => {
    const html = `<p>Hallo ${mention("fake")} und <a href="https://example.com">Link</a></p><p>zwei</p>`;
    expect(sanitizeRichText(html, new Set(["abc123"]))).toBe(
      '<p>Hallo <span>@Anna</span> und <a href="https://example.com/" rel="nofollow ugc noopener" target="_blank">Link</a></p><p>zwei</p>',
    );
  });

  it("makes a mention of the wrong shape plain text even when rendering", () => {
    expect(sanitizeRichText('<p><a href="https://evil.example/profile/x" data-mention="x">@X</a></p>')).toBe("<p><span>@X</span></p>");
    expect(sanitizeRichText('<p><a href="/profile/y" data-mention="x">@X</a></p>')).toBe("<p><span>@X</span></p>");
    expect(sanitizeRichText('<p><a href="/profile/x%22" data-mention="x&quot;">@X</a></p>')).toBe("<p><span>@X</span></p>");
    // Rendering keeps a stored mention of the right shape: only a write could have put it there.
    expect(sanitizeRichText(`<p>${mention("x")}</p>`)).toBe(`<p>${mention("x")}</p>`);
  });
});
