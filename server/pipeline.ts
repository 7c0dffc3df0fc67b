/**
 * The request pipeline of one app server (server/app-server.ts starts it):
 * Express setup, the guards every request passes, and the error handlers.
 */
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import {
  clientKeyOf,
  createRequestGate,
  env,
  faultOf,
  type Fault,
  logger,
  metrics,
  mustNotBeStored,
  observeGauge,
  PRIVATE_STORAGE_PREFIXES,
  redactUrl,
  type RequestGate,
  STORAGE_URL_PREFIX,
  storageDirectory,
  unavailableResponse,
  wantsPage,
  withinVisit,
} from "~/server/platform";
import {
  bodyDeadlineMs,
  bodyLimitFor,
  canonicalRedirect,
  checkRequestHead,
  drainRequest,
  isCrossSiteWrite,
  MAX_DRAIN_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  movedRedirect,
  type PageCache,
  readRequestBody,
  requestErrorTexts,
} from "~/server/http";
import { paths } from "~/lib/paths";
import { renderPages, routeMatcher, send, serveCachedPages, serverTiming, type BodyLocals, type RouteLocals } from "./pages";

const CLIENT_DIR = "build/client";

/**
 * The forum uses none of these browser features; denying them keeps an
 * injected script or a framed page from asking for them, and keeps us out of
 * interest-based ad cohorts (FLoC, Topics). Passkeys (decision 0050) are for
 * our own pages only, never a framed one's.
 */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "bluetooth",
  "browsing-topics",
  "camera",
  "display-capture",
  "encrypted-media",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "interest-cohort",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .concat(["publickey-credentials-create=(self)", "publickey-credentials-get=(self)"])
  .join(", ");

/**
 * The Express pipeline, in the order a request meets it: canonical URLs, the
 * guest page cache, timing and logging, headers, the CSRF check, the body and
 * method guards, the bell's stream (handed in: server/live-stream.ts), static
 * files, the request gate, the pages, and the error handler.
 */
