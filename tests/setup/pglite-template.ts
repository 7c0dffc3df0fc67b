/**
 * Vitest global setup for the integration tests on PGlite: initdb and the
 * migrations run once (≈ 4 s), and every test file starts its own in-memory
 * database as a copy of that dump (≈ 0.5 s) instead of repeating them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteTemplate", null);
    return;
  }
  // The connection module alone: the platform index would read the environment of this main process.
  // eslint-disable-next-line server-domains/domain-imports
  const { openDatabase } = await import("../../app/server/platform/db-connection.server");
  const connection = await openDatabase({ dataDir: "memory://" });
  const client = (connection.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await connection.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-pglite-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
