import fs from "node:fs";
import path from "node:path";

/**
 * The files below `dir` whose names match `pattern` (TypeScript unless told otherwise), for tests that read the
 * code itself (typed SQL, the visibility rule, tracker references).
 */
export function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}