export function createApp(pageCache: PageCache, liveStream: express.RequestHandler) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // First of all: the request gate's wait bound counts from here (admitInOrder).
  app.use((_req, res, next) => {
    (res.locals as ArrivalLocals).arrivedAt = performance.now();
    next();
  });
  if (env.METRICS_PORT !== undefined) app.use(observeRequests);
  app.use(redirectToCanonicalUrls);
  app.use(serveCachedPages(pageCache));

  // Server-Timing: the time until the response head leaves, i.e. loaders plus the whole render (server/pages.ts
  // sends a page in one piece). Cache hits are answered above and set it themselves.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    const secretBearing = mustNotBeStored(new URL(req.originalUrl, "http://localhost"));
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) {
        this.setHeader("Server-Timing", serverTiming(started));
        // A 304's headers replace the cached ones: a fresh CSP nonce would no longer match the cached page's scripts.
        if (this.statusCode === 304 || args[0] === 304) this.removeHeader("Content-Security-Policy");
        // Data requests, redirects and resource routes too, whatever the route itself said (pages: applyDocumentCaching).
        if (secretBearing) {
          this.setHeader("Cache-Control", "private, no-store");
          this.removeHeader("ETag");
        }
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  const secure = env.PUBLIC_URL.startsWith("https://");
  app.use(
    helmet({
      // Set per page in serveCachedPages: a nonce for one visitor's page, hashes for a page many guests share.
      contentSecurityPolicy: false,
      strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      frameguard: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // CSRF: a write sent by another site's page is refused before it reaches any action.
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  app.use((req, res, next) => {
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      allowedOrigins: [publicOrigin, `${req.protocol}://${req.get("host")}`],
    });
    if (!crossSite) return next();
    logger.warn({ origin: req.get("origin"), url: req.url }, "cross-site write refused");
    res.status(403).type("text/plain; charset=utf-8").send("Anfrage von einer fremden Website abgelehnt.");
  });

  app.use(guardRequestBody);
  app.use(refuseUnusedMethods);
  // Before compression (which would hold the events back) and the gate: an open stream holds no slot.
  app.get(paths.notificationsLive, liveStream);
  app.use(compression());

  // Vite's hashed file names change with their content, so they may be cached forever. The .br and .gz
  // files beside them were made at build time (vite.config.ts): nothing is compressed per request.
  const precompressed = { enableBrotli: true, orderPreference: ["br", "gzip"] };
  app.use(
    "/assets",
    staticFiles(
      expressStaticGzip(`${CLIENT_DIR}/assets`, { ...precompressed, serveStatic: { immutable: true, maxAge: "1y", index: false } }),
    ),
  );
  app.use(
    onlyClientFiles(
      staticFiles(
        expressStaticGzip(CLIENT_DIR, {
          ...precompressed,
          serveStatic: { maxAge: "1h", index: false, setHeaders: askAgainForServiceWorker },
        }),
      ),
    ),
  );
  // Post images go out through /images/… once their post's visibility is checked (decision 0033), never as files.
  app.use(STORAGE_URL_PREFIX, (req, res, next) =>
    isPrivateStoragePath(req.path) ? sendText(res, 404, requestErrorTexts.notFound) : next(),
  );
  // Uploaded files never reuse a name: a new upload is a new URL.
  app.use(STORAGE_URL_PREFIX, express.static(storageDirectory(), { immutable: true, maxAge: "1y", index: false, fallthrough: false }));

  const gate = createRequestGate({
    limit: env.MAX_CONCURRENT_REQUESTS,
    perClient: env.MAX_REQUESTS_PER_CLIENT ?? Math.ceil(env.MAX_CONCURRENT_REQUESTS / 2),
    // Enough for a benchmark's or an office's burst; beyond it one address is only filling our memory.
    waitingPerClient: 64,
    waitingBytesPerClient: 2 * MAX_UPLOAD_BODY_BYTES,
    maxWaitMs: env.MAX_QUEUE_WAIT * 1000,
  });
  observeGauge<"state">({
    name: "forum_request_gate_requests",
    help: "Requests in the request gate: worked on (active) and waiting for a slot (waiting)",
    labelNames: ["state"],
    collect(gauge) {
      gauge.set({ state: "active" }, gate.active);
      gauge.set({ state: "waiting" }, gate.waiting);
    },
  });
  // The build itself, not a function returning it: React Router then derives its routes once, not per request.
  const build = serverBuild as ServerBuild;
  // Only the metrics read the route; without them no request pays for matching it.
  const routeOf = env.METRICS_PORT !== undefined ? routeMatcher(build) : () => "";
  app.use(admitInOrder(gate, routeOf));
  app.all(/.*/, renderPages({ build, mode: env.NODE_ENV, cache: pageCache, routeOf }));
  app.use(handleError);
  return app;
}

/** When the request reached the pipeline, on performance.now()'s clock. */
type ArrivalLocals = { arrivedAt?: number };

const OBSERVED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * One histogram observation per request, once its answer is out (or the
 * client gone: status "aborted"). The route is the React Router route that
 * answered (server/pages.ts sets it), else one of a few fixed kinds: the
 * label never holds a URL, so the number of series stays bounded.
 */
function observeRequests(req: express.Request, res: express.Response, next: express.NextFunction) {
  const started = process.hrtime.bigint();
  res.once("close", () => {
    metrics.requestDuration.observe(
      {
        route: (res.locals as RouteLocals).route ?? routeKindOf(req.path),
        method: OBSERVED_METHODS.has(req.method) ? req.method : "other",
        status: res.writableFinished ? res.statusCode : "aborted",
      },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
  });
  next();
}

/** What answered a request that never reached React Router. */
function routeKindOf(pathname: string): string {
  if (pathname.startsWith("/assets/")) return "assets";
  if (pathname.startsWith(`${STORAGE_URL_PREFIX}/`)) return "storage";
  if (pathname === paths.notificationsLive) return "live";
  // Files from build/client, redirects to a canonical URL, and requests refused before routing.
  return "other";
}

/**
 * A page asked for by a second spelling of its URL (trailing slash, `//`,
 * capitals) moves permanently to its one URL, query and all, before the page
 * cache keeps a copy under the other name (app/server/canonical-url.server.ts).
 * Forms post to canonical URLs; a POST is never redirected (it would arrive as
 * a GET), except to an address that moved from German to English (decision
 * 0022): there a 308 keeps method and body, for a form of an old page or a
 * mail program's one-click unsubscribe.
 */
function redirectToCanonicalUrls(req: express.Request, res: express.Response, next: express.NextFunction) {
  const read = req.method === "GET" || req.method === "HEAD";
  if (!read && req.method !== "POST") return next();
  const target = movedRedirect(req.originalUrl) ?? (read ? canonicalRedirect(req.originalUrl) : null);
  if (target === null) return next();
  const secretBearing = mustNotBeStored(new URL(target, "http://localhost"));
  res
    .status(read ? 301 : 308)
    // Answered before helmet: the one header of its set that a text answer needs.
    .set({
      Location: target,
      "Cache-Control": secretBearing || !read ? "private, no-store" : "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    })
    .type("text/plain; charset=utf-8")
    .send(`Diese Seite hat eine neue Adresse: ${target}`);
}

/**
 * The service worker (decision 0061) keeps its address from deploy to deploy: every cache is asked again before
 * using it, so a deploy's new worker reaches members at once (browsers check it on each visit, bypassing their own
 * cache, but a proxy's or CDN's would hold it for the hour the other files get).
 */
function askAgainForServiceWorker(res: ServerResponse, file: string) {
  if (/[\\/]sw\.js(\.br|\.gz)?$/.test(file)) res.setHeader("Cache-Control", "no-cache");
}

/** A path under /storage/ that names a private file, however it is spelt ("..", "//", escapes, capitals). */
function isPrivateStoragePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A path that does not decode names no file at all: the static files answer it 400, as every malformed path.
    return false;
  }
  const key = path.posix.normalize(`/${decoded}`).replace(/^\/+/, "").toLowerCase();
  return PRIVATE_STORAGE_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * Asks the disk only for paths that can name a file of the build's client folder: every page request passed
 * through a failing stat of its path before (1.5 % of a member's discussion page in a CPU profile). The folder's
 * top level is fixed by the build, so it is read once.
 */
function onlyClientFiles(serve: express.RequestHandler): express.RequestHandler {
  const topLevel = new Set(fs.existsSync(CLIENT_DIR) ? fs.readdirSync(CLIENT_DIR) : []);
  return (req, res, next) => (topLevel.has(req.path.split("/")[1] ?? "") ? serve(req, res, next) : next());
}

/**
 * No file has a name that does not decode: such a path goes on to the pages,
 * which answer it in German (express-static-gzip would answer "URI malformed").
 */
function staticFiles(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      return next();
    }
    return serve(req, res, next);
  };
}

/**
 * Pages and actions go through the gate; static files are answered above it.
 * The health check passes by: it says whether the process lives, and must not
 * time out behind a queue of page requests.
 *
 * A request's body is read whole before it joins the line (decision 0020): a
 * client sending slowly holds its connection, not one of the few slots every
 * page needs. Inside, the rest of the request runs with its visit at hand, so
 * deliberate waits can step outside (`waitOutsideGate`).
 *
 * The wait that MAX_QUEUE_WAIT bounds is the time from the request's arrival
 * until its slot, less the time its body took to come (that is the client's):
 * a member's page is worked on only if it waited at most the bound, else it
 * gets the 503 at the bound.
 */
function admitInOrder(gate: RequestGate, routeOf: (url: string) => string) {
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.path === "/healthz") return next();
    // Known before the gate answers: what it turns away counts for the route that was asked for.
    const locals = res.locals as RouteLocals & { markdownUrl?: string | null };
    locals.route = routeOf(locals.markdownUrl ?? req.originalUrl);
    // More waiting than the server can answer in time: turned away at once, not after the client gave up.
    // Guests' cached pages and static files never get here (they are answered above the gate).
    if (gate.waiting >= env.MAX_QUEUED_REQUESTS) {
      metrics.requestsShed.inc({ reason: "queue_full" });
      logger.warn({ url: req.originalUrl.slice(0, 200), waiting: gate.waiting }, "request shed: the line is full");
      void sendUnavailable(req, res, "overload");
      return;
    }
    const length = Number(req.headers["content-length"] ?? 0);
    const arrivedAt = (res.locals as ArrivalLocals).arrivedAt ?? performance.now();
    const visit = gate.arrive(clientKeyOf(req.ip), length);
    if (!visit) {
      logger.warn({ url: req.originalUrl.slice(0, 200) }, "too many requests from one client");
      res.set("Retry-After", "5");
      sendText(res, 429, requestErrorTexts.tooManyAtOnce);
      return;
    }
    // "close" comes after the last byte is out, or when the client goes away at any point.
    res.once("close", () => visit.leave());
    void readRequestBody(req, { limit: bodyLimitFor(req.path), timeoutMs: bodyDeadlineMs(length, env.REQUEST_BODY_TIMEOUT) })
      .then(async (read) => {
        // The client gave up while sending: nothing left to answer.
        if (read === null) return;
        if (!read.ok) {
          logger.warn({ url: req.originalUrl.slice(0, 200), status: read.status, length }, "request body refused");
          // The rest of a body that came too slowly is not waited for.
          res.set("Connection", "close");
          sendText(res, read.status, read.message);
          return;
        }
        (res.locals as BodyLocals).body = read.body;
        // A body that took its time: the wait begins once it is in. Without one, it began on arrival.
        const waitedMs = length > 0 || req.headers["transfer-encoding"] !== undefined ? 0 : performance.now() - arrivedAt;
        // False: the client gave up while waiting, or it waited longer than the bound.
        if (await visit.enter(waitedMs)) withinVisit(visit, next);
        else if (visit.timedOut) {
          metrics.requestsShed.inc({ reason: "queue_wait" });
          logger.warn(
            { url: req.originalUrl.slice(0, 200), waitedMs: Math.round(performance.now() - arrivedAt) },
            "request shed: waited too long",
          );
          await sendUnavailable(req, res, "overload");
        }
      })
      .catch(next);
  };
}

