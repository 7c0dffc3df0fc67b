import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/**
 * One visibility rule (decision 0028): what only staff may see is decided in
 * app/server/platform/visibility.server.ts. Everywhere else a query filters
 * with its scopes (`visible.discussion(d)`, `visible.comment()`) and code
 * judges a loaded row with `isHidden(row)`. This test reads the server code
 * and the routes and fails on the rule written by hand, so a new query, feed
 * or count cannot forget it or spell it differently.
 */
const RULE_FILE = "app/server/platform/visibility.server.ts";

const handWritten: Array<[RegExp, string]> = [
  [/hidden_?at"?\s*\}?\s+is\s+(not\s+)?null/gi, "hidden_at is null in SQL text"],
  [/\bis(Not)?Null\([^)]*hiddenAt\s*\)/g, "isNull(….hiddenAt)"],
  [/hiddenAt\s*(!==|===|!=|==)\s*null|null\s*(!==|===|!=|==)\s*[\w.]*hiddenAt\b/g, "hiddenAt compared with null"],
  [/!\s*[\w.?]*\.hiddenAt\b|\.hiddenAt\s*(\)|\?(?!\.)|&&|\|\|)/g, "hiddenAt read as true or false"],
];

/** Where one source writes the visibility rule by hand. */
function findHandWrittenRule(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((line, index) => {
    // Comments may speak of the rule.
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const [pattern, what] of handWritten) {
      for (const match of line.matchAll(pattern)) found.push(`line ${index + 1}: ${what}: ${match[0]}`);
    }
  });
  return found;
}

describe("one visibility rule", () => {
  it("finds the rule written by hand in each of its forms, and leaves the scopes, writes and column reads alone", () => {
    expect(findHandWrittenRule("where ${d.hiddenAt} is null and x")).not.toEqual([]);
    expect(findHandWrittenRule("where c.hidden_at is not null")).not.toEqual([]);
    expect(findHandWrittenRule("and(eq(a, b), isNull(comments.hiddenAt))")).not.toEqual([]);
    expect(findHandWrittenRule("if (discussion.hiddenAt !== null) return;")).not.toEqual([]);
    expect(findHandWrittenRule("if (!discussion || discussion.hiddenAt) return;")).not.toEqual([]);
    expect(findHandWrittenRule("const open = !row.hiddenAt;")).not.toEqual([]);
    expect(findHandWrittenRule("const label = row.hiddenAt ? 'versteckt' : '';")).not.toEqual([]);
    expect(findHandWrittenRule("where ${visible.discussion(d)} and ${visible.comment()}")).toEqual([]);
    expect(findHandWrittenRule("  hiddenAt: comments.hiddenAt,")).toEqual([]);
    expect(findHandWrittenRule("set({ hiddenAt: new Date(), hiddenBy: actor.id })")).toEqual([]);
    expect(findHandWrittenRule("const hidden = isHidden(row) ? { at: row.hiddenAt!, reason } : null;")).toEqual([]);
    expect(findHandWrittenRule("hiddenAt: comment.hidden?.at ?? null,")).toEqual([]);
    expect(findHandWrittenRule(" * a hidden discussion (hidden_at is null) stays out")).toEqual([]);
  });

  it("is written in the visibility module only: no query or route spells it by hand", () => {
    const files = [...sourceFiles("app/server"), ...sourceFiles("app/routes"), ...sourceFiles("server")].filter(
      (file) => file !== RULE_FILE,
    );
    const offences = files.flatMap((file) => findHandWrittenRule(fs.readFileSync(file, "utf8")).map((found) => `${file} ${found}`));
    expect(offences).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});
