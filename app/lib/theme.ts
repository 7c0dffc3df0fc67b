import { useRouteLoaderData } from "react-router";

/**
 * The colour theme: the system's setting unless the visitor chose one. The
 * choice lives in a cookie, so the server renders <html data-theme> right and
 * the page never flashes in the other theme. "system" leaves the decision to
 * CSS (`prefers-color-scheme`), so its HTML is the same for light and dark.
 */
export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_COOKIE = "theme";
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const themeLabels: Record<Theme, string> = { system: "System", light: "Hell", dark: "Dunkel" };

export function readTheme(cookieHeader: string | null | undefined): Theme {
  const match = cookieHeader?.match(/(?:^|;\s*)theme=(system|light|dark)(?:;|$)/);
  return (match?.[1] as Theme | undefined) ?? "system";
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The theme the root loader read from the cookie ("system" where there is no root data, as on an error page). */
export function useStoredTheme(): Theme {
  const root = useRouteLoaderData("root") as { theme?: Theme } | undefined;
  return root?.theme ?? "system";
}