/** A 503 with its time to come back: a page for a browser's document request, the text for anything else. */
async function sendUnavailable(req: express.Request, res: express.Response, reason: Fault | "overload") {
  await send(res, unavailableResponse(reason, wantsPage(req)));
}

export function sendText(res: express.Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").set("Cache-Control", "no-store").send(message);
}

/**
 * Refuses what is too large or malformed before anything reads it, and makes
 * sure an unread body is drained once the answer is out: a route that ignores
 * the body (the view counter) would otherwise leave the uploading client
 * waiting, because the app's request stream stops reading when nobody pulls.
 */
function guardRequestBody(req: express.Request, res: express.Response, next: express.NextFunction) {
  const verdict = checkRequestHead({
    url: req.originalUrl,
    contentLength: req.headers["content-length"],
    transferEncoding: req.headers["transfer-encoding"],
  });
  if (!verdict.ok) {
    logger.warn({ url: req.originalUrl.slice(0, 200), status: verdict.status, length: req.headers["content-length"] }, "request refused");
    // Read the body first (up to a bound) so the client is done sending and actually sees the answer.
    void drainRequest(req, MAX_DRAIN_BYTES).then((drained) => {
      if (!drained) res.set("Connection", "close");
      sendText(res, verdict.status, verdict.message);
    });
    return;
  }
  res.once("finish", () => {
    if (!req.complete) {
      void drainRequest(req, bodyLimitFor(req.path)).then((drained) => {
        if (!drained) req.socket.destroy();
      });
    }
  });
  next();
}

