export { CANONICAL_ROUTES, canonicalRedirect, MOVED_ROUTES, movedRedirect } from "./canonical-url.server";
export { contentSecurityPolicy, inlineScriptHashes, nonceSource } from "./content-security-policy.server";
export { AUTH_COOKIE_PREFIX } from "./cookie-names.server";
export { isCrossSiteWrite } from "./csrf.server";
export {
  type Database,
  type DatabaseConnection,
  type DatabaseKind,
  onQuery,
  openDatabase,
  type PoolStats,
  type Transaction,
  withPgliteFolder,
} from "./db-connection.server";
export { devMailboxEnabled, env, isProduction } from "./env.server";
export { checkEventListeners, defineEvents, type EventHook } from "./events.server";
export { applyDocumentCaching, GUEST_MAX_AGE_SECONDS, mustNotBeStored, notModified } from "./http-cache.server";
export { LiveStreamLimits, liveStreamTexts, sessionOf } from "./live-stream-limits.server";
export { logger, redactUrl } from "./logger.server";
export { answerMetricsRequests, clusterMetricsGatherer, gatherLocal, serveMetrics } from "./metrics-port.server";
export {
  localMetrics,
  metrics,
  METRICS_CONTENT_TYPE,
  type MetricsJson,
  observeGauge,
  renderMetrics,
  startProcessMetrics,
} from "./metrics.server";
export {
  dispatch,
  done,
  fail,
  type Failure,
  fieldErrorsOf,
  firstMessage,
  forwardCookies,
  type IntentHandlers,
  ok,
  type Outcome,
  reasonForStatus,
  refuse,
  respond,
  respondByRedirect,
} from "./outcome.server";
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
export {
  clientKeyOf,
  createRequestGate,
  createWorkLine,
  outsideGate,
  type RequestGate,
  type Visit,
  VisitEndedError,
  waitOutsideGate,
  withinVisit,
} from "./request-gate.server";
export { AUTH_SECRET_FILE, isAppFileInDataFolder, pgliteFolderOwner, requestDumpFromServer } from "./pglite-folder.server";
export { sharedReads, SharedReads } from "./shared-reads.server";
export { SingleFlight } from "./single-flight.server";
export {
  deleteFileByUrl,
  deleteFolder,
  fileExistsForUrl,
  PRIVATE_STORAGE_PREFIXES,
  putFile,
  readStoredFile,
  STORAGE_URL_PREFIX,
  storageDirectory,
} from "./storage.server";
export { excerpt } from "./text.server";
export { readToast, redirectWithToast, toastCookieHeader } from "./toast.server";
export { noteViewer, renderKey, trackViewer, viewerSeen } from "./viewer-tracking.server";
export {
  faultOf,
  isDatabaseUnavailable,
  lastStorageFailure,
  retryAfterOf,
  unavailableResponse,
  unavailableTexts,
  wantsPage,
  type Fault,
} from "./unavailable.server";
export { nextPause } from "./retry-pause.server";
export { heldForReview, hiddenFromPublic, isHeld, isHidden, visible } from "./visibility.server";
