import { describe, expect, it } from "vitest";
import {
  blockedPostText,
  heldPostReasons,
  linkedHosts,
  normalizeDomain,
  normalizeWord,
  WatchList,
  type WatchedTerm,
} from "~/server/watchlist";

const word = (term: string, action: WatchedTerm["action"] = "block", replacement: string | null = null): WatchedTerm => ({
  kind: "word",
  term: normalizeWord(term),
  action,
  replacement,
});
const linkDomain = (term: string, action: WatchedTerm["action"] = "block"): WatchedTerm => ({
  kind: "link-domain",
  term: normalizeDomain(term)!,
  action,
  replacement: null,
});

const blockedWordsIn = (list: WatchList, text: string) => list.screen({ text }).findings.blockedWords;

describe("normalizeWord and normalizeDomain", () => {
  it("stores words in small letters, composed, with single spaces", () => {
    expect(normalizeWord("  Backlinks   KAUFEN ")).toBe("backlinks kaufen");
    expect(normalizeWord("ÜBERGRÖSSE")).toBe("übergrösse");
    // "u" + combining diaeresis is the same word as "ü".
    expect(normalizeWord("Gu\u0308nstig")).toBe("günstig");
  });

  it("reduces whatever was typed to the host, without www. and in ASCII", () => {
    expect(normalizeDomain("https://www.Spam-Shop.de/angebote?x=1")).toBe("spam-shop.de");
    expect(normalizeDomain("spam-shop.de.")).toBe("spam-shop.de");
    expect(normalizeDomain("jemand@Wegwerf.example")).toBe("wegwerf.example");
    expect(normalizeDomain("bücher.example")).toBe("xn--bcher-kva.example");
    for (const nonsense of ["", "localhost", "kein domain", "http://", "*.example", "a..b"]) expect(normalizeDomain(nonsense)).toBeNull();
  });
});

describe("words on word boundaries", () => {
  const list = new WatchList([word("casino"), word("backlinks kaufen"), word("grösse"), word("linkfarm*")]);

  it("matches whole words in any case", () => {
    expect(blockedWordsIn(list, "Bestes Casino der Stadt")).toEqual(["Casino"]);
    expect(blockedWordsIn(list, "CASINO!")).toEqual(["CASINO"]);
    expect(blockedWordsIn(list, "Das SEO-Casino")).toEqual(["Casino"]);
  });

  it("does not match inside longer words", () => {
    expect(blockedWordsIn(list, "Casinos und Spielcasino")).toEqual([]);
    expect(blockedWordsIn(list, "casino_royal")).toEqual([]);
  });

  it("treats umlauts and ß as letters, in either case", () => {
    const umlauts = new WatchList([word("übel"), word("straße")]);
    expect(blockedWordsIn(umlauts, "Das ist ÜBEL.")).toEqual(["ÜBEL"]);
    // A word that ends in an umlaut's neighbour is another word: "Übelkeit", "grübel".
    expect(blockedWordsIn(umlauts, "Übelkeit und grübeln")).toEqual([]);
    expect(blockedWordsIn(umlauts, "übel")).toEqual(["übel"]);
    expect(blockedWordsIn(umlauts, "Die STRASSE und die Straße")).toEqual(["STRASSE", "Straße"]);
    // \b would see a boundary after "Stra" here; the list does not.
    expect(blockedWordsIn(new WatchList([word("stra")]), "Straße")).toEqual([]);
    expect(blockedWordsIn(list, "Übergrösse, Größe, grösse")).toEqual(["Größe", "grösse"]);
  });

  it("matches phrases across any white space, and * as any letters", () => {
    expect(blockedWordsIn(list, "Hier Backlinks\n kaufen!")).toEqual(["Backlinks kaufen"]);
    expect(blockedWordsIn(list, "Meine Linkfarmen, die linkfarm")).toEqual(["Linkfarmen", "linkfarm"]);
    expect(blockedWordsIn(list, "Backlinks verkaufen")).toEqual([]);
  });

  it("finds words in titles and rich text, also split by formatting", () => {
    const findings = list.screen({ title: "Frage", html: "<p>Ein <strong>Cas</strong>ino</p><ul><li>casino</li></ul>" }).findings;
    expect(findings.blockedWords).toEqual(["Casino"]);
    expect(list.screen({ title: "Bestes Casino" }).findings.blockedWords).toEqual(["Casino"]);
    // Paragraphs and list items end a word.
    expect(list.screen({ html: "<p>cas</p><p>ino</p>" }).findings.blockedWords).toEqual([]);
  });

  it("does not read a mentioned member's name as the author's words", () => {
    expect(blockedWordsIn(list, "Danke @[Casino Müller](abc123)!")).toEqual([]);
  });
});

