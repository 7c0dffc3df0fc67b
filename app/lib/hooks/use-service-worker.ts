import { useEffect } from "react";
import { CACHE_PREFIX } from "~/service-worker/rules";

/** The service worker's address (built by scripts/lib/service-worker.ts from app/service-worker/), its scope the whole forum. */
export const SERVICE_WORKER_PATH = "/sw.js";

/**
 * Registers the service worker for a signed-in member, in the app's bundle only: a guest's reading page has no
 * app, so a guest never loads the worker (decision 0061). When the page is a guest's again (signed out, or the
 * session ended), the worker and what it kept are removed from this browser. Production builds only: the
 * development server builds no worker.
 */
export function useServiceWorker(signedIn: boolean) {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    if (signedIn) {
      // A failed registration costs the member nothing but the offline copies.
      navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/", updateViaCache: "none" }).catch(() => undefined);
    } else {
      void removeServiceWorker();
    }
  }, [signedIn]);
}

async function removeServiceWorker() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  if (!registration) return;
  await registration.unregister();
  for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX)) await caches.delete(name);
}
