import { describe, expect, it } from "vitest";
import { mentionToken, splitMentions } from "~/lib/mentions";
import { mentionedIn, textMentionsIn } from "~/server/mentions.server";

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
    expect(mentionedIn('<p><a href="/profile/a" data-mention="a">@A</a> <a href="/profile/a" data-mention="a">@A</a> <a href="/profile/b" data-mention="b">@B</a></p>')).toEqual(["a", "b"]);
  });
});
