// Any fixed origin works: only whether the target stays on it matters. `.invalid` can never be a real host.
const OWN_ORIGIN = "https://forum.invalid";

/**
 * Only targets on our own site; anything else goes to the fallback.
 *
 * The target is read the way a browser reads a Location header, with the
 * WHATWG URL parser: it drops tabs and newlines ("/\t/evil.example" becomes
 * "//evil.example", another host) and treats "\" like "/". A string compare
 * cannot know all of that, the parser can. Control characters are refused
 * outright (CR/LF would end the header). A path whose first segment is an
 * encoded slash or backslash, or starts with whitespace, is refused too: no
 * page of ours looks like that, and a proxy or browser that decodes or trims
 * it would read "//evil.example". What is returned is the parser's own
 * serialisation, so the header carries exactly what was checked.
 */
export function safeRedirectTarget(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (typeof target !== "string" || !target.startsWith("/") || /[\u0000-\u001f\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  if (/^\/(?:%2f|%5c|%20|%09|\s|\\)/i.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