describe("domains on link hosts", () => {
  const list = new WatchList([linkDomain("spam-shop.de"), linkDomain("linkfarm.example", "hold")]);

  it("matches the domain and its subdomains, not look-alikes", () => {
    const hosts = (text: string) => list.screen({ text }).findings.blockedDomains;
    expect(hosts("Siehe https://spam-shop.de/x")).toEqual(["spam-shop.de"]);
    expect(hosts("Siehe https://angebote.SPAM-SHOP.de/x und www.spam-shop.de")).toEqual(["angebote.spam-shop.de", "spam-shop.de"]);
    expect(hosts("https://nicht-spam-shop.de und https://spam-shop.de.example.org")).toEqual([]);
    // A domain named in running text without a link is not a link.
    expect(hosts("Ich halte spam-shop.de für unseriös")).toEqual([]);
  });

  it("reads links' targets in rich text, mail addresses included", () => {
    const findings = list.screen({
      html: '<p><a href="https://shop.spam-shop.de/?a=1&amp;b=2" rel="nofollow">hier</a> <a href="mailto:info@linkfarm.example">Mail</a></p>',
    }).findings;
    expect(findings.blockedDomains).toEqual(["shop.spam-shop.de"]);
    expect(findings.heldDomains).toEqual(["linkfarm.example"]);
    expect(heldPostReasons(findings)).toEqual(["Link zu einer beobachteten Domain (linkfarm.example)"]);
  });

  it("lists every host a post links to once", () => {
    expect(linkedHosts({ html: '<a href="https://a.example/x">https://a.example/y</a>', text: ["http://B.example:8080/z"] })).toEqual([
      "a.example",
      "b.example",
    ]);
  });
});

describe("replace", () => {
  const list = new WatchList([
    word("platz-1-garantie", "replace", "[Werbeversprechen entfernt]"),
    word("mist", "replace", "M***"),
    word("so ein mist", "replace", "schade"),
  ]);

  it("replaces whole words in any case with the entry's text, the longest entry first", () => {
    expect(list.screen({ text: "Mit PLATZ-1-GARANTIE!" }).text).toBe("Mit [Werbeversprechen entfernt]!");
    expect(list.screen({ text: "Mist, so ein Mist, Mistgabel" }).text).toBe("M***, schade, Mistgabel");
    expect(list.screen({ title: "Mist" }).title).toBe("M***");
  });

  it("replaces in rich text between tags only, escaping what it puts in", () => {
    const html =
      '<p>Mist &amp; <a href="https://mist.example/mist" rel="nofollow">mist</a> <a href="/profile/x1" data-mention="x1">Mist Maier</a></p>';
    expect(new WatchList([word("mist", "replace", "<b>&</b>")]).screen({ html }).html).toBe(
      '<p>&lt;b&gt;&amp;&lt;/b&gt; &amp; <a href="https://mist.example/mist" rel="nofollow">&lt;b&gt;&amp;&lt;/b&gt;</a> <a href="/profile/x1" data-mention="x1">Mist Maier</a></p>',
    );
  });

  it("leaves comments' mention tokens alone", () => {
    expect(list.screen({ text: "Mist, @[Mist Maier](x1)" }).text).toBe("M***, @[Mist Maier](x1)");
  });

  it("returns untouched text as it came", () => {
    const html = "<p>Alles gut &#39;hier&#39;</p>";
    expect(list.screen({ html }).html).toBe(html);
  });
});

describe("e-mail domains", () => {
  const list = new WatchList([{ kind: "email-domain", term: "wegwerf.example", action: "block", replacement: null }]);

  it("blocks the domain and its subdomains, in any case", () => {
    expect(list.blocksEmail("Jemand@Wegwerf.Example")).toBe(true);
    expect(list.blocksEmail("jemand@mx.wegwerf.example")).toBe(true);
    expect(list.blocksEmail("jemand@nichtwegwerf.example")).toBe(false);
    expect(list.blocksEmail("jemand@example.com")).toBe(false);
  });

  it("is not a link domain, nor the other way round", () => {
    expect(list.screen({ text: "https://wegwerf.example" }).findings.blockedDomains).toEqual([]);
    expect(new WatchList([linkDomain("wegwerf.example")]).blocksEmail("a@wegwerf.example")).toBe(false);
  });
});

describe("the member's message", () => {
  it("names what was found", () => {
    expect(blockedPostText({ blockedWords: ["Casino"], blockedDomains: [], heldWords: [], heldDomains: [] })).toBe(
      "Ihr Beitrag wurde nicht gespeichert. Der Begriff „Casino“ ist in diesem Forum nicht erlaubt. Bitte ändern Sie den Text und senden Sie ihn erneut.",
    );
    expect(blockedPostText({ blockedWords: ["a", "b"], blockedDomains: ["spam.example"], heldWords: [], heldDomains: [] })).toBe(
      "Ihr Beitrag wurde nicht gespeichert. Die Begriffe „a“, „b“ sind in diesem Forum nicht erlaubt. Links zu spam.example sind in diesem Forum nicht erlaubt. Bitte ändern Sie den Text und senden Sie ihn erneut.",
    );
    expect(blockedPostText({ blockedWords: [], blockedDomains: [], heldWords: ["x"], heldDomains: [] })).toBeNull();
  });
});
