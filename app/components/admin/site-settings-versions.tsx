import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import { cn } from "~/lib/utils";
import type { FieldChange, SiteSettingsVersion } from "~/server/settings";

/** Every saved version, newest first, each with a link to what it changed. */
export function SiteSettingsVersions({ versions, shown }: { versions: SiteSettingsVersion[]; shown: number | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fassungen</CardTitle>
        <CardDescription>
          Jede gespeicherte Änderung mit Zeitpunkt, wer sie gemacht hat und was sich gegenüber der Fassung davor geändert hat.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Noch keine Fassung gespeichert: Das Forum zeigt die Voreinstellungen aus app/lib/site.ts.
          </p>
        ) : (
          <ol className="divide-y divide-border" data-testid="settings-versions">
            {versions.map((version) => (
              <li key={version.version} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    Fassung {version.version} · {version.changedByName} ·{" "}
                    <time dateTime={new Date(version.createdAt).toISOString()}>{formatDateTime(version.createdAt)}</time>
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{version.summary}</p>
                </div>
                {shown === version.version ? (
                  <span className="shrink-0 text-sm text-muted-foreground">wird angezeigt</span>
                ) : (
                  <Link
                    to={paths.adminSettingsVersion(version.version)}
                    preventScrollReset
                    className="shrink-0 text-sm text-brand-700 hover:underline"
                  >
                    Änderungen ansehen
                  </Link>
                )}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const lineStyles = {
  added: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
  removed: "bg-red-50 text-red-900 line-through decoration-red-700/50 dark:bg-red-950 dark:text-red-100",
  same: "text-muted-foreground",
  gap: "text-muted-foreground",
} as const;
const marks = { added: "+", removed: "−", same: " ", gap: " " } as const;
const spoken = { added: "hinzugefügt: ", removed: "entfernt: ", same: "", gap: "" } as const;

/** One version's changes, field by field, each as lines removed and added. */
export function SiteSettingsDiff({ version }: { version: SiteSettingsVersion & { changes: FieldChange[] } }) {
  return (
    <Card id="fassung">
      <CardHeader>
        <CardTitle>Änderungen in Fassung {version.version}</CardTitle>
        <CardDescription>
          {version.changedByName} am {formatDateTime(version.createdAt)}, gegenüber der Fassung davor.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5" data-testid="settings-diff">
        {version.changes.map((change) => (
          <section key={change.field} className="flex min-w-0 flex-col gap-1">
            <h3 className="text-sm font-semibold">{change.label}</h3>
            <div
              className="overflow-x-auto rounded-md border border-border font-mono text-xs"
              role="region"
              aria-label={`Änderungen: ${change.label}`}
              tabIndex={0}
            >
              {change.lines.map((line, index) => (
                <p key={index} className={cn("px-2 py-0.5 whitespace-pre-wrap [overflow-wrap:anywhere]", lineStyles[line.kind])}>
                  <span aria-hidden="true" className="mr-2 select-none">
                    {marks[line.kind]}
                  </span>
                  <span className="sr-only">{spoken[line.kind]}</span>
                  {line.text || "\u00a0"}
                </p>
              ))}
            </div>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
