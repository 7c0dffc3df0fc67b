import fs from "node:fs";
import path from "node:path";

/**
 * docs/decisions/README.md: every decision record with its date and status, newest last, written from the records
 * themselves (`npx tsx scripts/decision-index.ts`); tests/unit/decisions.test.ts fails while the file differs.
 */
export const DECISIONS_DIR = path.resolve(import.meta.dirname, "../../docs/decisions");

export interface DecisionRecord {
  file: string;
  number: number;
  title: string;
  date: string;
  status: string;
}

const HEADING = /^# (\d+)\. (.+)$/;
const DATE_AND_STATUS = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/;

/** The records of the folder (not the template, not the index), each read from its first two lines. */
export function decisionRecords(dir = DECISIONS_DIR): DecisionRecord[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file) && !file.startsWith("0000-"))
    .sort()
    .map((file) => {
      const [heading = "", dateLine = ""] = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
      const title = HEADING.exec(heading);
      const dated = DATE_AND_STATUS.exec(dateLine);
      if (!title) throw new Error(`${file}: the first line must be "# N. The decision"`);
      if (!dated) throw new Error(`${file}: the second line must be "Date: YYYY-MM-DD · Status: …"`);
      return { file, number: Number(title[1]), title: title[2]!, date: dated[1]!, status: dated[2]! };
    });
}

/** Markdown links in a status ("superseded by [0040](0040-….md)") stay links: the index lies in the same folder. */
export function decisionIndex(records = decisionRecords()): string {
  const rows = records.map(
    ({ file, number, title, date, status }) =>
      `| [${number}](${file}) | ${title.replaceAll("|", "\\|")} | ${date} | ${status.replaceAll("|", "\\|")} |`,
  );
  return [
    "# Decision records",
    "",
    "Choices a newcomer would otherwise question, one file each, in the shape of [0000-template.md](0000-template.md).",
    "This index is written from the records' first two lines (`npx tsx scripts/decision-index.ts`); a unit test fails",
    "while it differs from them.",
    "",
    "| No. | Decision | Date | Status |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}
