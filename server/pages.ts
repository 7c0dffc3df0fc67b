/**
 * Pages, data requests and resource routes: Express in front of React Router's
 * request handler, with the guest page cache around it.
 *
 * The answer is read whole before it goes out. Our pages have no deferred
 * data, so streaming gained nothing, and one buffer compresses in one call
 * where the stream's many small chunks cost a compression call each.
 */
import { randomBytes } from "node:crypto";
import type express from "express";
import { LRUCache } from "lru-cache";
import { createRequestHandler, matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from "react-router";
import { metrics, notModified, trackViewer, unavailableResponse, viewerSeen, wantsPage } from "~/server/platform";
import {
  type CachedPage,
  chooseEncoding,
  compressForCache,
  contentSecurityPolicy,
  discussionOfPath,
  guestCookieHeader,
  guestPageKey,
  inlineScriptHashes,
  isNegotiatedPath,
  isShareable,
  nonceSource,
  type PageCache,
  requestErrorTexts,
} from "~/server/http";

/** The request body, read whole before the request took its slot (server/app-server.ts, admitInOrder). */
export type BodyLocals = { body?: Buffer<ArrayBuffer> };
/** The route that answered, for the request metrics (server/pipeline.ts). */
export type RouteLocals = { route?: string };
type Locals = BodyLocals & RouteLocals & { pageCacheKey?: string | null; cspNonce?: string; markdownUrl?: string | null };

/** The Server-Timing value of an answer whose work began at `started`; `npm run bench` reads it. */
export function serverTiming(started: bigint): string {
  return `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}`;
}

/** Headers of the answer that are per response, never part of a cached page. */
const PER_RESPONSE_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "server-timing",
  "set-cookie",
  "x-page-cache",
  "content-security-policy",
]);

function keyOf(req: express.Request, representation: "html" | "markdown"): string | null {
  return guestPageKey({
    method: req.method,
    host: req.headers.host,
    url: req.originalUrl,
    cookie: req.headers.cookie,
    hasBody: req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined,
    representation,
  });
}

/**
 * Content negotiation for a discussion's URL: asked for with Accept:
 * text/markdown (preferred over text/html), it is answered by the discussion's
 * Markdown route; both answers say `Vary: Accept`, and the page cache keeps
 * them under different keys, so no guest gets the other representation.
 */
function negotiate(req: express.Request, res: express.Response): "html" | "markdown" {
  if (!isNegotiatedPath(req.path)) return "html";
  res.setHeader("Vary", "Accept");
  const markdown = req.accepts(["text/html", "text/markdown"]) === "text/markdown";
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  (res.locals as Locals).markdownUrl = markdown ? `${req.path}.md${query}` : null;
  return markdown ? "markdown" : "html";
}

/**
 * First in the chain: a guest's page already in the cache goes out at once,
 * without logging, helmet or compression — its headers were taken when it was
 * rendered. Everyone else goes on, with the CSP their render will need.
 */
export function serveCachedPages(cache: PageCache) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const started = process.hrtime.bigint();
    const representation = negotiate(req, res);
    const key = cache.enabled ? keyOf(req, representation) : null;
    const locals = res.locals as Locals;
    locals.pageCacheKey = key;
    const page = key === null ? undefined : cache.get(key);
    if (page) {
      metrics.pageCacheLookups.inc({ result: "hit" });
      locals.route = page.route;
      sendPage(req, res, cache, page, "hit", started).catch(next);
      return;
    }
    // Pages for many get hashes once rendered; pages for one carry this request's nonce.
    if (key === null) locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(locals.cspNonce ? [nonceSource(locals.cspNonce)] : []));
    next();
  };
}

