/** The sidebar's expanded/collapsed state survives reloads in a cookie, so the server renders it right. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export function readSidebarOpen(cookieHeader: string | null): boolean {
  const match = cookieHeader?.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match ? match[1] === "true" : true;
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
