/**
 * `npm run seed`: fills the configured database (embedded PGlite, or
 * PostgreSQL with DATABASE_URL) with the German demo content. Refuses a
 * database that already has members, so it never mixes demo and real data.
 */
import { closeDatabase, databaseKind, db } from "~/server/db";
// The demo writes through services (the legal notices' decisions and objections): their events need the listeners.
import "~/server/listeners";
import { demoSignInText, isDatabaseEmpty, seedDemoContent } from "~/server/demo";
import { env } from "~/server/platform";

async function main() {
  if (!(await isDatabaseEmpty(db))) {
    console.error("Die Datenbank enthält bereits Mitglieder – Demo-Inhalte werden nur in eine leere Datenbank geschrieben.");
    process.exitCode = 1;
    return;
  }
  const result = await seedDemoContent(db, { adminPassword: env.DEMO_ADMIN_PASSWORD, staffAppKey: env.DEMO_APP_KEY });
  console.log(
    `Demo-Inhalte angelegt (${databaseKind}): ${result.members} Mitglieder, ${result.discussions} Diskussionen, ` +
      `${result.comments} Kommentare, ${result.events} Events.\n${demoSignInText(result)}`,
  );
}

try {
  await main();
} finally {
  await closeDatabase();
}
