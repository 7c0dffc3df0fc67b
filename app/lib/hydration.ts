import { createContext, useContext } from "react";

/**
 * Which pages a guest gets without the framework's script (decision record
 * 0034). A route says so in its `handle`; the root leaves out `<Scripts/>` and
 * loads the small enhancement script (app/enhance/guest.ts) instead when the
 * page is such a reading page, nobody is signed in, and no one-time message
 * (a toast) waits to be shown.
 */
export interface HydrationHandle {
  /** "members-only": guests read this page as finished HTML; members get the full app. */
  hydrate?: "members-only";
}

export const readingPage = { hydrate: "members-only" } as const satisfies HydrationHandle;

interface MatchLike {
  id: string;
  handle?: unknown;
  data?: unknown;
}

/** The main layout's route id: its loader knows the viewer (app/routes/layout.tsx). */
const LAYOUT_ROUTE = "routes/layout";

export function isGuestReadingPage(matches: readonly MatchLike[], pendingToast: boolean): boolean {
  if (pendingToast) return false;
  const leaf = matches.at(-1);
  if ((leaf?.handle as HydrationHandle | undefined)?.hydrate !== "members-only") return false;
  const layout = matches.find((match) => match.id === LAYOUT_ROUTE)?.data as { viewer?: unknown } | undefined;
  // No layout data (its loader failed): the full app, which knows how to show that.
  return layout !== undefined && layout.viewer === null;
}

/**
 * True while rendering a guest's reading page on the server: components then
 * write what the enhancement script needs (templates, data attributes) instead
 * of relying on React in the browser. Always false in the browser, where only
 * pages with the full app hydrate.
 */
export const GuestPageContext = createContext(false);

export function useGuestPage(): boolean {
  return useContext(GuestPageContext);
}
