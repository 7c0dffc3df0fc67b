const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A state-changing request sent by a page of another site. Browsers send
 * Origin with every cross-origin POST (and Sec-Fetch-Site on top), so a
 * request whose origin is neither the public URL nor the host it was sent to
 * is refused. Requests without both headers come from non-browser clients,
 * which cannot ride on a visitor's cookies.
 */
export function isCrossSiteWrite(input: {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  allowedOrigins: string[];
}): boolean {
  if (!WRITE_METHODS.has(input.method.toUpperCase())) return false;
  if (input.origin && input.origin !== "null") return !input.allowedOrigins.includes(input.origin);
  if (input.origin === "null") return true;
  return input.secFetchSite === "cross-site";
}
