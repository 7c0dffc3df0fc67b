import { describe, expect, it } from "vitest";
import { htmlToText, plainTextExcerpt, richTextForStorage, sanitizeRichText } from "~/server/discussions";
import { plainTextToHtml } from "~/lib/rich-text";
import { XSS_CORPUS } from "../support/xss-corpus";

describe("sanitizeRichText", () => {
  it("keeps bold, bullet lists, paragraphs and line breaks", () => {
    const html = "<p>Hallo <strong>Welt</strong><br />neue Zeile</p><ul><li>eins</li><li>zwei</li></ul>";
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText("<p>a<br>b</p>")).toBe("<p>a<br />b</p>");
    expect(sanitizeRichText("<b>fett</b>")).toBe("<strong>fett</strong>");
  });

  it("marks links to other sites nofollow ugc noopener and opens them in a new tab; our own pages are plain links", () => {
    expect(sanitizeRichText('<a href="https://example.org/x" class="c" onclick="x()">Link</a>')).toBe(
      '<a href="https://example.org/x" rel="nofollow ugc noopener" target="_blank">Link</a>',
    );
    // A link to our own pages passes on what a search engine should follow.
    expect(sanitizeRichText('<a href="http://localhost:3000/agb" target="_self" rel="nofollow">AGB</a>')).toBe(
      '<a href="http://localhost:3000/agb">AGB</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@example.org">Mail</a>')).toBe(
      '<a href="mailto:info@example.org" rel="nofollow ugc noopener">Mail</a>',
    );
  });

  it("neutralises the usual attacks", () => {
    const output = XSS_CORPUS.map((html) => sanitizeRichText(html)).join("\n");
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
    expect(plainTextToHtml("Erste Zeile\nzweite <b>Zeile</b>\n\nNeuer Absatz")).toBe(
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

describe("code and quotes (decision 0032)", () => {
  it("keeps inline code, code blocks with their language and quotes; a code block can be reached by keyboard", () => {
    expect(sanitizeRichText("<p>Nutzen Sie <code>rel=canonical</code>.</p>")).toBe("<p>Nutzen Sie <code>rel=canonical</code>.</p>");
    expect(sanitizeRichText('<pre><code class="language-json">{"a": 1}</code></pre>')).toBe(
      '<pre tabindex="0"><code class="language-json">{"a": 1}</code></pre>',
    );
    expect(sanitizeRichText("<blockquote><p>Zitat</p></blockquote>")).toBe("<blockquote><p>Zitat</p></blockquote>");
  });

  it("allows only language-* on code and hljs-* on spans; every other class and attribute goes", () => {
    expect(
      sanitizeRichText('<pre class="x" style="color:red" onclick="a()"><code class="language-js bg-red-500 hljs">x</code></pre>'),
    ).toBe('<pre tabindex="0"><code class="language-js">x</code></pre>');
    expect(sanitizeRichText('<p><span class="hljs-keyword sr-only fixed" id="x" data-x="1">a</span></p>')).toBe(
      '<p><span class="hljs-keyword">a</span></p>',
    );
    expect(sanitizeRichText('<p class="hljs-keyword"><strong class="language-js">a</strong></p>')).toBe("<p><strong>a</strong></p>");
    expect(sanitizeRichText('<pre tabindex="-1"><code>x</code></pre>')).toBe('<pre tabindex="0"><code>x</code></pre>');
    // A language is a word: markup smuggled into the class goes (the Markdown export would name it in its fence).
    expect(sanitizeRichText('<pre><code class="language-&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</code></pre>')).toBe(
      '<pre tabindex="0"><code>x</code></pre>',
    );
    expect(sanitizeRichText('<pre><code class="language-c++">x</code></pre>')).toBe(
      '<pre tabindex="0"><code class="language-c++">x</code></pre>',
    );
  });

  it("keeps a quote's source only when it is a page of this site or a web address", () => {
    expect(sanitizeRichText('<blockquote cite="/discussion/x?page=2#comment-1"><p>a</p></blockquote>')).toBe(
      '<blockquote cite="/discussion/x?page=2#comment-1"><p>a</p></blockquote>',
    );
    for (const cite of ["javascript:alert(1)", "//evil.example/x", "/\\evil.example", "data:text/html,x", "mailto:a@b.de", " /\t/evil"]) {
      expect(sanitizeRichText(`<blockquote cite="${cite}"><p>a</p></blockquote>`), cite).toBe("<blockquote><p>a</p></blockquote>");
    }
  });

  it("links to a post of this site stay relative and in the same tab; tricks that leave the site are dropped", () => {
    expect(sanitizeRichText('<p><a href="/discussion/x#comment-1" target="_blank">Anna schrieb:</a></p>')).toBe(
      '<p><a href="/discussion/x#comment-1">Anna schrieb:</a></p>',
    );
    for (const href of ["//evil.example", "/\\evil.example", "/\\/evil.example", "\\\\evil.example"]) {
      expect(sanitizeRichText(`<p>a<a href="${href}">x</a></p>`), href).toBe("<p>a</p>");
    }
  });

  it("nothing that runs survives inside code blocks and quotes", () => {
    const attacks = [
      "<pre><code><img src=x onerror=alert(1)></code></pre>",
      '<pre><code class="language-js"><script>alert(2)</script></code></pre>',
      '<blockquote><a href="javascript:alert(3)">x</a><svg onload=alert(4)></svg></blockquote>',
      '<code><a href="data:text/html,x">x</a></code>',
      '<blockquote cite="javascript:alert(5)" onmouseover="alert(6)"><p>x</p></blockquote>',
      '<pre><code class="language-&quot;&gt;&lt;script&gt;alert(7)&lt;/script&gt;">x</code></pre>',
      '<span class="hljs-string" style="background:url(javascript:alert(8))">x</span>',
    ];
    for (const attack of attacks) {
      for (const output of [sanitizeRichText(attack), richTextForStorage(attack)]) {
        expect(output, attack).not.toMatch(/<script|<img|<svg|javascript:|data:|onerror|onload|onmouseover|style=/i);
      }
    }
  });
});

describe("post images (decision 0033)", () => {
  const id = "0b5c2d7e-1234-4abc-8def-0123456789ab";
  const other = "aaaaaaaa-1234-4abc-8def-0123456789ab";

  it("keeps an image of ours, sized, lazy and async, with its srcset and the link to its largest version", () => {
    const image =
      `<a href="/images/${id}/2000.webp" data-image=""><img src="/images/${id}/960.webp" ` +
      `srcset="/images/${id}/480.webp 480w, /images/${id}/960.webp 960w, /images/${id}/2000.webp 2000w" sizes="100vw" ` +
      `width="2000" height="1333" alt="Ein &quot;Diagramm&quot;"></a>`;
    expect(sanitizeRichText(image)).toBe(
      `<a href="/images/${id}/2000.webp" data-image><img src="/images/${id}/960.webp" ` +
        `srcset="/images/${id}/480.webp 480w, /images/${id}/960.webp 960w, /images/${id}/2000.webp 2000w" sizes="(min-width: 52rem) 48rem, 100vw" ` +
        `width="2000" height="1333" alt="Ein &quot;Diagramm&quot;" loading="lazy" decoding="async" /></a>`,
    );
  });

  it("drops every image that is not ours, and everything that runs, whatever the image carries", () => {
    const attacks = [
      "<img src=x onerror=alert(1)>",
      '<img src="javascript:alert(2)">',
      '<img src="JaVaScRiPt:alert(3)" alt="x">',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoNCk+">',
      `<img src="https://evil.example/images/${id}/960.webp">`,
      `<img src="//evil.example/images/${id}/960.webp">`,
      `<img src="/images/${id}/960.webp/../../evil.svg">`,
      `<img src="/storage/post-images/${id}/960.webp">`,
      `<img src="/images/${id}/960.png">`,
      `<a href="javascript:alert(5)" data-image=""><img src="/images/${id}/960.webp" alt="x"></a>`,
      `<a href="https://evil.example/" data-image=""><img src="/images/${id}/960.webp" alt="x"></a>`,
      `<svg><image href="/images/${id}/960.webp" onload="alert(6)"></image></svg>`,
      `<picture><source srcset="https://evil.example/x.webp"><img src="/images/${id}/960.webp" alt="x"></picture>`,
    ];
    for (const attack of attacks) {
      for (const output of [sanitizeRichText(attack), richTextForStorage(attack)]) {
        expect(output, attack).not.toMatch(/javascript:|data:|onerror|onload|evil|<svg|<source|\.svg|\.png|\/storage\//i);
      }
    }
    // Handlers, styles and foreign entries of srcset go; our image stays.
    const kept = sanitizeRichText(
      `<img src="/images/${id}/960.webp" onerror="alert(7)" style="x" srcset="https://evil.example/a.webp 480w, /images/${other}/480.webp 480w, /images/${id}/480.webp 480w" width="960" height="99999" alt="ok">`,
    );
    expect(kept).toBe(
      `<img src="/images/${id}/960.webp" srcset="/images/${id}/480.webp 480w" sizes="(min-width: 52rem) 48rem, 100vw" alt="ok" loading="lazy" decoding="async" />`,
    );
  });
});

describe("highlighting on the write", () => {
  it("highlights a code block with its language and escapes its text", () => {
    const stored = richTextForStorage('<pre><code class="language-json">{"name": "&lt;b&gt;"}</code></pre>');
    expect(stored).toBe(
      '<pre tabindex="0"><code class="language-json"><span class="hljs-punctuation">{</span><span class="hljs-attr">"name"</span><span class="hljs-punctuation">:</span> <span class="hljs-string">"&lt;b&gt;"</span><span class="hljs-punctuation">}</span></code></pre>',
    );
    // What the page sanitizes again stays as stored.
    expect(sanitizeRichText(stored)).toBe(stored);
  });

  it("drops spans the writer brought and highlights the text anew", () => {
    const stored = richTextForStorage('<pre><code class="language-js"><span class="hljs-comment">const</span> a = 1;</code></pre>');
    expect(stored).toBe(
      '<pre tabindex="0"><code class="language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre>',
    );
  });

  it("guesses the language of a code block without one, and leaves prose and unknown languages plain", () => {
    expect(richTextForStorage("<pre><code>SELECT url FROM pages WHERE status = 404;</code></pre>")).toContain(
      '<code class="language-sql"><span class="hljs-keyword">SELECT</span>',
    );
    expect(richTextForStorage("<pre><code>Das ist ein Satz.</code></pre>")).toBe('<pre tabindex="0"><code>Das ist ein Satz.</code></pre>');
    expect(richTextForStorage('<pre><code class="language-regex">^/alt/(.*)$</code></pre>')).toBe(
      '<pre tabindex="0"><code class="language-regex">^/alt/(.*)$</code></pre>',
    );
    expect(richTextForStorage('<pre><code class="language-cobol">MOVE A TO B</code></pre>')).toBe(
      '<pre tabindex="0"><code class="language-cobol">MOVE A TO B</code></pre>',
    );
  });

  it("leaves inline code unhighlighted", () => {
    expect(richTextForStorage("<p><code>const a = 1</code></p>")).toBe("<p><code>const a = 1</code></p>");
  });

  it("code blocks and quotes come back out as text", () => {
    expect(htmlToText('<p>a</p><pre><code class="language-js">x\n  y</code></pre><blockquote><p>z</p></blockquote>')).toBe(
      "a\n\nx\n  y\n\nz",
    );
  });
});

describe("addresses written as text in rich text", () => {
  it("become links when stored, as the editor links an address typed before a space: the last one of a post too", () => {
    const stored = richTextForStorage("<p>Siehe https://a.example/x, https://b.example/?a=1&amp;b=2 und https://c.example/ende.</p>");
    expect([...stored.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "https://a.example/x",
      "https://b.example/?a=1&amp;b=2",
      "https://c.example/ende",
    ]);
    // Punctuation after an address stays text; each link is an outside one (nofollow ugc, own tab).
    expect(stored).toContain(
      `<a href="https://c.example/ende" rel="nofollow ugc noopener" target="_blank">https://c.example/ende</a>.</p>`,
    );
  });

  it("stay text inside code, and a link's own text is not linked again", () => {
    const stored = richTextForStorage(
      `<p><code>curl https://api.example/v1</code> <a href="https://d.example/">https://d.example/</a></p><pre><code>GET https://e.example/</code></pre>`,
    );
    expect(stored.match(/<a /g)).toHaveLength(1);
    expect(stored).toContain("<code>curl https://api.example/v1</code>");
    expect(stored).toContain("GET https://e.example/");
  });
});

it("an address in quotes or brackets ends where the text's quote or bracket begins", () => {
  const stored = richTextForStorage(`<p>"https://f.example/a" &lt;https://g.example/b&gt; (https://h.example/c)</p>`);
  expect([...stored.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1])).toEqual([
    "https://f.example/a",
    "https://g.example/b",
    "https://h.example/c",
  ]);
  expect(stored).toContain(`&lt;<a href="https://g.example/b"`);
});
