/** `npx tsx scripts/decision-index.ts`: writes docs/decisions/README.md from the records (scripts/lib/decision-index.ts). */
import fs from "node:fs";
import path from "node:path";
import { DECISIONS_DIR, decisionIndex } from "./lib/decision-index";

fs.writeFileSync(path.join(DECISIONS_DIR, "README.md"), decisionIndex());
console.log(`${path.relative(process.cwd(), path.join(DECISIONS_DIR, "README.md"))} geschrieben.`);
