import { defineEvents } from "~/server/platform";
import type { ObjectionOutcome } from "~/lib/legal";

/**
 * What a write of notice and action announces (decisions 0021 and 0048); app/server/listeners/legal.server.ts
 * decides what follows. The notifier's confirmation and receipt mails are the writes' own purpose and stay in them.
 */
export const legalEvents = defineEvents<{
  /** A member of the team decided an author's objection: the author hears the outcome. */
  "objection.decided": { statementId: string; memberId: string; outcome: ObjectionOutcome };
}>("legal", {
  "objection.decided": ["mail"],
});
