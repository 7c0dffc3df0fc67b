import { Icon } from "~/components/ui/icon";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { getConsentStatus, getServerConsentStatus, readPreferences, resetConsent, savePreferences, subscribe } from "./consent-store";

interface CookieConsentApi {
  openSettings: () => void;
}

// Dialog and switches load when the settings are opened, not on every page of every visit.
const CookieSettingsDialog = lazy(() => import("./cookie-settings-dialog"));

const CookieConsentContext = createContext<CookieConsentApi | null>(null);

export function useCookieConsent(): CookieConsentApi {
  const context = useContext(CookieConsentContext);
  if (!context) throw new Error("useCookieConsent must be used within a CookieConsentProvider");
  return context;
}

/**
 * Banner and settings dialog. The server renders neither: consent is only
 * known in the browser, so the banner appears after hydration for visitors
 * without a stored choice and never flashes for those who already chose.
 */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const status = useSyncExternalStore(subscribe, getConsentStatus, getServerConsentStatus);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  useEffect(() => {
    // The browser has read the stored choice and rendered by it: end-to-end tests wait for this before
    // asserting that no banner appeared, instead of waiting a while and hoping.
    if (status !== "unknown") document.documentElement.dataset.cookieConsent = status;
  }, [status]);

  const openSettings = useCallback(() => {
    const stored = readPreferences();
    setAnalytics(stored.analytics);
    setMarketing(stored.marketing);
    setSettingsOpen(true);
  }, []);

  const api = useMemo(() => ({ openSettings }), [openSettings]);

  const acceptAll = () => {
    savePreferences({ analytics: true, marketing: true });
    setSettingsOpen(false);
  };
  const acceptEssential = () => {
    savePreferences({ analytics: false, marketing: false });
    setSettingsOpen(false);
  };
  const saveCustom = () => {
    savePreferences({ analytics, marketing });
    setSettingsOpen(false);
  };
  const reset = () => {
    resetConsent();
    setAnalytics(false);
    setMarketing(false);
    setSettingsOpen(false);
  };

  return (
    <CookieConsentContext.Provider value={api}>
      {children}
      {status === "missing" && <CookieBanner onSettings={openSettings} onEssential={acceptEssential} onAll={acceptAll} />}

      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            analytics={analytics}
            marketing={marketing}
            onAnalyticsChange={setAnalytics}
            onMarketingChange={setMarketing}
            onClose={() => setSettingsOpen(false)}
            onAcceptAll={acceptAll}
            onSaveCustom={saveCustom}
            onReset={reset}
          />
        </Suspense>
      )}
    </CookieConsentContext.Provider>
  );
}

/** Without handlers (a guest page's template, ./cookie-templates.tsx) the buttons act by their data-action. */
export function CookieBanner({
  onSettings,
  onEssential,
  onAll,
}: {
  onSettings?: () => void;
  onEssential?: () => void;
  onAll?: () => void;
}) {
  return (
    // A slim bar on phones (one short sentence and the choices), the card with the full text from md on. Under
    // the dialogs' and the navigation sheet's overlays (z-50): an open dialog covers it like the rest of the page.
    <section
      aria-label="Cookie-Hinweis"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background px-3 py-2 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] md:inset-x-auto md:bottom-4 md:right-4 md:max-w-md md:rounded-xl md:border md:p-4"
    >
      <p className="text-sm md:hidden">
        Wir setzen notwendige Cookies, weitere nur mit Ihrer Einwilligung.{" "}
        <span className="whitespace-nowrap">
          <button type="button" className="font-medium text-brand-700 underline" onClick={onSettings} data-action="cookie-settings">
            Einstellungen
          </button>
          {" · "}
          {/* Its text says where it leads (a crawler and a screen reader read "Mehr" as nothing; Lighthouse SEO). */}
          <Link to={paths.datenschutz} className="font-medium text-brand-700 underline">
            Datenschutz
          </Link>
        </span>
      </p>
      <div className="hidden items-start gap-3 md:flex">
        <Icon name="cookie" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h2 className="font-semibold">Wir respektieren Ihre Privatsphäre</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Wir verwenden technisch notwendige Cookies für den Betrieb des Forums. Analyse- und Marketing-Cookies setzen wir nur mit Ihrer
            Einwilligung. Mehr dazu in der{" "}
            <Link to={paths.datenschutz} className="text-brand-700 underline">
              Datenschutzerklärung
            </Link>
            .
          </p>
        </div>
      </div>
      <div className="mt-2 flex gap-2 md:mt-4 md:flex-wrap md:justify-end">
        <Button variant="ghost" size="sm" className="max-md:hidden" onClick={onSettings} data-action="cookie-settings">
          Einstellungen
        </Button>
        <Button variant="outline" size="sm" className="flex-1 md:flex-none" onClick={onEssential} data-action="cookie-essential">
          Nur notwendige
        </Button>
        <Button size="sm" className="flex-1 md:flex-none" onClick={onAll} data-action="cookie-all">
          Alle akzeptieren
        </Button>
      </div>
    </section>
  );
}
