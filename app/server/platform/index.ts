export { AUTH_COOKIE_PREFIX, mayCarryPersonalCookie, TOAST_COOKIE_NAME } from "./cookie-names.server";
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
export { done, fail, type Failure, failureStatus, type FailureReason, ok, type Outcome, reasonForStatus } from "./outcome.server";
export {
  clientKeyOf,
  clientNetworkOf,
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
  storageImageOrigin,
  storageDirectory,
  moveFormerStorageFolder,
  moveStorageFolder,
} from "./storage.server";
export { isPublicHttpsUrl } from "./public-address.server";
export { excerpt } from "./text.server";
export { noteViewer, renderKey, trackViewer, viewerSeen } from "./viewer-tracking.server";
export {
  faultOf,
  FolderCannotStore,
  isDatabaseUnavailable,
  lastStorageFailure,
  retryAfterOf,
  unavailableResponse,
  unavailableTexts,
  wantsPage,
  type Fault,
} from "./unavailable.server";
export { nextPause } from "./retry-pause.server";
export {
  heldForReview,
  HIDDEN_BY_REPORTS_REASON,
  hiddenFromPublic,
  isHeld,
  isHidden,
  isHiddenByReports,
  isParticipating,
  readableConversation,
  visible,
} from "./visibility.server";
