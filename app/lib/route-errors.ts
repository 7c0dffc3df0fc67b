import { isRouteErrorResponse } from "react-router";

/**
 * The message a loader or action threw a client error with, e.g. a form that
 * could not be read ("Die Anfrage ist ungültig."), so the error page says
 * what went wrong instead of claiming an unexpected failure. 404s have pages
 * of their own and are left to them.
 */
export function clientErrorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500 || error.status === 404) return null;
  const message = (error.data as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" && message !== "" ? message : null;
}
