import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { CookieBanner } from "./cookie-consent";

/**
 * The banner and the settings dialog of a guest's reading page, which has no React in the browser: its
 * script (app/enhance/guest.ts) shows them by the stored choice, which the server cannot know. Rendered
 * once per process by app/entry.server.tsx, so none of this reaches the app's bundle.
 */
export function CookieTemplates() {
  return (
    <>
      <template data-template="cookie-banner">
        <CookieBanner />
      </template>
      <template data-template="cookie-settings">
        <CookieSettingsTemplate />
      </template>
    </>
  );
}

const cookieRows = [
  {
    id: "cookie-essential",
    label: "Notwendige Cookies",
    description: "Erforderlich für Anmeldung, Sicherheit und Grundfunktionen. Immer aktiv.",
    preference: null,
  },
  {
    id: "cookie-analytics",
    label: "Analyse-Cookies",
    description: "Helfen uns zu verstehen, wie das Forum genutzt wird.",
    preference: "analytics",
  },
  {
    id: "cookie-marketing",
    label: "Marketing-Cookies",
    description: "Ermöglichen personalisierte Inhalte und Werbung.",
    preference: "marketing",
  },
] as const;

/**
 * The settings dialog as Radix renders it (./cookie-settings-dialog.tsx, app/components/ui/dialog.tsx and
 * switch.tsx), without Radix: a guest page's script opens it and flips the switches.
 */
function CookieSettingsTemplate() {
  return (
    <>
      <div className="fixed inset-0 z-50 bg-black/50 animate-fade-in" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="cookie-settings-title"
        aria-describedby="cookie-settings-description"
        data-testid="cookie-settings"
        data-slot="dialog-content"
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-lg"
      >
        <div className="flex flex-col gap-1.5 pr-6">
          <h2 id="cookie-settings-title" className="text-lg font-semibold">
            Cookie-Einstellungen
          </h2>
          <p id="cookie-settings-description" className="text-sm text-muted-foreground">
            Legen Sie fest, welche Cookies wir verwenden dürfen.
          </p>
        </div>
        <div className="flex flex-col gap-4">
          {cookieRows.map((row) => (
            <div key={row.id} className="flex items-start justify-between gap-4">
              <div>
                <label htmlFor={row.id} className="font-medium">
                  {row.label}
                </label>
                <p id={`${row.id}-description`} className="text-sm text-muted-foreground">
                  {row.description}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                id={row.id}
                aria-checked={row.preference === null}
                aria-describedby={`${row.id}-description`}
                disabled={row.preference === null}
                data-preference={row.preference ?? undefined}
                data-state={row.preference === null ? "checked" : "unchecked"}
                data-slot="switch"
                className="inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-gray-400 transition-colors data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-60"
              >
                <span
                  data-state={row.preference === null ? "checked" : "unchecked"}
                  className="pointer-events-none block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
                />
              </button>
            </div>
          ))}
        </div>
        <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-2 rounded-b-xl bg-background px-6 pb-6 pt-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" data-action="cookie-reset">
            Zurücksetzen
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" data-action="cookie-save">
              Auswahl speichern
            </Button>
            <Button data-action="cookie-all">Alle akzeptieren</Button>
          </div>
        </div>
        <button
          type="button"
          data-action="dialog-close"
          className="absolute right-4 top-4 rounded-sm p-1 text-muted-foreground hover:text-foreground"
        >
          <Icon name="x" className="size-4" />
          <span className="sr-only">Schließen</span>
        </button>
      </div>
    </>
  );
}