/**
 * Forms and pages need GET, HEAD and POST; nothing in the forum answers any
 * other method. TRACE (and CONNECT, TRACK) would not even get through: the
 * Fetch API's Request refuses them, which was a 500.
 */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
function refuseUnusedMethods(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (ALLOWED_METHODS.has(req.method)) return next();
  res.set("Allow", [...ALLOWED_METHODS].join(", "));
  sendText(res, 405, requestErrorTexts.methodNotAllowed);
}

/**
 * Errors Express itself raises (a malformed path under /storage, a missing
 * file) get their status with a German text; anything else is our fault: a
 * logged 500 without details.
 */
function handleError(error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode);
  if (status >= 400 && status < 500) {
    sendText(res, status, status === 404 ? requestErrorTexts.notFound : requestErrorTexts.invalid);
    return;
  }
  const fault = faultOf(error);
  if (fault) {
    logger.warn({ err: error, fault, url: req.originalUrl }, "database fault");
    void sendUnavailable(req, res, fault);
    return;
  }
  logger.error({ err: error, url: req.originalUrl }, "request failed");
  sendText(res, 500, "Es ist ein unerwarteter Fehler aufgetreten.");
}

/**
 * Requests Node's parser refuses before Express sees them (headers over 16 KB,
 * broken framing): the same answers Node would give, with a German text.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  // As Node itself decides: no answer into the middle of a response already on its way (keep-alive).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ["431 Request Header Fields Too Large", requestErrorTexts.headersTooLarge]
      : error.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW"
        ? ["413 Payload Too Large", requestErrorTexts.tooLarge]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? ["408 Request Timeout", requestErrorTexts.timeout]
          : ["400 Bad Request", requestErrorTexts.invalid];
  const body = Buffer.from(message, "utf8");
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n${message}`,
  );
}
