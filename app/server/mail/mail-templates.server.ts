import { env } from "~/server/platform";
import { mailSiteSettings } from "~/server/settings";
import type { MailMessage } from "./mail.server";

/** The forum's name as the operator set it (decision 0049), when the mail is written. */
const forum = () => mailSiteSettings().forumName;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);
}

interface Template {
  kind: string;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/** The subject as every mail writes it: its own words, then the forum's name. */
export const mailSubject = (subject: string) => `${subject} – ${forum()}`;

/** The plain-text part: the mail's own parts, then the sign-off with the forum's address. */
export function mailText(parts: readonly string[]): string {
  return [...parts, `Viele Grüße\nIhr Team der ${forum()}\n${env.PUBLIC_URL}`].join("\n\n");
}

/** The button of a mail's one action, and its address written out for mail programs that show no button. */
export function mailButton(action: { label: string; url: string }): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#c2410c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#4b5563">Falls der Button nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:<br><a href="${escapeHtml(action.url)}" style="color:#c2410c;word-break:break-all">${escapeHtml(action.url)}</a></p>`;
}

/**
 * The HTML part around a mail's own markup: the forum's name above, the sign-off and the operator's links below.
 * At most 600 px wide (padding included), the width mail programs are made for; narrower screens get all of it.
 */
