import { defineEvents } from "~/server/platform";

/**
 * What an administrator's write announces in its transaction (decision 0021); app/server/listeners/admin.server.ts
 * decides what follows. The audit log entry is the action's own record and not an event.
 */
export const adminEvents = defineEvents<{
  /** A pending member was let in: the spec's approval mail goes out, and the bell says so too. */
  "member.approved": { memberId: string; email: string; firstName: string; actorId: string };
}>("admin", {
  "member.approved": ["mail", "notifications"],
});
