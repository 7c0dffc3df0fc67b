import { Link } from "react-router";
import type { AuditAction } from "../../../db/schema";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import type { AuditLogEntry } from "~/server/moderation";

export const auditActionLabels: Record<AuditAction, string> = {
  approve: "Mitglied freigeschaltet",
  reject: "Mitglied abgelehnt",
  "create-user": "Benutzer erstellt",
  "change-role": "Rolle geändert",
  "seed-sample": "Beispiel-Diskussion erstellt",
  pin: "Diskussion angepinnt",
  unpin: "Nicht mehr angepinnt",
  lock: "Diskussion gesperrt",
  unlock: "Diskussion entsperrt",
  "update-discussion": "Fremde Diskussion bearbeitet",
  "update-comment": "Fremden Kommentar bearbeitet",
  "hide-discussion": "Diskussion ausgeblendet",
  "restore-discussion": "Diskussion wiederhergestellt",
  "hide-comment": "Kommentar ausgeblendet",
  "restore-comment": "Kommentar wiederhergestellt",
  "mark-solution": "Lösung einer fremden Diskussion markiert",
  "unmark-solution": "Lösung einer fremden Diskussion zurückgenommen",
  "review-keep": "Gemeldeten Beitrag behalten",
  "review-approve": "Zurückgehaltenen Beitrag freigegeben",
  "review-hide": "Beitrag aus der Moderation ausgeblendet",
  "review-spam": "Als Spam gelöscht",
  suspend: "Mitglied gesperrt",
  silence: "Mitglied stummgeschaltet",
  "lift-restriction": "Sperre aufgehoben",
  "watch-term-add": "Beobachteten Begriff hinzugefügt",
  "watch-term-remove": "Beobachteten Begriff entfernt",
  "update-site-settings": "Betreiberdaten und Rechtstexte geändert",
  "reset-second-factor": "Zweiten Faktor zurückgesetzt",
  "synonym-group-add": "Synonymgruppe der Suche hinzugefügt",
  "synonym-group-remove": "Synonymgruppe der Suche entfernt",
  "tag-rename": "Schlagwort umbenannt",
  "tag-merge": "Schlagwörter zusammengeführt",
  "tag-delete": "Schlagwort gelöscht",
  "tag-describe": "Beschreibung eines Schlagworts geändert",
};

function targetHref(entry: AuditLogEntry): string | null {
  if (entry.targetType === "member") return paths.profile(entry.targetId);
  if (entry.targetType === "watched-term") return paths.adminWatchList;
  if (entry.targetType === "synonym-group") return paths.adminSynonyms;
  if (entry.targetType === "tag") return paths.adminTags;
  if (entry.targetType === "site-settings") return paths.adminSettingsVersion(Number(entry.targetId));
  if (!entry.discussionSlug) return null;
  const page = paths.discussion(entry.discussionSlug);
  return entry.targetType === "comment" ? `${page}#comment-${entry.targetId}` : page;
}

export function AuditLog({ entries }: { entries: AuditLogEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Noch keine Einträge.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="audit-log">
        <caption className="sr-only">Protokoll der Moderations- und Verwaltungsaktionen, neueste zuerst</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Zeitpunkt
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Wer
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Aktion
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Ziel
            </th>
            <th scope="col" className="py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => {
            const href = targetHref(entry);
            return (
              <tr key={entry.id} data-testid="audit-entry">
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td className="py-2 pr-4">
                  {entry.actorId ? (
                    <Link
                      to={`?wer=${entry.actorId}`}
                      preventScrollReset
                      className="text-brand-700 hover:underline"
                      title={`Nur die Aktionen von ${entry.actorName}`}
                    >
                      {entry.actorName}
                    </Link>
                  ) : (
                    entry.actorName
                  )}
                </td>
                <td className="py-2 pr-4">{auditActionLabels[entry.action]}</td>
                <td className="max-w-xs py-2 pr-4">
                  {href ? (
                    <Link to={href} className="text-brand-700 hover:underline">
                      {entry.targetLabel}
                    </Link>
                  ) : (
                    entry.targetLabel
                  )}
                </td>
                <td className="py-2 text-muted-foreground">{entry.details ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
