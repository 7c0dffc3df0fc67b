import { defineEvents } from "~/server/platform";

/**
 * What a write about accounts announces in its transaction (decisions 0021, 0046); app/server/listeners/accounts.server.ts
 * decides what follows.
 */
export const accountEvents = defineEvents<{
  /**
   * Every session of a member has ended (suspended, turned away, their password reset, their second factor reset by
   * an administrator, the account deleted): what
   * they still have open, the bell's live streams on every app server, ends too.
   */
  "sessions.ended": { memberId: string; why: "suspended" | "rejected" | "password-reset" | "second-factor-reset" | "deleted" };
}>("accounts", {
  "sessions.ended": ["notifications"],
});
