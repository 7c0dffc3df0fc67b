import { BlockList, isIP } from "node:net";

/** Address ranges nobody outside can reach: loopback, private, link-local, CGNAT, unique-local, unspecified. */
const unreachable = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  unreachable.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  unreachable.addSubnet(network, prefix, "ipv6");
}
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

/**
 * Whether a URL is https on a host that others can reach: neither a local name nor a private address. Asked of our own
 * address (may search engines fetch it, IndexNow) and of an address a member gives us (a push endpoint must not make
 * the server call its own network).
 */
export function isPublicHttpsUrl(publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const family = isIP(host);
  if (family === 4) return !unreachable.check(host, "ipv4");
  if (family === 6) return !unreachable.check(host, "ipv6") && !host.toLowerCase().startsWith("::ffff:");
  // A name without a dot is an intranet name.
  return host.includes(".") && !LOCAL_NAMES.test(host);
}
