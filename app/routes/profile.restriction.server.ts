import { z } from "zod";
import { berlinDate, nextDay } from "~/lib/berlin-time";
import { type RestrictionFormState, restrictionSchema } from "~/lib/schemas/restriction";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { can, canRestrict, type Viewer } from "~/server/accounts";
import { liftRestriction, restrictionOf, restrictMember } from "~/server/moderation";
import { fail } from "~/server/platform";
import { fieldErrorsOf, firstMessage, redirectWithToast, refuse, respond } from "~/server/http";

/**
 * The profile's forms for staff: suspend or silence a member, lift it. Posted to the profile page like
 * its other forms, so they work without JavaScript; the profile route hands them over here, and the services ask
 * the guardian again.
 */

const restrictionIntents = ["restrict", "lift-restriction"] as const;
type RestrictionIntent = (typeof restrictionIntents)[number];

export function isRestrictionIntent(intent: unknown): intent is RestrictionIntent {
  return typeof intent === "string" && (restrictionIntents as readonly string[]).includes(intent);
}

export const restrictionToasts = {
  suspend: "Mitglied gesperrt",
  silence: "Mitglied stummgeschaltet",
  lifted: "Sperre aufgehoben",
  failed: "Maßnahme nicht gespeichert",
  memberGone: "Dieses Mitglied gibt es nicht.",
  adminsLift: "Eine Sperre heben nur Administratoren auf.",
  notRestrictable: "Moderatoren, Administratoren und Sie selbst können nicht gesperrt oder stummgeschaltet werden.",
} as const;

/** The profile's restriction card, for staff only: null for everyone else, and where there is nothing to show. */
export async function restrictionView(viewer: Viewer | null, memberId: string) {
  if (!viewer || !can(viewer, "restrictMembers")) return null;
  const restriction = await restrictionOf(memberId);
  if (!restriction) return null;
  const mayRestrict = canRestrict(viewer, { id: memberId, role: restriction.role });
  if (!mayRestrict && restriction.current === null) return null;
  return {
    current: restriction.current,
    mayRestrict,
    mayLift: can(viewer, "liftRestrictions") && restriction.current !== null,
    // The date input offers tomorrow (Berlin) at the earliest: "bis einschließlich heute" would be over tonight.
    firstDate: nextDay(berlinDate(new Date())),
  };
}

/** What the profile page reads of any of its forms' answers; the restriction forms fill only `restriction`. */
export type ProfileFormAnswer = { errors?: Record<string, string[] | undefined>; deleteError?: string; restriction?: RestrictionFormState };

/** The submitted fields, for the form to show again: only text, only these. */
const echoed = z.object({
  kind: z.string().optional().catch(undefined),
  duration: z.string().optional().catch(undefined),
  until: z.string().optional().catch(undefined),
  reason: z.string().optional().catch(undefined),
});

/**
 * Answers the restriction forms. The profile route parsed the form with its own schema, which has no such intents;
 * the fields it read (`payload`) are checked here with the restriction schema.
 */
export async function restrictionAction(
  viewer: Viewer | null,
  memberId: string,
  intent: RestrictionIntent,
  payload: Record<string, unknown>,
) {
  const here = paths.profile(memberId);
  const values = echoed.parse(payload);
  const how = {
    failed: restrictionToasts.failed,
    fallback: {
      // Staff are told what they may not do (lift as a moderator; restrict staff or themselves); others the usual text.
      forbidden: !can(viewer, "restrictMembers")
        ? texts.permissionDenied
        : intent === "lift-restriction"
          ? restrictionToasts.adminsLift
          : restrictionToasts.notRestrictable,
      "not-found": restrictionToasts.memberGone,
      unexpected: texts.unexpectedError,
    },
    page: ({ message, fieldErrors }: { message: string | undefined; fieldErrors?: Record<string, string[]> }): ProfileFormAnswer => ({
      restriction: { errors: fieldErrors ?? (message ? { "": [message] } : {}), values },
    }),
  };
  // The guardian first: whoever may not learns nothing about what their form got wrong.
  if (intent === "lift-restriction") {
    if (!can(viewer, "liftRestrictions")) return refuse(fail("forbidden"), how);
    return respond(liftRestriction(viewer, { memberId }), {
      ...how,
      context: { intent, member: memberId },
      success: () => redirectWithToast(here, { type: "success", title: restrictionToasts.lifted }),
    });
  }
  if (!can(viewer, "restrictMembers")) return refuse(fail("forbidden"), how);
  const parsed = restrictionSchema.safeParse(payload);
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    return refuse(fail("invalid", firstMessage(fieldErrors), fieldErrorsOf(fieldErrors)), how);
  }
  const { kind, until, reason } = parsed.data;
  return respond(restrictMember(viewer, { memberId, kind, until, reason }), {
    ...how,
    context: { intent, member: memberId, kind },
    success: () => redirectWithToast(here, { type: "success", title: restrictionToasts[kind] }),
  });
}
