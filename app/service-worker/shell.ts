/**
 * The app shell: on install the worker stores the files of `precache` (the build's list) in this version's cache;
 * on activation it deletes every cache of other versions and takes over the open pages. Requests for those files
 * are answered from the cache: hashed assets first from it (their name changes with their content), the few
 * unhashed ones (logo, favicon) from the network and from the cache only when that fails.
 */
import { precache, version } from "virtual:service-worker-build";
import { CACHE_PREFIX, cacheNames } from "./rules";
import { sw } from "./scope";
import { keepOpenDiscussions } from "./reading-copies";

const names = cacheNames(version);
const precached = new Set(precache);
const isHashed = (path: string) => path.startsWith("/assets/");

sw.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await sw.caches.open(names.shell);
      // Unhashed files are asked again rather than taken from the browser's cache, which may hold the last deploy's.
      await cache.addAll(precache.map((path) => new Request(path, { cache: isHashed(path) ? "default" : "no-cache" })));
      // A new deploy's worker replaces the old one at once: the old one's files are gone from the server anyway.
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set(Object.values(names));
      for (const name of await sw.caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && !current.has(name)) await sw.caches.delete(name);
      }
      // Pages are network-first: the preload starts the request while the worker wakes up.
      await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
      // The page that registered the worker loaded before it: its discussion is kept now.
      await keepOpenDiscussions();
    })(),
  );
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || !precached.has(url.pathname) || url.search !== "") return;
  event.respondWith(isHashed(url.pathname) ? cacheFirst(request) : networkFirst(request));
});

async function cacheFirst(request: Request): Promise<Response> {
  return (await sw.caches.match(request, { cacheName: names.shell })) ?? fetch(request);
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await sw.caches.match(request, { cacheName: names.shell });
    if (kept) return kept;
    throw error;
  }
}
