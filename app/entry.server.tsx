import { Writable } from "node:stream";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import {
  isRouteErrorResponse,
  MemoryRouter,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import guestScript from "virtual:guest-script";
import { CookieTemplates } from "~/components/cookie-consent/cookie-templates";
import { SheetTemplate } from "~/components/layout/sheet-template";
import { NonceProvider } from "~/lib/nonce";
import { PageTextContext } from "~/lib/page-text";
import "~/server/listeners";
import { applyDocumentCaching, faultOf, logger, viewerSeen } from "~/server/platform";
import { structuredDataScripts } from "~/server/seo";

export const streamTimeout = 5_000;

/**
 * The whole document in one buffer. Our pages have no deferred data, so the
 * shell is the page; one buffer goes out in one write and compresses in one
 * call (server/pages.ts), and a guest's page can be cached as it is.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (applyDocumentCaching(request, responseStatusCode, responseHeaders, routerContext, loadContext.pageText).notModified) {
    return new Response(null, { status: 304, headers: responseHeaders });
  }
  keepRetryAfter(responseHeaders, routerContext);
  // Without a nonce (guests' pages, which many visitors share) the inline scripts are allowed by their hashes.
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        clearTimeout(timeout);
        resolve(
          new Response(withGuestTemplates(withStructuredData(Buffer.concat(chunks), loadContext.structuredData)), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageTextContext value={loadContext.pageText ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageTextContext>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(collect);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reach onShellError; later ones are only logged here.
          if (shellReady) logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A refused form's Retry-After (a rate limit, a database that cannot store)
 * goes out with the page: React Router keeps only the cookies of an action's
 * headers unless its route exports a headers function, and no page needs one
 * for anything else.
 */
function keepRetryAfter(headers: Headers, context: EntryContext) {
  for (const actionHeaders of Object.values(context.staticHandlerContext.actionHeaders)) {
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter !== null && !headers.has("Retry-After")) headers.set("Retry-After", retryAfter);
  }
}

/**
 * JSON-LD goes into the head after the render, outside React's tree: React 19
 * skips unknown tags in <head> while hydrating, and the data is not repeated in
 * the hydration data (addStructuredData in app/server/seo.server.ts). Only on
 * pages rendered for nobody signed in: it is for search engines, which read the
 * guests' page, and a member's page (private, never indexed) would carry a
 * discussion's whole text a second time (20 kB of 30 comments).
 */
function withStructuredData(html: Buffer<ArrayBuffer>, items: AppLoadContext["structuredData"]): Buffer<ArrayBuffer> {
  if (!items?.length || viewerSeen()) return html;
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  return Buffer.concat([html.subarray(0, end), Buffer.from(structuredDataScripts(items)), html.subarray(end)]);
}

const GUEST_SCRIPT_TAG = `<script type="module" src="${guestScript}">`;
let guestTemplates: Buffer | undefined;

/**
 * A guest's reading page (decision record 0036) gets the markup its script shows on demand: the cookie
 * banner and settings, the navigation sheet. The same for every page, rendered once; outside the app's
 * tree so that the app's bundle does not carry it for pages that never use it.
 */
function withGuestTemplates(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = html.indexOf(GUEST_SCRIPT_TAG);
  if (at < 0) return html;
  guestTemplates ??= Buffer.from(
    renderToStaticMarkup(
      <MemoryRouter>
        <SheetTemplate />
        <CookieTemplates />
      </MemoryRouter>,
    ),
  );
  return Buffer.concat([html.subarray(0, at), guestTemplates, html.subarray(at)]);
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Not our fault, and not worth a stack per request: server/pages.ts answers with a 503 instead of the render.
  const fault = faultOf(error);
  if (fault) {
    if (context) (context as AppLoadContext).fault = fault;
    logger.warn({ err: error, fault, method: request.method, url: request.url }, "database fault");
    return;
  }
  // React Router's own 4xx (no loader for a GET, no action for a POST) are the client's mistake and answered as such.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, method: request.method, url: request.url }, "request refused");
    return;
  }
  logger.error({ err: error, method: request.method, url: request.url }, "unhandled request error");
};
