/**
 * Pages, network first. Online, every page comes from the server as without the worker, and a discussion the
 * member opened is kept (reading-copies.ts). Offline, a kept discussion is shown from the device, any other page
 * as the German offline page.
 *
 * The app loads a page it navigates to as data (`/discussion/x.data`), not as a document. Such a request is
 * passed through too, and a discussion's is kept likewise; offline, the app is told to load the page as a
 * document instead (React Router's reload redirect), which then comes from the device as above.
 */
import { offlinePageHtml, keptPageHtml } from "./offline-page";
import { forgetReadingCopy, keepReadingCopy, keptPages, readingCopy, storedAt } from "./reading-copies";
import { discussionAddressOf, mayKeep, pageAddressOf, type Theme, themeOf } from "./rules";
import { sw } from "./scope";

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(event, url));
  else if (url.pathname.endsWith(".data")) event.respondWith(pageData(event, url));
});

async function page(event: FetchEvent, url: URL): Promise<Response> {
  let response: Response;
  try {
    response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch {
    return offline(url);
  }
  remember(event, url, response);
  return response;
}

async function pageData(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const response = await fetch(event.request);
    remember(event, url, response);
    return response;
  } catch (error) {
    const target = pageAddressOf(url);
    // A revalidation of the page on screen fails as it would without the worker: reloading it would lose what the
    // member was typing. A navigation to another page becomes a document load, answered offline above.
    const client = event.clientId ? await sw.clients.get(event.clientId) : undefined;
    if (!client || samePage(new URL(client.url), target)) throw error;
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": target.pathname + target.search, "X-Remix-Reload-Document": "true" },
    });
  }
}

/** Keeps the discussion a successful answer showed; a discussion that is gone loses its copy. */
function remember(event: FetchEvent, url: URL, response: Response) {
  const address = discussionAddressOf(url);
  if (!address) return;
  if (response.status === 404 || response.status === 410) event.waitUntil(forgetReadingCopy(address));
  // A document that may be kept is kept as it came (never a member's: theirs are private); otherwise, and for the
  // app's data answer, the guest's copy is fetched.
  else if (response.ok)
    event.waitUntil(keepReadingCopy(address, event.request.mode === "navigate" && mayKeep(response) ? response.clone() : undefined));
}

async function offline(url: URL): Promise<Response> {
  const theme = await memberTheme();
  const copy = await readingCopy(url);
  if (copy) {
    return new Response(keptPageHtml(await copy.text(), theme, storedAt(copy)), { status: 200, headers: copy.headers });
  }
  return new Response(offlinePageHtml(url, theme, await keptPages()), {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

function samePage(a: URL, b: URL): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

/** The member's choice of theme (the `theme` cookie, app/lib/theme.ts), where the browser lets a worker read cookies. */
async function memberTheme(): Promise<Theme> {
  const store = (sw as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }).cookieStore;
  try {
    return themeOf((await store?.get("theme"))?.value);
  } catch {
    return "system";
  }
}
