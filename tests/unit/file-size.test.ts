import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/**
 * A file a newcomer can hold in their head: no module under these folders is longer than 400 lines. A longer one
 * is split by concern (the discussion page's intents live in sidecars, its parts in app/components/discussions).
 */
const FOLDERS = ["app/routes", "app/components", "app/server", "app/lib", "db/schema"];
const MAX_LINES = 400;

/** Files that may be longer, each with the reason: generated or data files, read by looking things up, not top to bottom. */
const EXCEPTIONS: Record<string, string> = {};

function linesOf(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  return text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
}

describe("file sizes", () => {
  const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(process.cwd(), folder))).map((file) =>
    path.relative(process.cwd(), file),
  );

  it(`no file under ${FOLDERS.join(", ")} has more than ${MAX_LINES} lines, but the named exceptions`, () => {
    expect(files.length).toBeGreaterThan(100);
    const long = files.filter((file) => !(file in EXCEPTIONS) && linesOf(file) > MAX_LINES).map((file) => `${file}: ${linesOf(file)}`);
    expect(long).toEqual([]);
  });

  it("names only exceptions that exist and are still long", () => {
    for (const file of Object.keys(EXCEPTIONS)) expect(fs.existsSync(file) && linesOf(file) > MAX_LINES, file).toBe(true);
  });
});
