import { describe, expect, it } from "vitest";
import { mentionsAsText, mentionToken, splitMentions, withMentionNames } from "~/lib/mentions";
import { htmlToText, mentionedIn, mentionNamesInRichText, sanitizeRichText, textMentionsIn, toMentionNames } from "~/server/discussions";

describe("mention tokens in plain-text comments", () => {
  it("splits text and mentions in order", () => {
    expect(splitMentions("Hi @[Anna B.](abc_1) und @[Ben C.](x-2)!")).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "mention", name: "Anna B.", memberId: "abc_1" },
      { kind: "text", text: " und " },
      { kind: "mention", name: "Ben C.", memberId: "x-2" },
      { kind: "text", text: "!" },
    ]);
  });

  it("leaves malformed tokens as text", () => {
    expect(splitMentions("@[Anna](a b) @[](x) @Anna")).toEqual([{ kind: "text", text: "@[Anna](a b) @[](x) @Anna" }]);
  });

  it("builds a token the splitter reads back, without brackets in the name", () => {
    expect(splitMentions(mentionToken("A]n[na", "id1"))).toEqual([{ kind: "mention", name: "Anna", memberId: "id1" }]);
    expect(textMentionsIn(`${mentionToken("A", "x")} ${mentionToken("A", "x")} ${mentionToken("B", "y")}`)).toEqual(["x", "y"]);
  });

  it("reads the mentioned ids of stored rich text once each", () => {
    expect(
      mentionedIn(
        '<p><a href="/profile/a" data-mention="a">@A</a> <a href="/profile/a" data-mention="a">@A</a> <a href="/profile/b" data-mention="b">@B</a></p>',
      ),
    ).toEqual(["a", "b"]);
  });
});

describe("mentions show the member's current name", () => {
  const names = new Map([
    ["a", "Anna Echt"],
    ["b", "Ben <b>&"],
  ]);

  it("in a comment: the token carries the name from the database; a missing member's is the written text", () => {
    expect(withMentionNames("Hi @[Adm](a), @[Ben](b) und @[Weg](gone)", names)).toBe("Hi @[Anna Echt](a), @[Ben <b>&](b) und @Weg");
    expect(mentionsAsText(withMentionNames("Hi @[Adm](a) und @[Weg](gone)", names))).toBe("Hi @Anna Echt und @Weg");
  });

  /** What the page shows of rich text as a write stored it: sanitized on the write, named, sanitized again. */
  const shown = (written: string) => sanitizeRichText(mentionNamesInRichText(sanitizeRichText(written), names));

  it("in rich text: the link's text whatever it held, escaped; a missing member's mention is its text without a link", () => {
    const link = (id: string, inner: string) => `<a data-mention="${id}" href="/profile/${id}">${inner}</a>`;
    expect(
      shown(`<p>${link("a", "@A<strong>dm</strong> in")} und ${link("b", "@B")} und ${link("gone", "@<strong>Weg</strong>")}</p>`),
    ).toBe(
      '<p><a href="/profile/a" data-mention="a">@Anna Echt</a> und <a href="/profile/b" data-mention="b">@Ben &lt;b&gt;&amp;</a> und @<strong>Weg</strong></p>',
    );
    expect(htmlToText(mentionNamesInRichText(sanitizeRichText(`<p>Frag ${link("b", "@B")}</p>`), names))).toBe("Frag @Ben <b>&");
  });

  it("a link inside a mention cannot carry text into it", () => {
    const html = shown('<p><a href="/profile/a" data-mention="a">@Adm <a href="https://example.com/">Trick</a> mehr</a></p>');
    expect(html).toMatch(
      /^<p><a href="\/profile\/a" data-mention="a">@Anna Echt<\/a><a href="https:\/\/example.com\/"[^>]*>Trick<\/a> mehr<\/p>$/,
    );
  });

  it("a forged mention stays text: the write made it a span, and naming leaves it so", () => {
    expect(shown('<p><a href="https://evil.example/" data-mention="a">@Adm</a></p>')).toBe("<p><span>@Adm</span></p>");
  });

  it("reads the names as either driver returns them", () => {
    const rows = [
      ["a", "Anna", "Echt"],
      ["c", " ", " "],
    ];
    expect(toMentionNames(rows)).toEqual(
      new Map([
        ["a", "Anna Echt"],
        ["c", "Unbekannt"],
      ]),
    );
    expect(toMentionNames(JSON.stringify(rows))).toEqual(
      new Map([
        ["a", "Anna Echt"],
        ["c", "Unbekannt"],
      ]),
    );
  });

  it("shortens a name longer than a token holds, so it is still read as a mention", () => {
    const [part] = splitMentions(mentionToken(`${"L".repeat(60)} ${"N".repeat(60)}`, "id1"));
    expect(part).toEqual({ kind: "mention", name: `${"L".repeat(60)} ${"N".repeat(18)}…`, memberId: "id1" });
  });
});
