// Any fixed origin works: only whether the target stays on it matters. `.invalid` can never be a real host.
const OWN_ORIGIN = "https://forum.invalid";

/** A path that a browser reads as another host ("//evil.example", "/\\evil.example"). */
const OTHER_HOST = /^\/[/\\]/;

/**
 * A first segment no page of ours has, which a proxy or browser that decodes or trims it would read as another host:
 * an encoded slash or backslash, whitespace or a control character, raw or encoded.
 */
const DECODES_TO_OTHER_HOST = /^\/(?:%2f|%5c|%[01][0-9a-f]|%20|%7f|\s)/i;

/**
 * Only targets on our own site; anything else goes to the fallback.
 *
 * The target is read the way a browser reads a Location header, with the
 * WHATWG URL parser: it drops tabs and newlines ("/\t/evil.example" becomes
 * "//evil.example", another host), treats "\" like "/" and removes dot
 * segments ("/.//evil.example" and "/x/../\\evil.example" become
 * "//evil.example" too). A string compare cannot know all of that, so the
 * checks run on what the parser made of the target: same origin, and a
 * normalised path that does not start with two slashes, which a browser would
 * again read as another host. Control characters are refused outright (CR/LF
 * would end the header). What is returned is the parser's own serialisation,
 * so the header carries exactly what was checked.
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
  if (url.origin !== OWN_ORIGIN || OTHER_HOST.test(url.pathname) || DECODES_TO_OTHER_HOST.test(url.pathname)) return fallback;
  const safe = `${url.pathname}${url.search}${url.hash}`;
  // The browser resolves the header against our address: read it once more as it will, from another origin,
  // so a form no rule above foresaw still cannot lead off the site.
  return new URL(safe, "https://other.invalid").origin === "https://other.invalid" ? safe : fallback;
}
