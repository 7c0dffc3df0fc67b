import { categoryLabels, type Category } from "./categories";
import { DIGEST_TITLE } from "./digest";

/** The kinds of notification, as db/schema/notifications.ts stores them (kept apart: the browser bundle never imports the schema). */
/** The anchor of the mail settings on the member's own profile: where mails and an unusable unsubscribe link lead. */
export const MAIL_SETTINGS_ID = "e-mail-benachrichtigungen";

export const notificationKindLabels = {
  "reply-to-discussion": "Antworten auf Diskussionen",
  "reply-to-comment": "Antworten auf Kommentare",
  mention: "Erwähnungen",
  "watched-category": "Neue Diskussionen in beobachteten Kategorien",
  "watched-tag": "Neue Diskussionen mit beobachteten Schlagwörtern",
  "watched-discussion": "Neue Kommentare in beobachteten Diskussionen",
  "account-approved": "Freischaltung meines Kontos",
  moderated: "Moderation meiner Beiträge",
  helpful: "„Hilfreich“ für meine Beiträge",
  solution: "Meine Antworten als Lösung markiert",
  "report-decided": "Entscheidungen zu meinen Meldungen",
  "review-needed": "Neue Einträge in der Moderations-Warteschlange",
  "bookmark-reminder": "Erinnerungen an meine Lesezeichen",
  message: "Persönliche Nachrichten an mich",
} as const;
export type NotificationKindName = keyof typeof notificationKindLabels;

export interface NotificationSummary {
  kind: NotificationKindName;
  count: number;
  detail: string | null;
  actorName: string | null;
  discussionTitle: string | null;
  category: Category | null;
}

/** A notification as the list and the bell's panel show it (JSON turns its time into a string). */
export interface NotificationListItem extends NotificationSummary {
  id: string;
  read: boolean;
  at: Date | string;
  /** Where opening it leads; null for the notice that a discussion was hidden (a 404 for its author). */
  href: string | null;
}

const moderationWords: Record<string, string> = {
  pinned: "angeheftet",
  locked: "gesperrt",
  hidden: "ausgeblendet",
};

/** One line per notification ('3 neue Antworten in „…“'), for the list page and the mails alike. */
export function notificationText(n: NotificationSummary): string {
  const title = `„${n.discussionTitle ?? "einer Diskussion"}“`;
  const actor = n.actorName ?? "Ein ehemaliges Mitglied";
  const several = n.count > 1;
  switch (n.kind) {
    case "reply-to-discussion":
      return several ? `${n.count} neue Antworten in ${title}` : `${actor} hat auf Ihre Diskussion ${title} geantwortet`;
    case "reply-to-comment":
      return several
        ? `${n.count} neue Antworten auf Ihren Kommentar in ${title}`
        : `${actor} hat auf Ihren Kommentar in ${title} geantwortet`;
    case "mention":
      return several ? `${n.count} neue Erwähnungen in ${title}` : `${actor} hat Sie in ${title} erwähnt`;
    case "watched-discussion":
      return several ? `${n.count} neue Kommentare in ${title}` : `${actor} hat ${title} kommentiert`;
    case "watched-category": {
      const category = n.category ? categoryLabels[n.category] : "einer beobachteten Kategorie";
      return several ? `${n.count} neue Diskussionen in ${category}` : `Neue Diskussion in ${category}: ${title}`;
    }
    case "watched-tag": {
      // The tag's name as it was when the first discussion of the group came (the row's detail).
      const tag = n.detail ? `dem Schlagwort ${n.detail}` : "einem beobachteten Schlagwort";
      return several ? `${n.count} neue Diskussionen mit ${tag}` : `Neue Diskussion mit ${tag}: ${title}`;
    }
    case "account-approved":
      return "Ihr Konto wurde freigeschaltet. Willkommen in der Community!";
    case "helpful":
      return several
        ? `${n.count} Mitglieder fanden Ihren Beitrag in ${title} hilfreich`
        : `${actor} fand Ihren Beitrag in ${title} hilfreich`;
    case "solution":
      return `Ihre Antwort in ${title} wurde als Lösung markiert`;
    case "report-decided":
      return n.detail === "hidden"
        ? `Danke für Ihre Meldung zu ${title}: Der Beitrag wurde ausgeblendet.`
        : `Ihre Meldung zu ${title} wurde geprüft: Der Beitrag bleibt sichtbar.`;
    case "review-needed":
      return several ? `${n.count} neue Einträge warten auf die Moderation` : "Ein neuer Eintrag wartet auf die Moderation";
    case "message": {
      // Never a word of the message itself (decision 0062): who wrote, how many, and the subject it was given.
      const where = n.detail ? ` in „${n.detail}“` : "";
      return several ? `${n.count} neue Nachrichten${where}, zuletzt von ${actor}` : `Neue Nachricht von ${actor}${where}`;
    }
    case "bookmark-reminder":
      return `Erinnerung an Ihr Lesezeichen in ${title}${n.detail ? ` – Ihre Notiz: ${n.detail}` : ""}`;
    case "moderated": {
      if (n.detail === "approved") return `Ihr Beitrag in ${title} wurde freigegeben und ist jetzt für alle sichtbar.`;
      if (n.detail === "auto-hidden")
        return `Ein Beitrag von Ihnen in ${title} wurde nach Meldungen vorläufig ausgeblendet. Das Moderationsteam prüft ihn.`;
      const word = moderationWords[n.detail ?? ""] ?? "bearbeitet";
      return n.detail === "hidden" && n.discussionTitle
        ? `Ein Beitrag von Ihnen in ${title} wurde von der Moderation ${word}`
        : `Ihre Diskussion ${title} wurde von der Moderation ${word}`;
    }
  }
}

