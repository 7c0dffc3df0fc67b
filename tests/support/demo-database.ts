/**
 * Writes the demo content into the PostgreSQL database at `url`, the way
 * `npm run seed` does, before any server takes it. The app's db module reads
 * DATABASE_URL once, at its first import: so this runs once per test process.
 */
export async function seedDemoDatabase(url: string, adminPassword: string): Promise<void> {
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "silent";
  const { db, closeDatabase } = await import("~/server/db");
  const { seedDemoContent } = await import("~/server/demo");
  // The demo writes through services too (its legal notices): their events need the listeners in this process.
  await import("~/server/listeners");
  await seedDemoContent(db, { adminPassword });
  await closeDatabase();
}
