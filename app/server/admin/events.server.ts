import { defineEvents } from "~/server/platform";

/**
 * What an administrator's write announces in its transaction (decision 0021); app/server/listeners/admin.server.ts
 * decides what follows. The audit log entry is the action's own record and not an event.
 */
export const adminEvents = defineEvents<{
  /** A pending member was let in: the spec's approval mail goes out, and the bell says so too. */
  "member.approved": { memberId: string; email: string; firstName: string; actorId: string };
  /** The operator's settings have a new version: search engines hear of the legal pages whose words changed. */
  "site-settings.changed": { version: number; changedPaths: string[] };
}>("admin", {
  "member.approved": ["mail", "notifications"],
  "site-settings.changed": ["seo"],
});
