import { lazy, Suspense, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { ToastMessage } from "~/lib/toast";

// sonner is fetched only when the first toast is due: most page views never show one.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where toasts appear; renders nothing until `showToast` is first called. */
export function Toaster() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onMount={markMounted} />
    </Suspense>
  );
}

export type ToastInput = Omit<ToastMessage, "id"> & { id?: string };

export function showToast({ type, title, description, link, id }: ToastInput): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // Marked while the toast's code loads, as data-hydrated marks the page ready: end-to-end checks wait for both.
  const root = document.documentElement;
  root.dataset.toastPending = String(Number(root.dataset.toastPending ?? 0) + 1);
  const settled = () => {
    const left = Number(root.dataset.toastPending ?? 1) - 1;
    if (left > 0) root.dataset.toastPending = String(left);
    else delete root.dataset.toastPending;
  };
  // The toast is added only once the Toaster's live region is in the document, so screen readers announce it.
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => {
    const show = type === "error" ? toast.error : type === "success" ? toast.success : toast.info;
    // One toast at a time (spec): a new message replaces the one on screen, so an old error never stays under a new success.
    for (const shown of toast.getToasts()) if (shown.id !== id) toast.dismiss(shown.id);
    // A link onward ("Zur Diskussion"): a real link, so it opens in a new tab too; following it closes the toast.
    const action = link ? (
      <Link
        to={link.href}
        onClick={() => toast.dismiss(id)}
        className="ml-auto shrink-0 rounded-md px-1 text-sm font-semibold underline underline-offset-2"
        data-testid="toast-link"
      >
        {link.label}
      </Link>
    ) : undefined;
    show(title, { id, description, action });
    // Sonner draws it on its next render: the mark goes once it is in the document (or after about a second).
    const whenDrawn = (frames: number) =>
      document.querySelector("[data-sonner-toast]") || frames === 0 ? settled() : requestAnimationFrame(() => whenDrawn(frames - 1));
    whenDrawn(60);
  }, settled);
}
