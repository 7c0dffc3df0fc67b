import { checkReadiness, databaseKind } from "~/server/db";

/**
 * Liveness and readiness in one: the app answers, its database answers, and
 * it can store (app/server/db/readiness.server.ts). A 503 names what failed.
 */
export async function loader() {
  const readiness = await checkReadiness();
  const ready = readiness.reachable && readiness.stores;
  return Response.json(
    { status: ready ? "ok" : "error", database: databaseKind, ...readiness },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
