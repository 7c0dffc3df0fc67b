import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { RemoveEntryForm } from "~/components/ui/remove-entry-form";
import { formatDate } from "~/lib/format";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { pushTexts, type PushDevice } from "~/lib/push";
import type { ToastMessage } from "~/lib/toast";

/** Where turning push on in this browser got to, beyond what the browser says by itself. */
type Attempt = "idle" | "working" | "denied" | "dismissed" | "failed";

/** How long the page waits for the service worker (it registers on every member's page) before it gives up. */
const SERVICE_WORKER_WAIT_MS = 10_000;

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The VAPID public key as the bytes PushManager.subscribe takes (base64url in, Uint8Array out). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no service worker")), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This browser's subscription for our key: the one it has, or a new one. A subscription made for another key (the
 * operator changed it) cannot carry our messages, so it is given up first.
 */
async function subscribe(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * The push part of the notification card (decision 0060): one or two sentences on what push is, the button that turns
 * it on for this browser (the browser's permission prompt comes only from this click, never on page load), and the
 * member's devices, each with its own form to remove it. Without JavaScript push cannot work: the button waits.
 */
export function PushDevices({ publicKey, devices }: { publicKey: string; devices: PushDevice[] }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState<Attempt>("idle");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const supported = hydrated && pushSupported();

  // The browser's own subscription, if it has one: the card marks that device as this one.
  useEffect(() => {
    if (!supported) return;
    let current = true;
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => current && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [supported]);

  async function activate() {
    setAttempt("working");
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setAttempt(permission === "denied" ? "denied" : "dismissed");
      const subscription = await subscribe(await serviceWorker(), publicKey);
      const { keys } = subscription.toJSON();
      setEndpoint(subscription.endpoint);
      await fetcher.submit(
        { intent: "add-push-device", endpoint: subscription.endpoint, p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
        { method: "post", preventScrollReset: true },
      );
      setAttempt("idle");
    } catch {
      setAttempt("failed");
    }
  }

  const here = endpoint === null ? undefined : devices.find((device) => device.endpoint === endpoint);
  const blocked = attempt === "denied" || (supported && Notification.permission === "denied");
  const busy = attempt === "working" || fetcher.state !== "idle";
  const note = !hydrated
    ? pushTexts.needsScript
    : !supported
      ? pushTexts.unsupported
      : blocked
        ? pushTexts.denied
        : attempt === "dismissed"
          ? pushTexts.dismissed
          : attempt === "failed"
            ? pushTexts.failed
            : null;
  const refused = fetcher.data?.toast;
  return (
    <section aria-labelledby="push-heading" className="mt-6 flex flex-col gap-3 border-t border-border pt-4">
      <h3 id="push-heading" className="font-semibold">
        {pushTexts.heading}
      </h3>
      <p className="text-sm text-muted-foreground">{pushTexts.explanation}</p>
      {here ? (
        <p className="flex items-center gap-2 text-sm">
          <Icon name="check" className="size-4 text-brand-700" />
          {pushTexts.activeHere}
        </p>
      ) : (
        !blocked && (
          <Button type="button" size="wrap" className="w-fit text-left" disabled={!supported || busy} onClick={activate}>
            <Icon name="bell" />
            {busy ? pushTexts.activating : pushTexts.activate}
          </Button>
        )
      )}
      {note && (
        <p role={hydrated ? "status" : undefined} className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
      {refused && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refused.description ?? refused.title}
        </p>
      )}
      <h4 className="text-sm font-medium">{pushTexts.devicesHeading}</h4>
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{pushTexts.noDevices}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border text-sm">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-medium">{device.label}</span>
                {device === here && <span className="text-muted-foreground"> ({pushTexts.thisDevice})</span>}
                <span className="block text-muted-foreground">seit {formatDate(device.createdAt)}</span>
              </span>
              <RemoveEntryForm id={device.id} intent="remove-push-device" label={`${device.label} entfernen`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
