import fs from "node:fs";
import path from "node:path";

/** The TypeScript files below `dir`, for tests that read the code itself (typed SQL, the visibility rule). */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
