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

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources ('sha256-…') of every inline script in a page we rendered.
 * A regular expression is enough here: the markup comes from React, which
 * escapes "</script" inside script content, never from a visitor.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes!)) continue;
    // Data blocks (JSON-LD) never run, so the policy need not name them.
    const type = /\btype\s*=\s*"([^"]*)"/.exec(attributes!)?.[1];
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
