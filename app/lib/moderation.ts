import { isRouteErrorResponse } from "react-router";
import { texts } from "./texts";
/** The reasons a member can give when reporting a post ("Melden"), as db/schema/moderation.ts stores them. */
export const reportReasonLabels = {
  spam: "Spam",
  offensive: "Beleidigend",
  "off-topic": "Off-Topic",
  other: "Sonstiges",
} as const;
export type ReportReasonName = keyof typeof reportReasonLabels;

/** "Sonstiges" says what, in at most this many characters. */
export const REPORT_NOTE_MAX_LENGTH = 500;

/** What a silenced member reads on every form they cannot send (German, addressed as "Sie"). */
export function silencedText(silenced: { until: Date | string | null; reason: string | null }): string {
  const until = silenced.until
    ? ` bis ${new Date(silenced.until).toLocaleString("de-DE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" })}`
    : "";
  const reason = silenced.reason ? ` Grund: ${silenced.reason}` : "";
  return `Ihr Konto ist von der Moderation stummgeschaltet${until}: Sie können lesen, aber nichts schreiben.${reason}`;
}

/** The text a refused viewer reads: a silenced member learns why and until when, anyone else gets `otherwise`. */
export function refusalText(
  viewer: { silenced: { until: Date | string | null; reason: string | null } | null } | null,
  otherwise: string,
): string {
  return viewer?.silenced ? silencedText(viewer.silenced) : otherwise;
}

/** What a suspended member reads when signing in, where the suspension's details are not at hand. */
export const suspendedText = "Ihr Konto ist gesperrt. Bei Fragen wenden Sie sich bitte an das Moderationsteam.";

/**
 * What a suspended member reads on the page after they were signed out, and at sign-in after the right password:
 * why, as the moderator wrote it for them, and until when. The statement of reasons needs a sign-in they do not
 * have; its mail carries it whole, with the way to object.
 */
export function suspensionText(suspension: { until: Date | string | null; reason: string | null }): string {
  const until = suspension.until
    ? `bis ${new Date(suspension.until).toLocaleString("de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" })} Uhr`
    : "bis auf Weiteres";
  const given = suspension.reason?.trim() ?? "";
  const reason = given ? ` Grund: ${given}${/[.!?]$/.test(given) ? "" : "."}` : "";
  return `Ihr Konto ist von der Moderation ${until} gesperrt.${reason} Die Begründung und wie Sie widersprechen können, haben wir Ihnen per E-Mail geschickt.`;
}

/** A post members' reports hid while the moderation has not decided: readers see this in its place. */
export const hiddenByReportsTexts = {
  placeholder: "Von der Community gemeldet – vorübergehend ausgeblendet, bis die Moderation entscheidet",
  own: "Nur Sie und das Moderationsteam sehen ihn; Sie können ihn bearbeiten.",
} as const;

/** The title of a discussion's 404: the placeholder where reports hid it (its loader's message), else "nicht gefunden". */
export function discussionGoneTitle(error: unknown): string {
  const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | null)?.message : undefined;
  return message === hiddenByReportsTexts.placeholder ? message : texts.discussionNotFound;
}

/** A post held for review (decision 0035): what its author is told, and how the page marks it for them. */
export const heldTexts = {
  notice: "Ihr Beitrag wird geprüft und erscheint nach der Freigabe.",
  badge: "Wartet auf Freigabe",
} as const;

/** Why a staff member cannot decide an item about their own post: the queue says so in place of its buttons. */
export const ownReviewItemText = "Über Meldungen zu Ihrem eigenen Beitrag entscheidet ein anderes Teammitglied.";

/** The decisions the review queue offers per kind of item: "Freigeben" for a held post, "Behalten" for a reported one. */
export const reviewDecisionsFor = {
  held: ["approve", "hide", "suspend", "spam"],
  report: ["keep", "hide", "suspend", "spam"],
  // A legal notice (decision 0048) is decided like a report: the notifier hears which way.
  notice: ["keep", "hide", "suspend", "spam"],
  // An author's objection: a different member of the team restores the post or confirms the decision.
  objection: ["uphold-objection", "reject-objection"],
  "sign-up": [],
  // A reported direct message (decision 0062): it stays, goes (hidden for its participants), or goes with its author.
  message: ["keep", "hide", "suspend"],
} as const;
export type ReviewDecisionName = (typeof reviewDecisionsFor)[keyof typeof reviewDecisionsFor][number];
