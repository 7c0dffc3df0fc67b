import { databaseKind, pingDatabase } from "~/server/db";
import { logger } from "~/server/platform";

/** Liveness and readiness in one: the app answers and its database answers. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase();
    return Response.json({ status: "ok", database: databaseKind }, { headers });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return Response.json({ status: "error", database: databaseKind }, { status: 503, headers });
  }
}
