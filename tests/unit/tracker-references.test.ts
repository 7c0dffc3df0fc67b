/**
 * Comments and test titles explain the code themselves: they do not send the reader to an issue or a finding by
 * its number in a tracker or report that this repository does not hold. The reason such a number stood for is
 * written out, or named by its decision record (docs/decisions), which is here. This reads every source file under the
 * directories below and fails with file:line for each such reference. Applied migrations (db/migrations) are
 * history and stay as they ran.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

const DIRECTORIES = ["app", "db", "scripts", "tests", "e2e", "eslint-rules", "server"];
const HISTORY = ["db/migrations/"];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|sql|sh)$/;

/**
 * "issue", "Issue", "issues", "finding", "Findings" followed by a number, with or without "#"; also with a
 * comment's line break between the word and its number. Not a word that ends in "issue", nor a decision record.
 */
const REFERENCE = /\b(?:issue|finding)s?(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\*|\/\/|--|#)?[ \t]*)#?\d+/gi;

/** The lines (1-based) where a tracker reference begins. */
function referenceLines(text: string): number[] {
  return [...text.matchAll(REFERENCE)].map((match) => text.slice(0, match.index).split("\n").length);
}

/** Built at run time, so this file holds no reference itself. */
const reference = (word: string, number: string) => `${word} ${number}`;

describe("references to an issue tracker outside the repository", () => {
  it("finds them in comments and titles, also across a comment's line break, and nothing else", () => {
    expect(referenceLines(`// Drafts (${reference("issue", "30")}) on both sides.`)).toEqual([1]);
    expect(referenceLines(`/**\n * ${reference("Issue", "29")}: the review queue.\n */`)).toEqual([2]);
    expect(referenceLines(`it("one view (attack report, ${reference("finding", "6")})", () => {});`)).toEqual([1]);
    expect(referenceLines(`-- ${reference("Findings", "4")} and 5`)).toEqual([1]);
    expect(referenceLines(`// see ${reference("issue", "#12")}`)).toEqual([1]);
    expect(referenceLines(`/**\n * counted (attack report, finding\n * 6). Guests …\n */`)).toEqual([2]);
    for (const text of ["// decision 0021", "// a tissue 3 cm wide", "// no issue here, 3 findings", "const issue = 30;"])
      expect(referenceLines(text), text).toEqual([]);
  });

  it("leaves none in the sources", () => {
    const files = DIRECTORIES.flatMap((dir) => sourceFiles(dir, SOURCE)).filter(
      (file) => !HISTORY.some((folder) => file.startsWith(folder)),
    );
    expect(files).toContain("tests/unit/tracker-references.test.ts");
    const found = files.flatMap((file) => {
      const lines = fs.readFileSync(file, "utf8").split("\n");
      return referenceLines(lines.join("\n")).map((line) => `${file}:${line}: ${lines[line - 1]!.trim()}`);
    });
    expect(found).toEqual([]);
  });
});
