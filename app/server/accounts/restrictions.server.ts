import { sql, type SQLWrapper } from "drizzle-orm";
import { profiles } from "../../../db/schema";

/** A restriction set and not yet over (its end passed: it simply stops, nothing needs to clear it). */
export function activeRestriction(since: SQLWrapper, until: SQLWrapper) {
  return sql<boolean>`(${since} is not null and (${until} is null or ${until} > now()))`;
}

/** The profile's suspension is in force: no sign-in, and no session counts. */
export const suspendedNow = activeRestriction(profiles.suspendedAt, profiles.suspendedUntil);
