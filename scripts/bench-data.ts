/**
 * `npm run bench:data -- --discussions 100000 --comments 1000000`
 * Fills an empty database with a large generated forum for `npm run bench`:
 * with DATABASE_URL that PostgreSQL database, otherwise the embedded PGlite
 * folder BENCH_DATA_DIR (default ./bench/data). Also creates the member the
 * benchmark signs in as (BENCH_MEMBER below).
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { discussions as discussionTable } from "../db/schema";
import { BENCH_DATA_DIR, BENCH_MEMBER } from "./lib/bench-config";

const { values } = parseArgs({
  options: { discussions: { type: "string", default: "100000" }, comments: { type: "string", default: "1000000" } },
});
const discussions = Number(values.discussions);
const comments = Number(values.comments);
if (!Number.isInteger(discussions) || discussions < 1 || !Number.isInteger(comments) || comments < 0) {
  console.error("Aufruf: npm run bench:data -- --discussions <Anzahl> --comments <Anzahl>");
  process.exit(1);
}

process.env.DATA_DIR ??= BENCH_DATA_DIR;
process.env.LOG_LEVEL ??= "warn";
const { generateBenchData, vacuumAnalyze } = await import("../db/seed/bench-data");
const { closeDatabase, databaseKind, db, queryRows } = await import("~/server/db");
const { createMemberAccount } = await import("~/server/accounts");

try {
  const [existing] = await queryRows<{ n: number }>(sql`select count(*)::int as n from ${discussionTable}`);
  if ((existing?.n ?? 0) > 0) {
    console.error(
      `Die Datenbank enthält schon ${existing!.n} Diskussionen. Bitte eine leere Datenbank verwenden (DATABASE_URL oder BENCH_DATA_DIR).`,
    );
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
    const result = await generateBenchData(db, {
      discussions,
      comments,
      onProgress: (done) => process.stdout.write(`\r  ${done.discussions} Diskussionen, ${done.comments} Kommentare (${seconds()} s)`),
    });
    await createMemberAccount(db, {
      email: BENCH_MEMBER.email,
      password: { clear: BENCH_MEMBER.password },
      firstName: "Bench",
      lastName: "Mitglied",
      approvalStatus: "approved",
      role: "member",
      emailVerified: true,
    });
    process.stdout.write(`\n  vacuum analyze …\n`);
    await vacuumAnalyze(db);
    console.log(
      `${databaseKind}: ${result.members} Mitglieder, ${result.discussions} Diskussionen, ${result.comments} Kommentare (davon ${result.replies} Antworten) in ${seconds()} s`,
    );
  }
} catch (error) {
  // The failed statement is pages of generated SQL: the database's own message says what matters.
  const cause = (error as { cause?: { message?: string } }).cause;
  console.error(`\nFehler: ${cause?.message ?? (error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