async function sendPage(
  req: express.Request,
  res: express.Response,
  cache: PageCache,
  page: CachedPage,
  state: "hit" | "miss",
  started?: bigint,
) {
  const headers: Record<string, string | string[] | number> = { ...page.headers, "X-Page-Cache": state };
  if (started !== undefined) headers["Server-Timing"] = serverTiming(started);
  const lastModified = typeof page.headers["last-modified"] === "string" ? new Date(page.headers["last-modified"]) : null;
  if (notModified({ get: (name) => headerOf(req, name) }, page.etag, lastModified)) {
    // As for rendered pages: a 304's headers replace the stored ones, and the page's policy stays with the page.
    delete headers["content-type"];
    delete headers["content-security-policy"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = await cache.body((res.locals as Locals).pageCacheKey ?? null, page, encoding);
  if (res.destroyed) return;
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  headers["Content-Length"] = body.byteLength;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

function headerOf(req: express.Request, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

export interface PageHandlerOptions {
  build: ServerBuild;
  mode: string;
  cache: PageCache;
  /** The route of a URL (routeMatcher), shared with the request gate, which labels what it turns away. */
  routeOf: (url: string) => string;
}

/** The React Router stage: renders, and fills the cache for guests. */
export function renderPages({ build, mode, cache, routeOf }: PageHandlerOptions) {
  const handle = createRequestHandler(build, mode);
  return async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      const locals = res.locals as Locals;
      const key = locals.pageCacheKey ?? null;
      const url = locals.markdownUrl ?? req.originalUrl;
      const route = (locals.route ??= routeOf(url));
      // Data requests (client-side navigation) end in ".data"; only documents get JSON-LD.
      const document = !req.path.endsWith(".data");
      const render = async (options: { forCache: boolean }) => {
        const context: AppLoadContext = {
          cspNonce: locals.cspNonce,
          clientIp: req.ip,
          structuredData: document ? [] : undefined,
          pageText: document ? new Map<string, string>() : undefined,
        };
        const response = await handle(toFetchRequest(req, res, { ...options, url }), context);
        if (!context.fault) return response;
        await response.body?.cancel();
        return unavailableResponse(context.fault, wantsPage(req));
      };
      if (key === null) {
        // Tracked too: applyDocumentCaching marks a render that found a viewer private, whatever its cookies looked like.
        await send(res, (await trackViewer(() => render({ forCache: false }))).result);
        return;
      }
      const renderForGuests = async (): Promise<CachedPage | null> => {
        const response = await render({ forCache: true });
        const body = Buffer.from(await response.arrayBuffer());
        // Runs inside the cache's tracking (PageCache.fill): a render that found a viewer is this visitor's alone.
        const shareable = isShareable(response.status, response.headers) && !viewerSeen();
        const page = shareable ? await pageOf(res, response, body, route) : null;
        if (!page) {
          // Not for sharing (a redirect, a 404, a cookie): this guest gets it as it is.
          if (!res.headersSent) await sendRendered(res, response, body);
        }
        return page;
      };
      const { page, shared } = await cache.fill(key, renderForGuests);
      metrics.pageCacheLookups.inc({ result: page && shared ? "hit" : "miss" });
      if (page) await sendPage(req, res, cache, page, shared ? "hit" : "miss");
      // Waiting on a render that was not for sharing, or one the cache refused: this guest's own render.
      else if (!res.headersSent) await send(res, (await trackViewer(() => render({ forCache: true }))).result);
    } catch (error) {
      next(error);
    }
  };
}

/** A finished page as the cache keeps it: headers of this answer, the policy for its inline scripts, its encodings. */
async function pageOf(res: express.Response, response: Response, body: Buffer, route: string): Promise<CachedPage> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = typeof value === "number" ? String(value) : value;
  }
  for (const [name, value] of response.headers) {
    if (!PER_RESPONSE_HEADERS.has(name)) headers[name] = value;
  }
  headers["content-security-policy"] = policyFor(response, body);
  // Both the page's own Vary (Cookie) and the negotiation's (Accept) stay.
  const vary = [res.getHeader("vary"), response.headers.get("vary")].flat().flatMap((value) => (value ? String(value).split(/,\s*/) : []));
  headers.vary = [...new Set([...vary, "Accept-Encoding"])].join(", ");
  return {
    status: response.status,
    headers,
    etag: response.headers.get("ETag"),
    bodies: await compressForCache(body),
    discussion: discussionOfPath(res.req.originalUrl),
    route,
  };
}

/**
 * The id of the route that answers a URL (the path and query as sent), as React Router matches it: the
 * label of the request metrics, bounded by the route table. A data request
 * (`/x.data`, the home's `/_root.data`) belongs to its page's route.
 */
export function routeMatcher(build: ServerBuild): (url: string) => string {
  type Entry = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, Entry[]>();
  for (const route of Object.values(build.routes)) {
    if (route) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map(
      (route) =>
        ({
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: tree(route.id),
        }) as RouteObject,
    );
  const routes = tree(undefined);
  // matchRoutes ranks the whole route table on every call (0.1–0.7 ms here): each path is matched once while it is in use.
  const known = new LRUCache<string, string>({ max: 2_000 });
  return (url) => {
    const end = url.search(/[?#]/);
    let pathname = end === -1 ? url : url.slice(0, end);
    if (pathname.endsWith(".data")) pathname = pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
    let id = known.get(pathname);
    if (id === undefined) known.set(pathname, (id = matchRoutes(routes, pathname)?.at(-1)?.route.id ?? "none"));
    return id;
  };
}

function policyFor(response: Response, body: Buffer): string {
  const html = /^text\/html/i.test(response.headers.get("Content-Type") ?? "");
  return contentSecurityPolicy(html ? inlineScriptHashes(body) : []);
}

/** A Fetch API response as Express's answer, unless the client has gone. */
export async function send(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  await sendRendered(res, response, response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

async function sendRendered(res: express.Response, response: Response, body: Buffer | null): Promise<void> {
  if (res.destroyed || res.writableEnded) return;
  // A route without an action (a feed, a file, a redirect) answers a POST with React Router's English JSON.
  if (response.status === 405 && /^application\/json/i.test(response.headers.get("Content-Type") ?? "")) {
    res
      .status(405)
      .set({ Allow: "GET, HEAD", "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send(requestErrorTexts.methodNotAllowed);
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  // A page rendered without a nonce (for guests) names its inline scripts by hash.
  if (!(res.locals as Locals).cspNonce && body) res.setHeader("Content-Security-Policy", policyFor(response, body));
  res.end(body ?? undefined);
}

/** The Fetch API request React Router works with, from Express's. */
function toFetchRequest(req: express.Request, res: express.Response, options: { forCache: boolean; url: string }): Request {
  // A render for the cache is awaited by every guest asking meanwhile: the first one leaving must not abort it.
  const controller = new AbortController();
  if (!options.forCache) {
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    // A page rendered for the cache is complete: a 304 for one guest would leave nothing to keep.
    if (options.forCache && (name === "if-none-match" || name === "if-modified-since")) continue;
    // ... and sees only the cookies its key has, so no spelling of a session cookie can reach it.
    if (options.forCache && name === "cookie") continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const guestCookies = options.forCache ? guestCookieHeader(req.headers.cookie) : "";
  if (guestCookies) headers.set("Cookie", guestCookies);
  const method = options.forCache ? "GET" : req.method;
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") init.body = (res.locals as Locals).body ?? null;
  return new Request(new URL(options.url, `${req.protocol}://${hostOf(req)}`), init);
}

/** As React Router's Express adapter does it: the host the client asked for, behind a trusted proxy the forwarded one. */
function hostOf(req: express.Request): string {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return port ? `${hostname}:${port}` : hostname;
}