/** What an unsubscribe link turns off: the e-mail of notification kinds, or the digest mail (its period set to "never"). */
export const DIGEST_MAIL_KIND = "digest";
export type MailKindName = NotificationKindName | typeof DIGEST_MAIL_KIND;
const mailKindLabel = (kind: MailKindName) => (kind === DIGEST_MAIL_KIND ? DIGEST_TITLE : notificationKindLabels[kind]);

/** „A“, or „A“ und „B“, or „A“, „B“ und „C“: the kinds a mail and its unsubscribe link are about. */
export function kindList(kinds: readonly MailKindName[]): string {
  const quoted = kinds.map((kind) => `„${mailKindLabel(kind)}“`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} und ${quoted.at(-1)!}`;
}

/**
 * Mailed whatever the settings say: the spec announces an e-mail on approval
 * (admin.server.ts queues it with the decision), so the card offers no e-mail
 * switch for it and no unsubscribe link names it.
 */
export const alwaysMailedKinds: readonly NotificationKindName[] = ["account-approved"];

/**
 * Kinds whose e-mail is off until the member turns it on: a mail for every "Hilfreich" would be noise
 * (the bell shows them grouped). Read by the settings card and, as SQL, by the fan-out and the mail worker.
 */
export const mailedOnlyOnRequestKinds: readonly NotificationKindName[] = ["helpful"];

/** Whether a member who chose nothing gets this kind by e-mail. */
export function mailedByDefault(kind: NotificationKindName): boolean {
  return !mailedOnlyOnRequestKinds.includes(kind);
}

export const unreadLabel = (count: number) =>
  count === 0 ? "Benachrichtigungen, keine ungelesen" : `Benachrichtigungen, ${count} ungelesen`;

/** Watching, normal, muted: as db/schema/notifications.ts stores them. */
export const watchLevels = ["watching", "normal", "muted"] as const;

/** A tag is watched or not: it has no muted level (decision 0056). */
export const tagWatchLevels = ["watching", "normal"] as const;
export type TagWatchLevel = (typeof tagWatchLevels)[number];

/** The kinds a member can set on the profile's card. */
export const configurableKinds = [
  "reply-to-discussion",
  "reply-to-comment",
  "mention",
  "watched-discussion",
  "watched-category",
  "watched-tag",
  "helpful",
  "solution",
  "report-decided",
  "review-needed",
  "bookmark-reminder",
  "moderated",
  "message",
  "account-approved",
] as const satisfies readonly NotificationKindName[];

export interface KindSetting {
  inPage: boolean;
  email: boolean;
  /** Also to the member's push devices; always false for a kind that is not pushable. */
  push: boolean;
}

/**
 * The kinds that may also go to push (decision 0060): answers, mentions, solutions, what the member watches, and
 * messages to them (decision 0062). The others (approval, moderation, "Hilfreich", reminders, the review queue) stay
 * in the bell and the mail.
 */
export const pushableKinds = [
  "reply-to-discussion",
  "reply-to-comment",
  "mention",
  "solution",
  "watched-discussion",
  "watched-category",
  "watched-tag",
  "message",
] as const satisfies readonly NotificationKindName[];
export type PushableKind = (typeof pushableKinds)[number];

export function isPushable(kind: NotificationKindName): kind is PushableKind {
  return (pushableKinds as readonly string[]).includes(kind);
}

/**
 * Whether a pushable kind goes to a subscribed device while the member chose nothing: what is addressed to them
 * (answers, mentions, a solution, a message) does; what they watch waits until they turn it on, since a busy category would
 * make a phone ring all day.
 */
export function pushedByDefault(kind: NotificationKindName): boolean {
  return kind === "reply-to-discussion" || kind === "reply-to-comment" || kind === "mention" || kind === "solution" || kind === "message";
}
