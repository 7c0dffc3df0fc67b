import { useEffect, useState } from "react";

/**
 * What a small JSON endpoint suggests for what is being typed (the @ mentions, the tag field, "Wurde das schon
 * gefragt?"): asked `delayMs` after the last keystroke, an older question aborted when a newer one starts. The
 * answer remembers its address: only the answer to the current one shows, or with `keep` the last answer stays
 * until the next arrives, so what stands below the field does not jump on every keystroke. A failed or aborted
 * question changes nothing: suggestions help, they never stop the writing. `url` null: nothing is asked.
 */
export function useSuggestions<T>(url: string | null, field: string, { delayMs = 150, keep = false } = {}): T[] {
  const [answer, setAnswer] = useState<{ url: string; items: T[] } | null>(null);
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(url, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<Record<string, T[] | undefined>>) : null))
        .then((body) => {
          if (body) setAnswer({ url, items: body[field] ?? [] });
        })
        .catch(() => undefined);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [url, field, delayMs]);
  if (!url || !answer) return [];
  return keep || answer.url === url ? answer.items : [];
}
