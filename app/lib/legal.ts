/**
 * Notice and action under the Digital Services Act (Art. 16 and 17; decision 0048): the grounds a notifier can
 * name, what a statement of reasons says, and the deadlines. Shared by the forms, the server and the mails.
 */

/** Why the content is illegal, as the notice form offers it; "other" needs the explanation to say which law. */
export const noticeGroundLabels = {
  insult: "Beleidigung, üble Nachrede oder Verleumdung",
  copyright: "Urheberrechtsverletzung",
  trademark: "Markenrechtsverletzung",
  privacy: "Datenschutz oder Persönlichkeitsrecht",
  competition: "Wettbewerbsrecht (z. B. Schleichwerbung, irreführende Angaben)",
  fraud: "Betrug oder Phishing",
  other: "Sonstiger Rechtsverstoß",
} as const;
export type NoticeGround = keyof typeof noticeGroundLabels;
/** The grounds in a word or two, for the columns of the transparency report and its CSV. */
export const noticeGroundShortLabels: Record<NoticeGround, string> = {
  insult: "Beleidigung",
  copyright: "Urheberrecht",
  trademark: "Markenrecht",
  privacy: "Datenschutz, Persönlichkeitsrecht",
  competition: "Wettbewerbsrecht",
  fraud: "Betrug, Phishing",
  other: "Sonstiges",
};
export const noticeGrounds = Object.keys(noticeGroundLabels) as NoticeGround[];

/** The explanation: long enough to say why, short enough for one reading. */
export const NOTICE_EXPLANATION_MIN_LENGTH = 20;
export const NOTICE_EXPLANATION_MAX_LENGTH = 5000;
export const OBJECTION_MAX_LENGTH = 3000;

/** An author may object to a decision this long after it (Art. 20(1) DSA: at least six months). */
export const OBJECTION_WINDOW_DAYS = 183;

/** What a statement of reasons restricts. */
export const restrictionLabels = {
  hidden: "Ihr Beitrag wurde ausgeblendet und ist für andere nicht mehr sichtbar.",
  held: "Ihr Beitrag wird vor der Veröffentlichung geprüft und ist bis dahin für andere nicht sichtbar.",
  suspended: "Ihr Konto wurde gesperrt: Sie können sich nicht anmelden.",
  silenced: "Ihr Konto wurde stummgeschaltet: Sie können lesen, aber nichts schreiben.",
} as const;
export type RestrictionKind = keyof typeof restrictionLabels;

/** What the notifier hears of the decision. */
export const noticeDecisionLabels = {
  removed: "Der Inhalt wurde entfernt (ausgeblendet).",
  kept: "Der Inhalt bleibt sichtbar: Wir konnten keinen Rechtsverstoß und keinen Verstoß gegen unsere Nutzungsbedingungen feststellen.",
} as const;
export type NoticeDecision = keyof typeof noticeDecisionLabels;

/** The outcome of an objection. */
export const objectionOutcomeLabels = {
  upheld: "Ihrem Widerspruch wurde stattgegeben: Der Beitrag ist wieder sichtbar.",
  rejected: "Ihr Widerspruch wurde geprüft; die Entscheidung bleibt bestehen.",
} as const;
export type ObjectionOutcome = keyof typeof objectionOutcomeLabels;

/** Where the forum's rules for contributions stand in the AGB, for a statement that relies on them. */
export const rulesSection = { href: "/agb#verhalten", label: "AGB § 3 Verhalten der Nutzer" } as const;

/** A confirmation link this old has expired; the unconfirmed notice is deleted by the daily clean-up. */
export const NOTICE_CONFIRM_DAYS = 7;

/** What the notice form and the confirmation page answer. */
export const noticeTexts = {
  tooMany: "Sie haben in kurzer Zeit sehr viele Meldungen gesendet. Bitte versuchen Sie es später wieder.",
  noPost: "Unter dieser Adresse finden wir keinen öffentlichen Beitrag dieses Forums. Bitte kopieren Sie die Adresse des Beitrags.",
  invalidLink: "Dieser Bestätigungslink ist ungültig. Bitte prüfen Sie, ob Sie ihn vollständig kopiert haben.",
  expired: `Dieser Bestätigungslink ist abgelaufen (er ist ${NOTICE_CONFIRM_DAYS} Tage gültig). Bitte senden Sie die Meldung erneut.`,
  failed: "Meldung nicht gesendet",
  confirmFailed: "Meldung nicht bestätigt",
} as const;

/** What the objection form, the queue and the services answer about an objection. */
export const objectionTexts = {
  sameDecider:
    "Über einen Widerspruch entscheidet ein anderes Mitglied des Teams als das, das die ursprüngliche Entscheidung getroffen hat.",
  ownObjection: "Über Ihren eigenen Widerspruch entscheidet ein anderes Mitglied des Teams.",
  already: "Sie haben gegen diese Entscheidung bereits Widerspruch eingelegt.",
  late: "Die Frist für einen Widerspruch (sechs Monate nach der Entscheidung) ist abgelaufen.",
  sent: "Ihr Widerspruch ist eingegangen. Ein anderes Mitglied des Teams prüft ihn, und wir informieren Sie über das Ergebnis.",
  failed: "Widerspruch nicht gespeichert",
  decided: {
    "uphold-objection": "Widerspruch stattgegeben, Beitrag wiederhergestellt",
    "reject-objection": "Widerspruch abgelehnt, Entscheidung bestätigt",
  },
} as const;
