import { createContext, useContext, useState } from "react";

/**
 * Long texts that a document shows once instead of twice: a discussion's body
 * and its comments are written into the HTML, and left out of the loader data
 * the page repeats for hydration (app/server/page-text.server.ts). The server
 * render takes them from this context; the browser reads them back from the
 * markup it was sent, once, while hydrating. Data requests (client-side
 * navigation) carry them in the loader data as usual.
 */
export const PageTextContext = createContext<ReadonlyMap<string, string> | null>(null);

/** The keys of those texts, the same for the loader that leaves them out and the component that reads them back. */
export const pageTextKeys = {
  discussion: "discussion",
  comment: (id: string) => `comment-${id}`,
  /** The accepted answer's excerpt, quoted under the question. */
  solution: "solution",
} as const;

/** Marks the element whose markup holds the text of `key`. */
export const pageTextAttribute = "data-page-text";

export function usePageText(key: string, fromLoader: string | null, read: (element: Element) => string): string {
  const serverTexts = useContext(PageTextContext);
  const [fromMarkup] = useState(() => {
    if (fromLoader !== null || typeof document === "undefined") return null;
    const element = document.querySelector(`[${pageTextAttribute}="${CSS.escape(key)}"]`);
    return element ? read(element) : null;
  });
  if (fromLoader !== null) return fromLoader;
  return serverTexts?.get(key) ?? fromMarkup ?? "";
}
