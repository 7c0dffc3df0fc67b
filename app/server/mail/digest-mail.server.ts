import { DIGEST_TITLE } from "~/lib/digest";
import type { MailMessage } from "./mail.server";
import { escapeHtml, hello, mailButton, mailDocument, mailSubject, mailText } from "./mail-templates.server";

/** One discussion of the digest: its title, its plain address (no tracking parameters) and what is new about it. */
export interface DigestMailItem {
  title: string;
  url: string;
  /** "SEO · 3 neue Antworten" */
  note: string;
}

export interface DigestMailSection {
  heading: string;
  items: DigestMailItem[];
}

export interface DigestMailInput {
  to: string;
  name: string;
  /** The opening sentence, dates written out ("das ist neu seit Ihrem letzten Besuch am 18. November 2026."). */
  opening: string;
  sections: DigestMailSection[];
  /** "Außerdem neu: …", or null when the sections hold everything. */
  more: string | null;
  homeUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  /** "höchstens einmal pro Woche" */
  periodPhrase: string;
}

/**
 * "Das Wichtigste aus der Community" (app/server/notifications/digest.server.ts): sections of linked discussions,
 * in HTML and plain text, with a one-click unsubscribe (RFC 8058 headers, the link works without signing in) and a
 * link to the setting. Long titles wrap, so a phone never scrolls sideways.
 */
export function digestMail(input: DigestMailInput): MailMessage {
  const subject = mailSubject(DIGEST_TITLE);
  const footnote = `Diese Zusammenfassung kommt ${input.periodPhrase}, solange Sie nicht in der Community vorbeischauen.`;
  const text = mailText([
    hello(input.name),
    input.opening,
    ...input.sections.map((section) =>
      [section.heading, ...section.items.map((item) => `- ${item.title}\n  ${item.note}\n  ${item.url}`)].join("\n"),
    ),
    ...(input.more ? [input.more] : []),
    `Zur Community:\n${input.homeUrl}`,
    `${footnote}\nHäufigkeit ändern: ${input.settingsUrl}\nAbbestellen: ${input.unsubscribeUrl}`,
  ]);
  const sections = input.sections
    .map(
      (section) => `<h2 style="font-size:17px;line-height:1.3;margin:28px 0 8px;color:#9a3412">${escapeHtml(section.heading)}</h2>
<ul style="list-style:none;margin:0;padding:0">
${section.items
  .map(
    (item) =>
      `<li style="margin:0;padding:10px 0;border-bottom:1px solid #e5e7eb"><a href="${escapeHtml(item.url)}" style="color:#111827;font-weight:600;line-height:1.4;overflow-wrap:anywhere">${escapeHtml(item.title)}</a><br><span style="font-size:13px;color:#4b5563">${escapeHtml(item.note)}</span></li>`,
  )
  .join("\n")}
</ul>`,
    )
    .join("\n");
  const html = mailDocument(
    subject,
    `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(DIGEST_TITLE)}</h1>
<p>${escapeHtml(hello(input.name))}</p>
<p style="line-height:1.6">${escapeHtml(input.opening)}</p>
${sections}
${input.more ? `<p style="line-height:1.6;margin-top:20px">${escapeHtml(input.more)}</p>` : ""}
${mailButton({ label: "Zur Community", url: input.homeUrl })}
<p style="font-size:13px;color:#4b5563;line-height:1.6">${escapeHtml(footnote)} <a href="${escapeHtml(input.settingsUrl)}" style="color:#9a3412">Häufigkeit ändern</a> · <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#9a3412">Abbestellen</a></p>`,
  );
  return {
    kind: "digest",
    to: input.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
