import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Switch } from "~/components/ui/switch";

/** Mounted only while open (see CookieConsentProvider), so it is always rendered open. */
export default function CookieSettingsDialog({
  analytics,
  marketing,
  onAnalyticsChange,
  onMarketingChange,
  onClose,
  onAcceptAll,
  onSaveCustom,
  onReset,
}: {
  analytics: boolean;
  marketing: boolean;
  onAnalyticsChange: (checked: boolean) => void;
  onMarketingChange: (checked: boolean) => void;
  onClose: () => void;
  onAcceptAll: () => void;
  onSaveCustom: () => void;
  onReset: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="cookie-settings">
        <DialogHeader>
          <DialogTitle>Cookie-Einstellungen</DialogTitle>
          <DialogDescription>Legen Sie fest, welche Cookies wir verwenden dürfen.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <PreferenceRow
            id="cookie-essential"
            label="Notwendige Cookies"
            description="Erforderlich für Anmeldung, Sicherheit und Grundfunktionen. Immer aktiv."
            checked
            disabled
          />
          <PreferenceRow
            id="cookie-analytics"
            label="Analyse-Cookies"
            description="Helfen uns zu verstehen, wie das Forum genutzt wird."
            checked={analytics}
            onCheckedChange={onAnalyticsChange}
          />
          <PreferenceRow
            id="cookie-marketing"
            label="Marketing-Cookies"
            description="Ermöglichen personalisierte Inhalte und Werbung."
            checked={marketing}
            onCheckedChange={onMarketingChange}
          />
        </div>
        <DialogFooter spread>
          <Button variant="ghost" onClick={onReset}>
            Zurücksetzen
          </Button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onSaveCustom}>
              Auswahl speichern
            </Button>
            <Button onClick={onAcceptAll}>Alle akzeptieren</Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PreferenceRow({
  id,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} aria-describedby={`${id}-description`} />
    </div>
  );
}
