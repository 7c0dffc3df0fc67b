/**
 * What only the HTTP edge uses (server/ and the routes): the page cache, the request body's limits, CSRF, CSP,
 * canonical addresses, the live stream's limits, toasts across a redirect and the mapping of a write's Outcome to
 * its response. The domains below never answer HTTP; `platform` keeps what every domain needs.
 */
export { CANONICAL_ROUTES, canonicalRedirect, MOVED_ROUTES, movedRedirect } from "./canonical-url.server";
export { contentSecurityPolicy, inlineScriptHashes, nonceSource } from "./content-security-policy.server";
export { isCrossSiteWrite } from "./csrf.server";
export { LiveStreamLimits, liveStreamTexts, sessionOf } from "./live-stream-limits.server";
export { THREAD_DEBOUNCE_MS, ThreadWatchers } from "./thread-watchers.server";
export {
  type CachedPage,
  chooseEncoding,
  compressForCache,
  discussionOfPath,
  guestCookieHeader,
  guestPageKey,
  isNegotiatedPath,
  isShareable,
  PAGE_CACHE_CHANNEL,
  PageCache,
} from "./page-cache.server";
export {
  bodyDeadlineMs,
  bodyLimitFor,
  checkRequestHead,
  drainRequest,
  MAX_DRAIN_BYTES,
  MAX_FORM_BODY_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  readFormData,
  readRequestBody,
  requestErrorTexts,
} from "./request-body.server";
export { readToast, redirectWithToast, toastCookieHeader } from "./toast.server";
export {
  dispatch,
  fieldErrorsOf,
  firstMessage,
  forwardCookies,
  type IntentHandlers,
  refuse,
  respond,
  respondByRedirect,
  type Refusal,
} from "./responses.server";
