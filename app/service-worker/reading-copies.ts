/**
 * The discussions a member read, kept for reading offline: at most READING_LIMITS (50 pages, 20 MB), the longest
 * unread going first. What is kept is never the member's own page, which is private, but the same page as a guest
 * gets it, asked for without cookies: readable by anyone, so nothing of the member is left on the device.
 */
import { version } from "virtual:service-worker-build";
import { cacheNames, entriesToEvict, mayKeep, REFRESH_AFTER_MS, titleOf, discussionAddressOf } from "./rules";
import { sw } from "./scope";

const { reading } = cacheNames(version);

// Facts about a kept page, stored with it as headers of its copy.
const STORED_AT = "X-Offline-Stored-At";
const BYTES = "X-Offline-Bytes";
const TITLE = "X-Offline-Title";

export interface KeptPage {
  url: string;
  title: string;
  storedAt: number;
}

const storedAtOf = (response: Response) => Number(response.headers.get(STORED_AT) ?? 0);

/**
 * Keeps the discussion page at `address` (a discussionAddressOf). `response`: the page as the member just got it, if
 * it may be kept (mayKeep); without it the guest's copy is fetched, unless a fresh one is kept.
 */
export async function keepReadingCopy(address: string, response?: Response): Promise<void> {
  const cache = await sw.caches.open(reading);
  let page = response && mayKeep(response) ? response : undefined;
  if (!page) {
    const kept = await cache.match(address);
    if (kept && Date.now() - storedAtOf(kept) < REFRESH_AFTER_MS) return;
    try {
      page = await fetch(address, { credentials: "omit", cache: "no-cache" });
    } catch {
      return;
    }
    // Gone or hidden since: its copy goes too.
    if (page.status === 404 || page.status === 410) await cache.delete(address);
    if (!mayKeep(page)) return;
  }
  const body = await page.arrayBuffer();
  const headers = new Headers(page.headers);
  // The body is stored decoded, and the page shown offline is changed (reading.ts): no length or encoding of the original.
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  headers.set(STORED_AT, String(Date.now()));
  headers.set(BYTES, String(body.byteLength));
  const title = titleOf(new TextDecoder().decode(body));
  if (title) headers.set(TITLE, encodeURIComponent(title));
  await cache.put(address, new Response(body, { status: 200, statusText: page.statusText, headers }));
  await evictBeyondLimits(cache);
}

/** A discussion's page that was answered 404: the kept copy goes with it. */
export async function forgetReadingCopy(address: string): Promise<void> {
  await (await sw.caches.open(reading)).delete(address);
}

/** The kept copy of the page `url` reads, if any. */
export async function readingCopy(url: URL): Promise<Response | undefined> {
  const address = discussionAddressOf(url);
  if (!address) return undefined;
  return sw.caches.match(address, { cacheName: reading, ignoreVary: true });
}

/** When the kept copy was stored (for the line "Gespeichert am …" above it). */
export function storedAt(copy: Response): Date {
  return new Date(storedAtOf(copy));
}

/** Every kept page, the latest first (the offline page lists them). */
export async function keptPages(): Promise<KeptPage[]> {
  const cache = await sw.caches.open(reading);
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const copy = await cache.match(request);
    if (!copy) continue;
    const title = copy.headers.get(TITLE);
    pages.push({ url: request.url, title: title ? decodeURIComponent(title) : new URL(request.url).pathname, storedAt: storedAtOf(copy) });
  }
  return pages.sort((a, b) => b.storedAt - a.storedAt);
}

/** The discussions open in the member's tabs: the page that registered the worker was loaded before it ran. */
export async function keepOpenDiscussions(): Promise<void> {
  for (const client of await sw.clients.matchAll({ type: "window" })) {
    const address = discussionAddressOf(new URL(client.url));
    if (address) await keepReadingCopy(address);
  }
}

async function evictBeyondLimits(cache: Cache): Promise<void> {
  const entries = [];
  for (const request of await cache.keys()) {
    const copy = await cache.match(request);
    entries.push({ url: request.url, bytes: Number(copy?.headers.get(BYTES) ?? 0), storedAt: copy ? storedAtOf(copy) : 0 });
  }
  for (const url of entriesToEvict(entries)) await cache.delete(url);
}