export function mailDocument(subject: string, body: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827">
<div style="box-sizing:border-box;max-width:600px;margin:0 auto;padding:24px 12px">
<div style="background:#ffffff;border-radius:12px;padding:32px 24px;border-top:4px solid #ea580c">
<p style="margin:0 0 16px;font-weight:700;color:#c2410c">${escapeHtml(forum())}</p>
${body}
<p style="margin-top:24px">Viele Grüße<br>Ihr Team der ${escapeHtml(forum())}</p>
</div>
<p style="font-size:12px;color:#4b5563;text-align:center;margin-top:16px">${escapeHtml(mailSiteSettings().company)} · <a href="${escapeHtml(env.PUBLIC_URL)}/impressum" style="color:#4b5563">Impressum</a> · <a href="${escapeHtml(env.PUBLIC_URL)}/datenschutz" style="color:#4b5563">Datenschutz</a></p>
</div></body></html>`;
}

/** Every mail: German, plain text and HTML, the forum's name in subject and footer. */
function render(template: Template): MailMessage {
  const subject = mailSubject(template.subject);
  const text = mailText([
    template.greeting,
    ...template.paragraphs,
    ...(template.action ? [`${template.action.label}:\n${template.action.url}`] : []),
    ...(template.footnote ? [template.footnote] : []),
  ]);
  const html = mailDocument(
    subject,
    `<p>${escapeHtml(template.greeting)}</p>
${template.paragraphs.map((p) => `<p style="line-height:1.6">${escapeHtml(p)}</p>`).join("\n")}
${template.action ? mailButton(template.action) : ""}
${template.footnote ? `<p style="font-size:13px;color:#4b5563">${escapeHtml(template.footnote)}</p>` : ""}`,
  );
  return { kind: template.kind, to: template.to, subject, text, html };
}

export function hello(name: string | undefined): string {
  return name?.trim() ? `Hallo ${name.trim()},` : "Hallo,";
}

export function verificationMail(to: string, name: string | undefined, url: string): MailMessage {
  return render({
    kind: "verification",
    to,
    subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
    greeting: hello(name),
    paragraphs: [
      `vielen Dank für Ihre Registrierung in der ${forum()}. Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link.`,
      "Danach prüft ein Administrator Ihre Registrierung. Die Freischaltung kann bis zu 24 Stunden dauern; wir benachrichtigen Sie per E-Mail.",
    ],
    action: { label: "E-Mail-Adresse bestätigen", url },
    footnote: "Der Link ist 24 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.",
  });
}

export function magicLinkMail(to: string, url: string): MailMessage {
  return render({
    kind: "magic-link",
    to,
    subject: "Ihr Anmeldelink",
    greeting: hello(undefined),
    paragraphs: [`mit dem folgenden Link melden Sie sich ohne Passwort in der ${forum()} an.`],
    action: { label: "Jetzt anmelden", url },
    footnote:
      "Der Link ist 10 Minuten gültig und kann nur einmal verwendet werden. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.",
  });
}

export function passwordResetMail(to: string, name: string | undefined, url: string): MailMessage {
  return render({
    kind: "password-reset",
    to,
    subject: "Passwort zurücksetzen",
    greeting: hello(name),
    paragraphs: ["Sie haben angefordert, Ihr Passwort zurückzusetzen. Über den folgenden Link legen Sie ein neues Passwort fest."],
    action: { label: "Neues Passwort festlegen", url },
    footnote:
      "Der Link ist 1 Stunde gültig und kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, bleibt Ihr Passwort unverändert.",
  });
}

export function accountApprovedMail(to: string, name: string | undefined): MailMessage {
  return render({
    kind: "account-approved",
    to,
    subject: "Konto freigeschaltet",
    greeting: hello(name),
    paragraphs: [
      `gute Nachrichten: Ihr Konto in der ${forum()} wurde von einem Administrator freigeschaltet.`,
      "Sie können jetzt Diskussionen starten und kommentieren.",
    ],
    action: { label: "Jetzt anmelden", url: `${env.PUBLIC_URL}/auth` },
  });
}

/** Sent instead of a second account, so the sign-up form never reveals who is registered. */
export function accountExistsMail(to: string): MailMessage {
  return render({
    kind: "account-exists",
    to,
    subject: "Sie haben bereits ein Konto",
    greeting: hello(undefined),
    paragraphs: [
      `jemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto in der ${forum()} anzulegen. Zu dieser Adresse besteht bereits ein Konto.`,
      "Falls Sie Ihr Passwort vergessen haben, können Sie es über den folgenden Link zurücksetzen.",
    ],
    action: { label: "Zur Anmeldung", url: `${env.PUBLIC_URL}/auth?mode=forgot-password` },
  });
}

/**
 * What happened in one discussion (or to the account) since the last mail:
 * one mail per member and discussion and hour, with a one-click unsubscribe
 * for the kind (RFC 8058 headers; the link works without signing in).
 */
export function notificationMail(input: {
  to: string;
  name: string;
  lines: string[];
  discussionTitle: string | null;
  url: string;
  /** The kinds the mail bundles, as kindList (app/lib/notifications.ts) writes them: its unsubscribe link turns off each. */
  kinds: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}): MailMessage {
  const message = render({
    kind: "notification",
    to: input.to,
    subject: input.lines.length === 1 ? input.lines[0]! : `Neues in „${input.discussionTitle ?? "der Community"}“`,
    greeting: hello(input.name),
    paragraphs: input.lines,
    action: { label: "Ansehen", url: input.url },
    footnote: `Keine E-Mails mehr zu ${input.kinds}: ${input.unsubscribeUrl} – alle Einstellungen finden Sie in Ihrem Profil: ${input.settingsUrl}`,
  });
  return {
    ...message,
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * Notice and action (decision 0048): the notifier confirms the address before a notice counts, hears that it
 * arrived, and later what was decided; the author of a restricted post gets the statement of reasons and, after an
 * objection, its outcome.
 */
export const legalMails = {
  confirmNotice(to: string, name: string, url: string): MailMessage {
    return render({
      kind: "legal-notice-confirm",
      to,
      subject: "Bitte bestätigen Sie Ihre Meldung",
      greeting: hello(name),
      paragraphs: [
        `Sie haben in der ${forum()} einen Inhalt als rechtswidrig gemeldet. Damit niemand in fremdem Namen meldet, bestätigen Sie bitte Ihre E-Mail-Adresse über den folgenden Link. Erst dann wird Ihre Meldung geprüft.`,
      ],
      action: { label: "Meldung bestätigen", url },
      footnote: "Der Link ist 7 Tage gültig. Wenn Sie nichts gemeldet haben, ignorieren Sie diese E-Mail; die Meldung verfällt dann.",
    });
  },
  noticeReceived(to: string, name: string, reference: string, location: string): MailMessage {
    return render({
      kind: "legal-notice-received",
      to,
      subject: "Ihre Meldung ist eingegangen",
      greeting: hello(name),
      paragraphs: [
        `wir haben Ihre Meldung (Aktenzeichen ${reference}) zu folgendem Inhalt erhalten: ${location}`,
        "Unser Moderationsteam prüft sie zügig und sorgfältig. Über die Entscheidung und ihre Gründe informieren wir Sie per E-Mail.",
      ],
    });
  },
  noticeDecided(to: string, name: string, reference: string, location: string, decision: string, reasons: string): MailMessage {
    return render({
      kind: "legal-notice-decided",
      to,
      subject: "Entscheidung zu Ihrer Meldung",
      greeting: hello(name),
      paragraphs: [
        `wir haben Ihre Meldung (Aktenzeichen ${reference}) zu folgendem Inhalt geprüft: ${location}`,
        `Entscheidung: ${decision}`,
        `Begründung: ${reasons}`,
        "Die Entscheidung hat ein Mitglied unseres Moderationsteams getroffen. Wenn Sie nicht einverstanden sind, können Sie uns über das Meldeformular erneut schreiben oder den Rechtsweg beschreiten.",
      ],
    });
  },
  statementOfReasons(
    to: string,
    name: string,
    statement: { restriction: string; facts: string; ground: string; url: string; reference: string; signedOut: boolean },
  ): MailMessage {
    return render({
      kind: "statement-of-reasons",
      to,
      subject: "Begründung einer Moderationsentscheidung",
      greeting: hello(name),
      paragraphs: [
        `${statement.restriction} (Aktenzeichen ${statement.reference})`,
        `Sachverhalt: ${statement.facts}`,
        `Grundlage: ${statement.ground}`,
        statement.signedOut
          ? `Sie können innerhalb von sechs Monaten einmal Widerspruch einlegen: Da Sie sich nicht anmelden können, antworten Sie dazu bitte an ${mailSiteSettings().email} und nennen Sie das Aktenzeichen. Ein anderes Mitglied des Teams prüft ihn.`
          : "Sie können innerhalb von sechs Monaten einmal Widerspruch einlegen; ein anderes Mitglied des Teams prüft ihn. Die Begründung und das Formular für den Widerspruch finden Sie hier:",
      ],
      ...(statement.signedOut ? {} : { action: { label: "Begründung ansehen", url: statement.url } }),
      footnote:
        "Außerdem können Sie sich an eine zertifizierte außergerichtliche Streitbeilegungsstelle wenden (Art. 21 DSA) oder den Rechtsweg beschreiten.",
    });
  },
  objectionDecided(to: string, name: string, outcome: string, url: string): MailMessage {
    return render({
      kind: "objection-decided",
      to,
      subject: "Entscheidung über Ihren Widerspruch",
      greeting: hello(name),
      paragraphs: [outcome, "Ein anderes Mitglied des Teams als das, das zuerst entschieden hat, hat Ihren Widerspruch geprüft."],
      action: { label: "Begründung ansehen", url },
    });
  },
};
