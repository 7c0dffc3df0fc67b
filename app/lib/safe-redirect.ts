/** Only same-site redirect targets; anything else (other hosts, protocol-relative URLs) goes to the fallback. */
export function safeRedirectTarget(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  return target;
}
