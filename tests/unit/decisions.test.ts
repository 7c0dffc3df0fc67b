import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, decisionIndex, decisionRecords } from "../../scripts/lib/decision-index";

describe("the decision records", () => {
  it("each names its number, a date and a status; numbers follow one another; a superseding record exists", () => {
    const records = decisionRecords();
    expect(records.map(({ number }) => number)).toEqual(records.map((_, index) => index + 1));
    for (const { file, number, status } of records) {
      expect(file.startsWith(String(number).padStart(4, "0")), file).toBe(true);
      expect(status, file).toMatch(/^(accepted|superseded)/);
      for (const [, linked] of status.matchAll(/\]\(([^)]+)\)/g))
        expect(fs.existsSync(path.join(DECISIONS_DIR, linked!)), `${file} → ${linked}`).toBe(true);
    }
  });

  it("the index lists them as they are (npx tsx scripts/decision-index.ts writes it)", () => {
    expect(fs.readFileSync(path.join(DECISIONS_DIR, "README.md"), "utf8")).toBe(decisionIndex());
  });
});
