import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { paths } from "~/lib/paths";
import { DRAFT_SAVE_DELAY_MS, draftTexts } from "~/lib/drafts";

/** The fields of a post's form that make its draft; everything else (intent, one-time key) is the form's own. */
const DRAFT_FIELDS = ["title", "category", "content", "contentFormat", "parentId"] as const;

/** "restored": the page came with a saved draft in the form, and nothing was typed since. */
export type DraftState = { state: "idle" | "restored" | "saving" | "saved" | "failed"; message: string | null };

/**
 * Saves what the member types in a post's form as their draft on the server (decision 0037): a moment after
 * the last change, at once when the page is hidden or left, and never for a form being sent (the server
 * removes the draft the post replaces). It reads the form as the browser would send it, so any field inside
 * it counts, the plain textarea and the rich-text editor's hidden input alike.
 */
export function useDraftAutosave(
  formRef: RefObject<HTMLFormElement | null>,
  {
    discussionId,
    enabled,
    saved,
    endpoint = paths.drafts,
  }: {
    discussionId: string | null;
    enabled: boolean;
    saved: boolean;
    /** Where the drafts of this form are kept: a post's at /drafts, a conversation's at its own (decision 0062). */
    endpoint?: string;
  },
) {
  const [status, setStatus] = useState<DraftState>({ state: saved ? "restored" : "idle", message: null });
  const cancelRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;
    let lastSent: string | null = null;

    const draftBody = () => {
      const fields = new FormData(form);
      const body = new URLSearchParams({ intent: "save" });
      if (discussionId) body.set("discussionId", discussionId);
      for (const name of DRAFT_FIELDS) {
        const value = fields.get(name);
        if (typeof value === "string") body.set(name, value);
      }
      return body;
    };

    const save = (leaving = false) => {
      clearTimeout(timer);
      timer = undefined;
      const body = draftBody();
      const sent = body.toString();
      if (sent === lastSent) return;
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      if (!leaving) setStatus({ state: "saving", message: null });
      // keepalive: a save started as the tab closes still arrives.
      fetch(endpoint, { method: "POST", body, keepalive: leaving, signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          const answer = (await response.json().catch(() => null)) as { savedAt?: string | null; error?: string } | null;
          if (controller.signal.aborted) return;
          if (!response.ok) {
            setStatus({ state: "failed", message: answer?.error ?? null });
            return;
          }
          lastSent = sent;
          setStatus({ state: answer?.savedAt ? "saved" : "idle", message: null });
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus({ state: "failed", message: null });
        });
    };

    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(save, DRAFT_SAVE_DELAY_MS);
    };
    const flush = () => {
      if (timer !== undefined) save(true);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
      inFlight?.abort();
      lastSent = null;
    };
    cancelRef.current = cancel;

    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    form.addEventListener("submit", cancel);
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      flush();
      form.removeEventListener("input", schedule);
      form.removeEventListener("change", schedule);
      form.removeEventListener("submit", cancel);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      cancelRef.current = () => undefined;
    };
  }, [formRef, discussionId, enabled, endpoint]);

  /** "Entwurf verwerfen": nothing still on its way may bring the draft back. */
  const discard = useCallback(() => {
    cancelRef.current();
    setStatus({ state: "idle", message: null });
  }, []);

  return { status, discard };
}

/** What the status line says (an aria-live region reads it out). */
export function draftStatusText(status: DraftState): string {
  if (status.state === "restored") return draftTexts.restored;
  if (status.state === "saving") return draftTexts.saving;
  if (status.state === "saved") return draftTexts.saved;
  if (status.state === "failed") return status.message ? `${draftTexts.failed}: ${status.message}` : draftTexts.failed;
  return "";
}
