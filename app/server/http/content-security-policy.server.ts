import { createHash } from "node:crypto";
import { env, storageImageOrigin } from "~/server/platform";

/**
 * The Content-Security-Policy of every page. Scripts run only from our own
 * origin, plus the inline scripts React Router writes for hydration: a
 * member's page allows them by this request's nonce; a guest's page, which the
 * page cache hands to many visitors, by the hashes of exactly those scripts.
 * Never 'unsafe-inline' for scripts.
 */
const imageOrigin = storageImageOrigin();
const directives: Array<[string, string[]]> = [
  ["default-src", ["'self'"]],
  ["script-src", ["'self'"]],
  ["style-src", ["'self'", "'unsafe-inline'"]],
  ["img-src", ["'self'", "data:", "blob:", ...(imageOrigin ? [imageOrigin] : [])]],
  ["font-src", ["'self'"]],
  // blob: for the local preview of an avatar before it is uploaded.
  ["connect-src", ["'self'", "blob:"]],
  ["object-src", ["'none'"]],
  ["base-uri", ["'self'"]],
  ["form-action", ["'self'"]],
  ["frame-ancestors", ["'none'"]],
  ...(env.PUBLIC_URL.startsWith("https://") ? ([["upgrade-insecure-requests", []]] as Array<[string, string[]]>) : []),
];

// Built once: per request only the script sources are put in.
const [before, after] = directives
  .map(([name, values]) => (name === "script-src" ? "\0" : [name, ...values].join(" ")))
  .join(";")
  .split("\0") as [string, string];

export function contentSecurityPolicy(inlineScriptSources: readonly string[]): string {
  return `${before}script-src 'self'${inlineScriptSources.map((source) => ` ${source}`).join("")}${after}`;
}

export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const TAG_END = 0x3e; // ">"

/**
 * The CSP sources ('sha256-…') of every inline script in a page we rendered.
 * Searched in the page's bytes, never decoded as a whole: turning a guest's
 * rendered page into a string took 5 % of the CPU of a cache miss, and only the
 * few scripts are text we need. Plain searches are enough here: the markup comes
 * from React, which escapes "</script" inside script content, never from a visitor.
 */
export function inlineScriptHashes(html: Buffer | string): string[] {
  const bytes = typeof html === "string" ? Buffer.from(html, "utf8") : html;
  const hashes = new Set<string>();
  for (let at = bytes.indexOf(SCRIPT_OPEN); at !== -1; at = bytes.indexOf(SCRIPT_OPEN, at + 1)) {
    const next = bytes[at + SCRIPT_OPEN.length];
    // "<scripts" or "<script-x" is another element: the name ends at a space, "/" or ">".
    if (next === undefined || !(next === TAG_END || next === 0x2f || next <= 0x20)) continue;
    const tagEnd = bytes.indexOf(TAG_END, at + SCRIPT_OPEN.length);
    if (tagEnd === -1) break;
    const close = bytes.indexOf(SCRIPT_CLOSE, tagEnd + 1);
    if (close === -1) break;
    const attributes = bytes.toString("latin1", at + SCRIPT_OPEN.length, tagEnd);
    at = close;
    if (/\bsrc\s*=/.test(attributes)) continue;
    // Data blocks (JSON-LD) never run, so the policy need not name them.
    const type = /\btype\s*=\s*"([^"]*)"/.exec(attributes)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(bytes.subarray(tagEnd + 1, close))
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}
