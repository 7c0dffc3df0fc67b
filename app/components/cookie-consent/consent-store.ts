/**
 * Cookie consent lives in the browser's localStorage: one key per category
 * plus the consent key itself (spec, section 3 "Cookie preferences").
 */
export const CONSENT_KEY = "cookie-consent";
export const PREFERENCE_KEYS = {
  essential: "cookie-essential",
  analytics: "cookie-analytics",
  marketing: "cookie-marketing",
} as const;

export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONSENT_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Private modes and disabled storage throw; the banner then simply stays.
    return null;
  }
}

/** "given", "missing", or "unknown" while rendering on the server. */
export type ConsentStatus = "given" | "missing" | "unknown";

export function getConsentStatus(): ConsentStatus {
  return storage()?.getItem(CONSENT_KEY) === "true" ? "given" : "missing";
}

export function getServerConsentStatus(): ConsentStatus {
  return "unknown";
}

export function readPreferences(): CookiePreferences {
  const store = storage();
  return {
    essential: true,
    analytics: store?.getItem(PREFERENCE_KEYS.analytics) === "true",
    marketing: store?.getItem(PREFERENCE_KEYS.marketing) === "true",
  };
}

export function savePreferences(preferences: Omit<CookiePreferences, "essential">): void {
  const store = storage();
  if (!store) return;
  store.setItem(PREFERENCE_KEYS.essential, "true");
  store.setItem(PREFERENCE_KEYS.analytics, String(preferences.analytics));
  store.setItem(PREFERENCE_KEYS.marketing, String(preferences.marketing));
  store.setItem(CONSENT_KEY, "true");
  notify();
}

export function resetConsent(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(CONSENT_KEY);
  for (const key of Object.values(PREFERENCE_KEYS)) store.removeItem(key);
  notify();
}
